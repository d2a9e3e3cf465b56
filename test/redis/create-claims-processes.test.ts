/**
 * Issue 31 (item 2) across two processes: two instances create from one selection token — a
 * double submit — each a child process started from the system's temporary directory with a
 * client of its own. B's create makes a booking; A's create is answered by a load balancer's 502
 * page (nothing made for A). A never adopts B's booking: with Redis (`rateLimits.redis`) B's
 * claim keeps it B's and A ends in CreateOutcomeUnknownError; without a shared store, with
 * `createAdoption: 'shared-store'`, A's error names B's booking as the candidate.
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fareway } from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.js';
import { inDays } from '../helpers/sandbox.js';

const CHILD = fileURLToPath(new URL('./create-token-child.ts', import.meta.url));
const LOADER = pathToFileURL(
  fileURLToPath(new URL('../../node_modules/ts-node/esm.mjs', import.meta.url)),
).href;
const PROJECT = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
const available = hasRedisServer();
if (!available && process.env.CI) throw new Error('redis-server is not on PATH');

interface Answer {
  ok: boolean;
  booking_id?: string;
  reconciled?: boolean;
  error?: string;
  candidates?: string[];
}

/** Starts an instance; `ready` once it has loaded and read the token, `go()` lets it create. */
function startInstance(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--no-warnings', '--loader', LOADER, CHILD], {
    cwd: tmpdir(),
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', TS_NODE_PROJECT: PROJECT, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (stdout.includes('ready')) markReady();
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Answer>((resolve, reject) =>
    child.on('exit', (code) => {
      markReady();
      if (code !== 0) return reject(new Error(`instance exited ${code}: ${stderr}`));
      resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Answer);
    }),
  );
  done.catch(() => undefined); // awaited by the test; never an unhandled rejection meanwhile
  return { ready, done, go: () => child.stdin.end('go\n') };
}

describe.skipIf(!available)('a double submit from one token, in two processes', () => {
  const sandbox = createSandbox({ seed: 3141, optionCount: 6 });
  let served: ListeningSandbox;
  let proxy: FaultProxy;
  let redis: RedisServer;
  let searcher: Fareway;
  beforeAll(async () => {
    served = await sandbox.listen({ rateLimits: false });
    proxy = await startFaultProxy(served.url);
    redis = await startRedisServer();
    // The instances' base URL: a token is bound to the API key and the base URL it was made for.
    searcher = new Fareway({ apiKey: served.apiKey, baseUrl: proxy.url, logger: null, rateLimits: false });
  });
  afterAll(async () => {
    await searcher?.close();
    await proxy?.close();
    await served?.close();
    await redis?.stop();
  });

  it("A's 502 page never adopts B's booking: with Redis, and without it ('shared-store')", async () => {
    const token = async () => {
      const results = await searcher.flights.search({
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: inDays(25),
      });
      return searcher.flights.selectionToken(results.select(results.outbound[0]!));
    };
    const variants = {
      redis: { FW_REDIS_PORT: String(redis.port) },
      none: { FW_ADOPTION: 'shared-store' },
    };
    // Every instance loads at once (the slow part); then each pair creates, B first, A at once after.
    const pairs = await Promise.all(
      Object.entries(variants).map(async ([name, extra]) => {
        const common = { FW_URL: proxy.url, FW_KEY: served.apiKey, FW_TOKEN: await token(), ...extra };
        proxy.plan(`processes/${name}/a`, 'createBooking', 'html-502');
        return {
          name,
          a: startInstance({ ...common, FW_CELL: `processes/${name}/a` }),
          b: startInstance({ ...common, FW_CELL: `processes/${name}/b` }),
        };
      }),
    );
    await Promise.all(pairs.flatMap((p) => [p.a.ready, p.b.ready]));
    for (const { name, a, b } of pairs) {
      b.go();
      const made = await b.done;
      a.go();
      const lost = await a.done;
      expect(made, name).toMatchObject({ ok: true, reconciled: false });
      expect(lost, name).toMatchObject({ ok: false, error: 'CreateOutcomeUnknownError' });
      expect(proxy.forwarded(`processes/${name}/a`, 'createBooking')).toHaveLength(0);
      if (name === 'redis') expect(lost.candidates, name).toEqual([]);
      else expect(lost.candidates, name).toEqual([made.booking_id]);
    }
  }, 60_000);
});
