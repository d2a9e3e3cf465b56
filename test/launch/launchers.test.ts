/**
 * Any launcher (issue 30): the BUILT package, in an application started from a launcher in another
 * directory, with the working directory elsewhere again, in both module systems, and as workers
 * forked by a process manager whose scripts live in a third directory. None of these scripts sits
 * beside a node_modules: whatever Fareway loads at run time (ioredis, undici, @opentelemetry/api,
 * fareway/redis, fareway/proxy) is found from Fareway's own installation. Each run shares its
 * budget through a real redis-server (a URL string, db 5: the keys appear there), sends through a
 * real forward proxy and delivers its spans to its own tracer provider; the several processes of
 * the forked run get 0 × 429 from a strict service on 127.0.0.1. 1.1 lost all three here.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasRedisServer, maxInAnyWindow, startRedisServer, type RedisServer } from '../helpers/redis.ts';
import { startProxy, type ForwardProxy } from '../proxy/forward-proxy.ts';
import { captureSearchBody, startStrictServer, type StrictServer } from '../redis/strict-server.ts';
import * as files from './fixtures.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const available = hasRedisServer();
if (!available && process.env.CI)
  throw new Error('redis-server is not on PATH: the launcher tests cannot run in CI');

const LIMIT = 8;
const WINDOW_MS = 1000;
const DB = 5;

interface AppOut {
  pid: number;
  failures: number;
  rateLimited: number;
  warnings: string[];
  spans: Array<{ name: string; status?: number }>;
}

let base: string;
const dir = (name: string) => join(base, name);
let redis: RedisServer;
let proxy: ForwardProxy;
let service: StrictServer;
let events: Redis;
/** Keys the budget wrote in db 5 of the test's own Redis (keyspace notifications). */
const touched = new Set<string>();

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'fareway-launch-'));
  for (const d of ['app', 'launch', 'workers', 'cwd']) mkdirSync(dir(d));
  // The application's installation: fareway only (this repository, built: dist/).
  mkdirSync(dir('app/node_modules'));
  symlinkSync(root, dir('app/node_modules/fareway'), 'dir');
  writeFileSync(dir('app/app.mjs'), files.appEsm);
  writeFileSync(dir('app/app.cjs'), files.appCjs);
  writeFileSync(dir('launch/launch.mjs'), files.launchEsm);
  writeFileSync(dir('launch/launch.cjs'), files.launchCjs);
  writeFileSync(dir('launch/fork.mjs'), files.forkLauncher);
  writeFileSync(dir('workers/worker.mjs'), files.workerEsm);
  writeFileSync(dir('workers/worker.cjs'), files.workerCjs);
  writeFileSync(
    dir('launch/hide-peers.mjs'),
    `import { hidePackages } from ${JSON.stringify(join(root, 'test/package/hide-package.mjs'))};\n` +
      `hidePackages(/^(ioredis|undici|@opentelemetry\\/api)(\\/|$)/, 'launchers.test.ts');\n`,
  );
  if (!available) return;
  [redis, service] = await Promise.all([
    startRedisServer(),
    captureSearchBody().then((body) => startStrictServer({ limit: LIMIT, windowMs: WINDOW_MS, body })),
  ]);
  events = new Redis({ host: '127.0.0.1', port: redis.port });
  await events.config('SET', 'notify-keyspace-events', 'K$z');
  events.on('pmessage', (_pattern, channel: string) => touched.add(channel));
  await events.psubscribe(`__keyspace@${DB}__:{fareway:*`);
});
beforeEach(async () => {
  proxy = await startProxy();
  service?.reset();
  touched.clear();
  return () => proxy.close();
});
afterAll(async () => {
  events?.disconnect();
  await Promise.all([redis?.stop(), service?.close()]);
  rmSync(base, { recursive: true, force: true });
});

