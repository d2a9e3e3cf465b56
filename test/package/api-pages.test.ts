/**
 * `npm run docs:api` (in .ci/run) fails when an export of an entry of the package has no page in
 * the API reference: `.ci/api-pages.mjs` walks the exports of `fareway`, `fareway/redis`, `fareway/proxy`,
 * `fareway/http`, `fareway/health` and `fareway/sandbox` and looks each one up in the reference TypeDoc wrote. Shown here on a reference
 * written to .tmp/, then with one page removed.
 */
import { execFile } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const out = '.tmp/api-pages/full';
const cut = '.tmp/api-pages/cut';
const check = (dir: string) =>
  run(process.execPath, ['.ci/api-pages.mjs', dir]).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

beforeAll(async () => {
  rmSync('.tmp/api-pages', { recursive: true, force: true });
  // The same configuration as `npm run docs:api` (typedoc.json), into .tmp/; type errors are tsc's job.
  await run(process.execPath, ['node_modules/typedoc/bin/typedoc', '--out', out, '--skipErrorChecking']);
});

describe('API reference completeness check', () => {
  it('passes when every export of every entry has a page', async () => {
    const r = await check(out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\d+ exports of 6 entries, each with a page/);
  });

  it('fails naming the export whose page is missing (the resource class behind fareway.bookings)', async () => {
    cpSync(out, cut, { recursive: true });
    rmSync(`${cut}/fareway/classes/Bookings.md`);
    const r = await check(cut);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('fareway: the export `Bookings` has no page');
    expect(r.stderr).toContain('broken link: .tmp/api-pages/cut/fareway/classes/Fareway.md → Bookings.md');
  });
});
