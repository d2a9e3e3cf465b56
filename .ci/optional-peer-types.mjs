// Runs after tsup (`npm run build`): msw is an optional peer dependency, so the sandbox's
// declarations must compile without it, even with `skipLibCheck: false`. The bundled .d.ts
// imports msw's types on line 1; a `@ts-ignore` there makes `sandbox.handlers` fall back to `any[]`
// when msw is absent, while projects that have msw keep its exact `RequestHandler[]` type.
import { readFileSync, writeFileSync } from 'node:fs';

const NOTE = '// @ts-ignore -- msw is an optional peer dependency; without it `handlers` is any[].\n';
for (const file of ['dist/sandbox/index.d.ts', 'dist/sandbox/index.d.cts']) {
  const text = readFileSync(file, 'utf8');
  if (text.includes(NOTE)) continue;
  const patched = text.replace(/^import (type )?\{ RequestHandler \} from 'msw';$/m, (line) => NOTE + line);
  if (patched === text) throw new Error(`${file}: the msw type import was not found (did the build change?)`);
  writeFileSync(file, patched);
}