/** Runs `script` with node from the working directory `cwd/`; its last line of output, parsed. */
async function launch<T>(args: string[], env: Record<string, string>): Promise<T> {
  const { stdout } = await run(process.execPath, args, {
    cwd: dir('cwd'),
    env: {
      ...process.env,
      API_KEY: 'test_key_launchers_30',
      SERVICE_URL: service?.url ?? 'http://127.0.0.1:9',
      PROXY_URL: proxy.url,
      REDIS_URL: redis ? `${redis.url}/${DB}` : '',
      LIMIT: String(LIMIT),
      WINDOW_MS: String(WINDOW_MS),
      CWD: dir('cwd'),
      APP_ESM: dir('app/app.mjs'),
      APP_CJS: dir('app/app.cjs'),
      ...env,
    },
    timeout: 60_000,
  }).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`${error.message}\n${String(error.stderr).slice(-3000)}`);
  });
  return JSON.parse(stdout.trim().split('\n').pop() as string) as T;
}

/** Every process shared one budget: no warning, no failure, no 429; its spans, its proxy, its keys. */
function expectShared(outs: AppOut[], count: number) {
  for (const out of outs) {
    expect(out.warnings).toEqual([]);
    expect(out.failures).toBe(0);
    expect(out.rateLimited).toBe(0);
    expect(out.spans).toEqual(
      Array.from({ length: count }, () => ({ name: 'fareway.flights.search', status: 200 })),
    );
  }
  const total = outs.length * count;
  expect(service.refused()).toBe(0);
  expect(service.accepted).toHaveLength(total);
  expect(maxInAnyWindow(service.accepted, WINDOW_MS)).toBeLessThanOrEqual(LIMIT);
  expect(proxy.requests.filter((r) => r.startsWith('POST http://127.0.0.1'))).toHaveLength(total);
  expect([...touched].some((channel) => channel.endsWith(':search'))).toBe(true);
}

describe.skipIf(!available)(
  'an application started from a launcher in another directory (built package)',
  () => {
    it('ESM: shares its Redis budget, uses its proxy, delivers its spans', async () => {
      const out = await launch<AppOut>([dir('launch/launch.mjs')], { APP: dir('app/app.mjs'), COUNT: '10' });
      expectShared([out], 10);
    });

    it('CommonJS: shares its Redis budget, uses its proxy, delivers its spans', async () => {
      const out = await launch<AppOut>([dir('launch/launch.cjs')], { APP: dir('app/app.cjs'), COUNT: '10' });
      expectShared([out], 10);
    });

    it('three workers forked by a process manager (ESM and CommonJS): one budget, 0 × 429', async () => {
      const workers = ['workers/worker.mjs', 'workers/worker.cjs', 'workers/worker.mjs'].map(dir);
      const outs = await launch<AppOut[]>([dir('launch/fork.mjs')], {
        WORKERS: JSON.stringify(workers),
        COUNT: '8',
      });
      expect(new Set(outs.map((o) => o.pid)).size).toBe(3);
      expectShared(outs, 8);
    });
  },
);

describe('a peer that cannot be loaded is a ConfigurationError at construction, naming it', () => {
  for (const [format, app] of [
    ['ESM', 'app/app.mjs'],
    ['CommonJS', 'app/app.cjs'],
  ] as const)
    it(format, async () => {
      const refusals = ['redis', 'proxy', 'tracer'];
      const launcher = format === 'ESM' ? 'launch/launch.mjs' : 'launch/launch.cjs';
      const outs = await launch<Array<{ name: string; message: string } | null>>(
        ['--import', dir('launch/hide-peers.mjs'), dir(launcher)],
        { APP: dir(app), REFUSALS: JSON.stringify(refusals) },
      );
      expect(outs.map((o) => o?.name)).toEqual([
        'ConfigurationError',
        'ConfigurationError',
        'ConfigurationError',
      ]);
      const [redisError, proxyError, tracingError] = outs.map((o) => o!.message);
      expect(redisError).toMatch(/`ioredis`.*npm install ioredis/s);
      expect(redisError).not.toMatch(/unavailable/i);
      expect(proxyError).toMatch(/`undici`.*npm install undici/s);
      expect(tracingError).toMatch(/`@opentelemetry\/api`.*npm install @opentelemetry\/api/s);
    });
});
