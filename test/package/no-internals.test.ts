/**
 * A public surface that is only public (issue 34): the BUILT declarations of every entry (.d.ts and
 * .d.cts, shared chunks included) and every API report under api/ declare no internal class,
 * interface or type — none of src/ that no entry exports (`Call`, `Requester`, `Transport`,
 * `ClientContext`, `Registry`, `Limiter`, `BooksInFlight`, …). Run after `npm run build`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DERIVED_HELPERS } from '../../.ci/api-report.mjs';

const root = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return filesUnder(file, keep);
    return keep(file) ? [file] : [];
  });
}

const reports = filesUnder(path.join(root, 'api'), (f) => f.endsWith('.api.md'));
const declarations = filesUnder(path.join(root, 'dist'), (f) => /\.d\.c?ts$/.test(f) && !f.includes('/cli/'));

/**
 * Every name an entry exports, as its report lists it (`npm run api:check` keeps them true);
 * a name that collides with a global is exported as `export { Selection_2 as Selection }`.
 */
const PUBLIC = new Set(
  reports.flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(
        /^export (?:(?:declare )?(?:abstract )?(?:class|interface|type|function|const|enum|namespace) (\w+)|\{ \w+ as (\w+) \})/gm,
      ),
    ].map((m) => (m[1] ?? m[2])!),
  ),
);

/** Every class, interface and type alias declared in src/ (exported from its module or not). */
const DECLARED_IN_SRC = new Set(
  filesUnder(path.join(root, 'src'), (f) => f.endsWith('.ts')).flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(
        /^(?:export )?(?:declare )?(?:abstract )?(?:class|interface|type) (\w+)/gm,
      ),
    ].map((m) => m[1]!),
  ),
);

/** The internal names: declared in src/, exported by no entry (the generic helpers of derived types aside). */
const INTERNAL = [...DECLARED_IN_SRC].filter((n) => !PUBLIC.has(n) && !DERIVED_HELPERS.includes(n));

/** The internal names `text` declares (`declare class Call`, `interface Requester`, `type Plan =`). */
export function internalsDeclared(text: string, internal: readonly string[] = INTERNAL): string[] {
  const declared = new Set(
    [...text.matchAll(/^\s*(?:export )?(?:declare )?(?:abstract )?(?:class|interface|type) (\w+)/gm)].map(
      (m) => m[1]!,
    ),
  );
  return internal.filter((n) => declared.has(n));
}

describe('no internal type in what ships', () => {
  it('the internal names are derived from src/ and include the known ones', () => {
    for (const name of [
      'Call',
      'Requester',
      'Transport',
      'ClientContext',
      'Registry',
      'Limiter',
      'BooksInFlight',
    ])
      expect(INTERNAL).toContain(name);
    // Public names are not on the list.
    for (const name of ['Bookings', 'Flights', 'Airports', 'Deadline', 'FarewayPromise', 'SearchResults'])
      expect(INTERNAL).not.toContain(name);
  });

  it('finds a leak: the declarations 1.1 shipped for the resource classes', () => {
    // As api/fareway.api.md of 1.1.0 declared them (the constructor's ClientContext reached them).
    const v11 = [
      'class Requester {',
      '    constructor(transport: Transport, limiter: Limiter, config: RequesterConfig, tracing: Tracing);',
      '}',
      'interface ClientContext {',
      '    requester: Requester;',
      '}',
      'export class Bookings {',
      '    constructor(ctx: ClientContext);',
      '}',
    ].join('\n');
    expect(internalsDeclared(v11)).toEqual(expect.arrayContaining(['Requester', 'ClientContext']));
    expect(internalsDeclared(v11)).not.toContain('Bookings');
  });

  it('finds the built declarations of every entry and every report', () => {
    expect(declarations.map((f) => path.relative(root, f))).toEqual(
      expect.arrayContaining([
        'dist/index.d.ts',
        'dist/index.d.cts',
        'dist/redis.d.ts',
        'dist/proxy.d.ts',
        'dist/http.d.ts',
        'dist/health.d.ts',
        'dist/sandbox/index.d.ts',
      ]),
    );
    expect(reports).toHaveLength(6);
  });

  it('declares the classes the client builds with a private constructor (none is offered to callers)', () => {
    for (const file of ['dist/index.d.ts', 'dist/index.d.cts']) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const name of ['Bookings', 'Flights', 'Airports', 'SearchResults', 'Page']) {
        const body = text.slice(text.search(new RegExp(`declare class ${name}\\b`)));
        const own = body.slice(0, body.indexOf('\n}'));
        expect(own, `${file}: ${name}`).toMatch(/\n\s+private constructor\(\);/);
      }
    }
  });

  for (const file of [...declarations, ...reports]) {
    it(`${path.relative(root, file)} declares no internal class, interface or type`, () => {
      expect(internalsDeclared(readFileSync(file, 'utf8'))).toEqual([]);
    });
  }
});
