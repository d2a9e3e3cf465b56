/**
 * Blocks the docs include from tested files (see includes.ts) are those files, whole. The recipes
 * of docs/web-backend.md, docs/testing.md and docs/production.md run as the express-backend
 * consumer fixture, those of docs/nestjs.md and docs/fastify.md as nest-backend and
 * fastify-backend, so a doc cannot drift from the code that runs.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { docFiles, extractBlocks } from './extract.js';
import { extractIncludes, includeProblem } from './includes.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const includes = docFiles(root).flatMap((f) => extractIncludes(root, f));
const fixture = 'test/consumers/express-backend';

describe('blocks included from files', () => {
  it('the web-backend recipes are included from the fixture that runs them', () => {
    const paths = new Set(includes.map((i) => i.path));
    for (const file of [
      'src/app.ts',
      'src/shutdown.ts',
      'src/server.ts',
      'src/tracing.ts',
      'test/harness.ts',
    ])
      expect(paths, file).toContain(`${fixture}/${file}`);
  });

  it('the NestJS and Fastify recipes are included from the fixtures that run them', () => {
    const paths = new Set(includes.map((i) => i.path));
    const recipes = {
      'test/consumers/nest-backend': [
        'src/fareway.module.ts',
        'src/fareway-exception.filter.ts',
        'src/bookings.controller.ts',
        'src/app.module.ts',
        'src/main.ts',
        'test/app.test.ts',
        'test/shutdown.test.ts',
      ],
      'test/consumers/fastify-backend': [
        'src/fareway-plugin.ts',
        'src/app.ts',
        'src/server.ts',
        'test/app.test.ts',
        'test/shutdown.test.ts',
      ],
    };
    for (const [dir, files] of Object.entries(recipes))
      for (const file of files) expect(paths, `${dir}/${file}`).toContain(`${dir}/${file}`);
  });

  for (const inc of includes)
    it(`${inc.file}:${inc.line} is ${inc.path}`, () => {
      expect(includeProblem(root, inc) ?? '').toBe('');
    });

  it('an included ts block is not compiled again by the docs test (it runs in its fixture)', () => {
    for (const inc of includes.filter((i) => i.path.endsWith('.ts'))) {
      const block = extractBlocks(root, inc.file).find((b) => b.code === inc.code);
      expect(block?.mode, `${inc.file}:${inc.line}`).toBe('skip');
    }
  });

  it("production.md's install line is the OpenTelemetry package set the fixture installs", () => {
    const pkg = JSON.parse(readFileSync(join(root, fixture, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const installed = Object.entries(pkg.dependencies)
      .filter(([name]) => name.startsWith('@opentelemetry/'))
      .map(([name, range]) => `${name}@${range}`)
      .sort();
    const line = /^npm install (@opentelemetry\/.*)$/m.exec(
      readFileSync(join(root, 'docs/production.md'), 'utf8'),
    );
    expect(line?.[1]?.split(/\s+/).sort()).toEqual(installed);
  });
});

describe('the include check itself', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fareway-includes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'code.ts'), 'export const a = 1;\nexport const b = 2;\n');
  const doc = (body: string) => {
    writeFileSync(join(dir, 'docs/x.md'), body);
    return extractIncludes(dir, 'docs/x.md');
  };

  it('passes a block that is the file', () => {
    const [inc] = doc(
      '# X\n\n<!-- include: code.ts -->\n\n```ts\nexport const a = 1;\nexport const b = 2;\n```\n',
    );
    expect(inc && includeProblem(dir, inc)).toBeUndefined();
  });

  it('fails a block that differs from its file, naming the line', () => {
    const [inc] = doc('<!-- include: code.ts -->\n```ts\nexport const a = 1;\nexport const b = 3;\n```\n');
    expect(inc && includeProblem(dir, inc)).toMatch(
      /docs\/x\.md:1: the block differs from code\.ts at its line 2/,
    );
  });

  it('fails a marker with no block, and a missing file', () => {
    const [none] = doc('<!-- include: code.ts -->\n\nSome text.\n');
    expect(none && includeProblem(dir, none)).toMatch(/no fenced block/);
    const [missing] = doc('<!-- include: gone.ts -->\n```ts\n```\n');
    expect(missing && includeProblem(dir, missing)).toMatch(/gone\.ts does not exist/);
  });
});
