/**
 * The house rules of docs/architecture.md that a reader cannot keep by eye: no import cycles
 * among src/ files (type-only imports and re-exports included, as madge counts them), and no
 * src/ file much over 300 lines once formatted (prettier --check runs in npm test).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

/** Relative imports and re-exports of a file (`import`, `import type`, `export … from`), resolved. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gms)) {
    out.push(resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')));
  }
  for (const m of text.matchAll(/^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm))
    out.push(resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')));
  return out;
}

describe('the layout of src/', () => {
  const all = files(src);

  it('has no import cycle (type-only imports included)', () => {
    const graph = new Map(all.map((f) => [f, importsOf(f).filter((t) => all.includes(t))]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      path.push(f);
      for (const next of graph.get(f) ?? []) {
        if (state.get(next) === 'open')
          cycles.push([...path.slice(path.indexOf(next)), next].map((p) => relative(src, p)).join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      path.pop();
      state.set(f, 'done');
    };
    for (const f of all) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });

  it('finds the imports it judges (the check itself can fail)', () => {
    const request = all.find((f) => f.endsWith('core/call/requester.ts'))!;
    expect(importsOf(request).map((p) => relative(src, p))).toEqual(
      expect.arrayContaining(['core/call/call.ts', 'core/wire/transport.ts']),
    );
  });

  it('keeps every file within about 300 lines', () => {
    const long = all
      .map((f) => ({ file: relative(src, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > 310);
    expect(long).toEqual([]);
  });
});
