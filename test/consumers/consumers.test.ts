/**
 * Fresh projects install their own dependencies (peers included) and then the packed tarball, with
 * today's registry versions, and run a booking flow (see run.mjs and each fixture's package.json
 * `consumer` script). Slow and needs the npm registry: `npm run test:consumers`. The suite runs on
 * whichever Node runs vitest (the matrix puts each Node line first on PATH); every fixture must
 * report that same Node, from npm and from the app or test itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.js';
// @ts-expect-error -- plain .mjs runner without declarations
import { fixtures, pack, peerProblems, runFixture } from './run.mjs';

const work = mkdtempSync(join(tmpdir(), 'fareway-consumers-'));
let tarball = '';
// A real redis-server (REDIS_PORT): esm-nodenext (ioredis 6) and cjs-require (ioredis 5) then run
// two processes that share one budget and the book lock; the jest fixture shares its limits too.
const withRedis = hasRedisServer();
if (!withRedis && process.env.CI)
  throw new Error('redis-server is not on PATH: the consumer Redis checks cannot run in CI');
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
const PNR = /^PNR: [A-Z0-9]{6}$/m;

/** The Redis half of an app fixture: two processes, one budget of 3, one book request for two. */
const redisPart = (ioredisMajor: number): RegExp[] =>
  withRedis
    ? [
        new RegExp(`^redis: ioredis ${ioredisMajor}\\.\\d+\\.\\d+, redis-server \\S+$`, 'm'),
        /^redis: shared search budget \(limit 3\): 3 of 6 searches sent by 2 processes, 3 held back; sandbox saw 3; Redis window holds 3$/m,
        /^redis: book lock: 2 processes booked one booking with 1 book request; PNR [A-Z0-9]{6} for both \(the second waited, then reconciled\)$/m,
      ]
    : [/^redis: skipped \(REDIS_PORT is not set\)$/m];

const expectations: Record<string, RegExp[]> = {
  'esm-nodenext': [PNR, ...redisPart(6)],
  'cjs-require': [PNR, ...redisPart(5)],
  tsx: [PNR],
  'cjs-ts-node': [PNR],
  'vitest-msw': [/^node v\S+, msw 3\.\d+\.\d+$/m, /^ {6}Tests {2}2 passed \(2\)$/m],
  'vitest-msw2': [/^node v\S+, msw 2\.15\.\d+$/m, /^ {6}Tests {2}2 passed \(2\)$/m],
  'jest-ts-jest': [withRedis ? /^Tests: +3 passed, 3 total$/m : /^Tests: +1 skipped, 2 passed, 3 total$/m],
  // jest prints console.log indented under a "console.log" heading
  'jest-esm': [
    /^ +node v\S+, msw 3\.\d+\.\d+, @nestjs\/common 12\.\d+\.\d+$/m,
    /^ +PNR: [A-Z0-9]{6}$/m,
    /^ +nest: LOG \[Fareway\] retrying POST \/v1\/flights\/search\/ …$/m,
    /^Tests: +4 passed, 4 total$/m,
  ],
  'esbuild-bundle': [/^esbuild 0\.\d+\.\d+: \d+ inputs bundled into out\/app\.mjs$/m, PNR],
  'bin-no-msw': [PNR, /^fareway CLI: doctor passed, bookings get shows PNR [A-Z0-9]{6}$/m],
  'express-backend': [
    /^node v\S+, msw 3\.\d+\.\d+$/m,
    PNR,
    /^shutdown: book answered \(PNR [A-Z0-9]{6}\) after SIGTERM, exit code 0$/m,
    /^ {6}Tests {2}9 passed \(9\)$/m,
  ],
  'fastify-backend': [
    /^node v\S+, fastify 5\.\d+\.\d+$/m,
    PNR,
    /^shutdown: confirm answered \(PNR [A-Z0-9]{6}\) after SIGTERM, exit code 0$/m,
    /^ℹ pass 4$/m,
    /^ℹ fail 0$/m,
  ],
  'nest-backend': [
    /^node v\S+, nest 12\.\d+\.\d+$/m,
    PNR,
    /^shutdown: confirm answered \(PNR [A-Z0-9]{6}\) after SIGTERM, exit code 0$/m,
    /^ℹ pass 3$/m,
    /^ℹ fail 0$/m,
  ],
  otel: [
    PNR,
    /^spans: fareway\.flights\.search, fareway\.bookings\.create, fareway\.bookings\.savePassengers, fareway\.bookings\.book; 4 fetch spans under them$/m,
  ],
};

describe('consumer projects from the packed tarball', () => {
  it('covers every fixture directory', () => {
    expect([...(fixtures as string[])].sort()).toEqual(Object.keys(expectations).sort());
  });

  it('tells peer problems in npm output from other warnings', () => {
    const problems = peerProblems as (output: string) => string[];
    expect(
      problems('npm error code ERESOLVE\nnpm error ERESOLVE unable to resolve dependency tree'),
    ).toHaveLength(2);
    expect(problems('npm warn ERESOLVE overriding peer dependency')).toHaveLength(1);
    expect(problems('npm warn Conflicting peer dependency: msw@2.14.0')).toHaveLength(1);
    expect(problems('npm error peerOptional msw@"^2.15.0 || ^3.0.0" from fareway@0.1.0')).toHaveLength(1);
    expect(
      problems(
        'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported\nadded 12 packages in 2s',
      ),
    ).toEqual([]);
  });

  for (const [name, expected] of Object.entries(expectations)) {
    it(`${name}: installs its peers, then the tarball, and runs a booking flow on this Node`, () => {
      const { ok, output } = run(name, tarball, work);
      // Warnings that are not about peers (deprecations, install scripts) pass, and are shown.
      const warnings = [...new Set(output.split('\n').filter((line) => /^npm warn \S+ +\S/i.test(line)))];
      if (warnings.length)
        process.stdout.write(`${name}, npm warnings (not about peers):\n  ${warnings.join('\n  ')}\n`);
      expect(ok, output).toBe(true);
      expect(output).toContain(`npm runs on node ${process.version}\n`);
      // The app or test prints the Node it runs on; so do child processes of the app.
      const nodes = [...output.matchAll(/^ *node (v\d+\.\d+\.\d+)\b/gm)].map((m) => m[1]);
      expect(nodes.length, output).toBeGreaterThan(0);
      expect(new Set(nodes), output).toEqual(new Set([process.version]));
      for (const re of expected) expect(output, output).toMatch(re);
    });
  }
});
