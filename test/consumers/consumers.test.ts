/**
 * Fresh projects install the packed tarball and run a booking flow (see run.mjs and each
 * fixture's package.json `consumer` script). Slow and needs the npm registry: `npm run test:consumers`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.js';
// @ts-expect-error -- plain .mjs runner without declarations
import { fixtures, pack, runFixture } from './run.mjs';

const work = mkdtempSync(join(tmpdir(), 'fareway-consumers-'));
let tarball = '';
// The jest fixture also shares its limits through a real Redis (REDIS_PORT) when one can start.
const withRedis = hasRedisServer();
let redis: RedisServer | undefined;
beforeAll(async () => {
  tarball = (pack as (dest: string) => string)(work);
  if (withRedis) {
    redis = await startRedisServer();
    process.env.REDIS_PORT = String(redis.port);
  }
});
afterAll(async () => {
  delete process.env.REDIS_PORT;
  await redis?.stop();
  rmSync(work, { recursive: true, force: true });
});

const run = runFixture as (name: string, tarball: string, work: string) => { ok: boolean; output: string };

const expectations: Record<string, RegExp> = {
  'esm-nodenext': /PNR: [A-Z0-9]{6}/,
  'cjs-ts-node': /PNR: [A-Z0-9]{6}/,
  'bin-no-msw': /PNR: [A-Z0-9]{6}/,
  'esbuild-bundle': /PNR: [A-Z0-9]{6}/,
  'jest-ts-jest': withRedis ? /Tests:\s+3 passed, 3 total/ : /Tests:\s+1 skipped, 2 passed, 3 total/,
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
