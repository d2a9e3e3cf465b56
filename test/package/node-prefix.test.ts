/**
 * dist/ names every Node builtin with its `node:` prefix. A bare `timers/promises` loads in
 * Cloudflare Workers only from compatibility date 2024-09-23 with `nodejs_compat` (2026-08-04
 * without): `node:timers/promises` loads wherever `nodejs_compat` is on. tsup strips the prefix
 * unless `removeNodeProtocol: false` (tsup.config.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Every module specifier a JavaScript file names: static and side-effect imports, re-exports, import(), require(). */
function specifiers(code: string): string[] {
  const patterns = [
    /\bfrom\s*(["'])([^"'\n]+)\1/g,
    /\bimport\s*(["'])([^"'\n]+)\1/g,
    /\bimport\s*\(\s*(["'])([^"'\n]+)\1\s*\)/g,
    /\brequire\s*\(\s*(["'])([^"'\n]+)\1\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[2] as string));
}

/** The bare builtin specifiers of code (`timers/promises`, not `node:timers/promises`). */
function bareBuiltins(code: string): string[] {
  return specifiers(code).filter((s) => !s.startsWith('node:') && isBuiltin(s));
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.(c|m)?js$/.test(d.name))
    .map((d) => join(d.parentPath, d.name));
}

describe('dist/ keeps the node: prefix', () => {
  it('the scanner finds every form of a bare builtin (and leaves prefixed and package specifiers alone)', () => {
    const code = [
      `import { a } from 'timers/promises';`,
      `import"crypto";`,
      `export { b } from "util";`,
      `const c = require("diagnostics_channel");`,
      `const d = await import('module');`,
      `import { e } from 'node:path';`,
      `const f = require('node:http');`,
      `import ky from 'ky';`,
    ].join('\n');
    expect(bareBuiltins(code)).toEqual([
      'timers/promises',
      'util',
      'crypto',
      'module',
      'diagnostics_channel',
    ]);
  });

  it('no file in dist/ imports or requires a Node builtin without `node:`', () => {
    const files = jsFiles(dist);
    expect(files.length).toBeGreaterThan(5);
    const bare = files.flatMap((file) =>
      bareBuiltins(readFileSync(file, 'utf8')).map((s) => `${relative(dist, file)}: ${s}`),
    );
    expect(bare).toEqual([]);
  });
});
