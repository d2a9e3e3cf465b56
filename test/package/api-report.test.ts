/**
 * The public API report (issue 26): `npm run api:check` (in `npm test`, after the build) fails when
 * the exported API of an entry no longer matches its committed report under api/. Shown here on a
 * fixture (test/fixtures/api-report/): `changed.d.ts` renames one option against the committed
 * `fixture.api.md`, `unchanged.d.ts` is the API that report was written from.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ENTRIES, runEntry } from '../../.ci/api-report.mjs';

const run = promisify(execFile);
const fixture = 'test/fixtures/api-report';
const check = (types: string) =>
  run(process.execPath, [
    '.ci/api-report.mjs',
    'check',
    `${fixture}/${types}`,
    `${fixture}/fixture.api.md`,
  ]).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

describe('API report check', () => {
  it('fails on a changed export whose report was not updated, with a readable diff', async () => {
    const r = await check('changed.d.ts');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `The public API of ${fixture}/changed.d.ts changed; ${fixture}/fixture.api.md is out of date`,
    );
    // The committed line, then the built one, in their context.
    expect(r.stderr).toMatch(
      /export interface SearchOptions \{\n- {5}limit\?: number;\n\+ {5}maxResults\?: number;\n {2}\}/,
    );
    expect(r.stderr).toContain('npm run api:update');
  });

  it('passes when the report matches the API it was written from', async () => {
    const r = await check('unchanged.d.ts');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('does not rewrite the committed report when it only checks', () => {
    const before = readFileSync(`${fixture}/fixture.api.md`, 'utf8');
    expect(
      runEntry({
        types: 'changed.d.ts',
        report: 'fixture.api.md',
        projectFolder: fixture,
        reportFolder: fixture,
      }).ok,
    ).toBe(false);
    expect(readFileSync(`${fixture}/fixture.api.md`, 'utf8')).toBe(before);
    expect(before).toContain('limit?: number;');
  });

  it('covers every entry of package.json exports, each with a committed report', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      exports: Record<string, { import?: { types?: string } }>;
    };
    const typed = Object.entries(pkg.exports)
      .filter(([, v]) => typeof v === 'object' && v.import?.types)
      .map(([k, v]) => ({
        name: k === '.' ? 'fareway' : `fareway/${k.slice(2)}`,
        types: v.import?.types?.slice(2),
      }));
    expect(ENTRIES.map((e) => ({ name: e.name, types: e.types }))).toEqual(typed);
    for (const e of ENTRIES) expect(existsSync(`api/${e.report}`), e.report).toBe(true);
  });
});
