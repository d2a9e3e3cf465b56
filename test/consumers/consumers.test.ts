/**
 * Fresh projects install the packed tarball and run a booking flow (see run.mjs and each
 * fixture's package.json `consumer` script). Slow and needs the npm registry: `npm run test:consumers`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain .mjs runner without declarations
import { fixtures, pack, runFixture } from './run.mjs';

const work = mkdtempSync(join(tmpdir(), 'fareway-consumers-'));
let tarball = '';
beforeAll(() => {
  tarball = (pack as (dest: string) => string)(work);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = runFixture as (name: string, tarball: string, work: string) => { ok: boolean; output: string };

const expectations: Record<string, RegExp> = {
  'esm-nodenext': /PNR: [A-Z0-9]{6}/,
  'cjs-ts-node': /PNR: [A-Z0-9]{6}/,
  'bin-no-msw': /PNR: [A-Z0-9]{6}/,
  'esbuild-bundle': /PNR: [A-Z0-9]{6}/,
  'jest-ts-jest': /Tests:\s+2 passed, 2 total/,
  'vitest-msw': /Tests\s+2 passed \(2\)/,
};

describe('consumer projects from the packed tarball', () => {
  it('covers every fixture directory', () => {
    expect([...(fixtures as string[])].sort()).toEqual(Object.keys(expectations).sort());
  });

  for (const [name, expected] of Object.entries(expectations)) {
    it(`${name}: installs the tarball and runs a booking flow`, () => {
      const { ok, output } = run(name, tarball, work);
      expect(output).toMatch(expected);
      expect(ok, output).toBe(true);
    });
  }
});
