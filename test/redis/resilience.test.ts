import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLimiter, defaultMarginMs } from '../../src/core/limiter/limiter.ts';
import { keyPrefix } from '../../src/redis/connection.ts';
import {
  freePort,
  hasRedisServer,
  runTsChild,
  startRedisServer,
  type RedisServer,
} from '../helpers/redis.ts';

const available = hasRedisServer();
if (!available && process.env.CI)
  throw new Error('redis-server is not on PATH: the Redis resilience tests cannot run in CI');
const root = fileURLToPath(new URL('../../', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!available)('the shared limiter when things go wrong (real redis-server)', () => {
  let server: RedisServer;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(async () => {
    server = await startRedisServer();
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await server?.stop();
  });
  afterEach(() => {
    expect(unhandled).toEqual([]);
  });

  it("gives a crashed process's tokens back within one window plus the lease", async () => {
    const apiKey = `crash-key-${Date.now()}`;
    const child = spawn(
      process.execPath,
      ['--no-warnings', '--loader', 'ts-node/esm', 'test/redis/crash-child.ts'],
      {
        cwd: root,
        env: {
          ...process.env,
          TS_NODE_TRANSPILE_ONLY: 'true',
          API_KEY: apiKey,
          REDIS_PORT: String(server.port),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((r) => child.once('exit', r));
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (d: Buffer) => d.toString().includes('taken') && resolve()),
    );
    child.kill('SIGKILL');
    await exited;

    const probe = new Redis(server.port, '127.0.0.1');
    const [seconds, micros] = (await probe.time()) as unknown as [string, string];
    const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    const entries = await probe.zrange(`${keyPrefix(apiKey)}:book`, 0, '-1', 'WITHSCORES');
    await probe.quit();
    const dues = entries.filter((_, i) => i % 2 === 1).map(Number);
    expect(dues).toHaveLength(3); // the dead process's requests still hold the budget…
    // …but only until window (1000) + lease (max(2 × margin, window / 4)) after it died.
    const lease = Math.max(2 * defaultMarginMs(1000), 1000 / 4);
    for (const due of dues) expect(due).toBeLessThanOrEqual(now + 1000 + lease + 2);

    const limiter = createLimiter(apiKey, {
      book: { limit: 3, windowMs: 1000 },
      redis: { host: '127.0.0.1', port: server.port },
    });
    await limiter.ready();
    await expect(limiter.schedule('book', async () => 'after the crash')).resolves.toBe('after the crash');
    await limiter.close();
  }, 60_000);

  it('survives Redis dying and coming back mid-run, with per-process limits meanwhile', async () => {
    const port = await freePort();
    let redis = await startRedisServer(port);
    const warnings: string[] = [];
    const infos: string[] = [];
    const limiter = createLimiter(
      'restart-key',
      { search: { limit: 5, windowMs: 200 }, redis: { host: '127.0.0.1', port }, commandTimeoutMs: 300 },
      { warn: (m) => warnings.push(m), info: (m) => infos.push(m) },
    );
    await limiter.ready();
    expect(limiter.mode).toBe('redis');
    let started = 0;
    let restarted: Promise<void> | undefined;
    const calls = Array.from({ length: 40 }, (_, i) =>
      limiter.schedule('search', async (ticket) => {
        if (++started === 10) {
          restarted = redis.stop('SIGKILL').then(async () => {
            await sleep(300);
            redis = await startRedisServer(port);
          });
        }
        await sleep(2);
        ticket.answered(performance.now());
        return i;
      }),
    );
    await expect(Promise.all(calls)).resolves.toHaveLength(40);
    await restarted;
    while (limiter.mode !== 'redis') await sleep(50);
    await expect(limiter.schedule('search', async () => 'shared again')).resolves.toBe('shared again');
    expect(warnings.filter((m) => m.includes('falling back'))).toHaveLength(1);
    expect(infos.some((m) => m.includes('back'))).toBe(true);
    await limiter.close();
    await redis.stop();
  }, 60_000);

  it('hands a named lock to one holder at a time, in one process', async () => {
    const options = { redis: { host: '127.0.0.1', port: server.port } };
    const a = createLimiter('lock-key', options);
    const b = createLimiter('lock-key', options);
    await Promise.all([a.ready(), b.ready()]);
    const lock = await a.lock('book:b-9', 10_000);
    expect(lock).toMatchObject({ release: expect.any(Function) });
    await expect(b.lock('book:b-9', 10_000)).resolves.toBe('held');
    await expect(b.waitUntilFree('book:b-9', 50)).resolves.toBe(false);
    const free = b.waitUntilFree('book:b-9', 20_000);
    await (lock as { release(): Promise<void> }).release();
    await expect(free).resolves.toBe(true);
    const again = await b.lock('book:b-9', 10_000);
    expect(again).not.toBe('held');
    await (again as { release(): Promise<void> }).release();
    await Promise.all([a.close(), b.close()]);
  });

  it.each([
    ['ioredis 6 from options', '', /^6\./],
    ['ioredis 5 clients', 'ioredis-5', /^5\./],
    ['ioredis 6 clients with replyMapping resp3', 'ioredis-6-resp3', /^6\./],
  ])(
    'hands a named lock to one holder at a time, across two processes (%s)',
    async (_, client, version) => {
      const env = {
        API_KEY: `lock-procs-${client}-${Date.now()}`,
        REDIS_PORT: String(server.port),
        IOREDIS_CLIENT: client,
      };
      const children = await Promise.all([
        runTsChild('test/redis/lock-child.ts', env),
        runTsChild('test/redis/lock-child.ts', env),
      ]);
      const holds: Array<[number, number]> = [];
      for (const child of children) {
        expect(child.code, child.stderr).toBe(0);
        const out = JSON.parse(child.stdout) as { holds: Array<[number, number]>; ioredis: string };
        expect(out.ioredis).toMatch(version);
        holds.push(...out.holds);
      }
      expect(holds).toHaveLength(6);
      holds.sort((x, y) => x[0] - y[0]);
      for (let i = 1; i < holds.length; i++)
        expect((holds[i] as [number, number])[0]).toBeGreaterThanOrEqual(
          (holds[i - 1] as [number, number])[1],
        );
    },
    90_000,
  );

  it('has no shared lock, and says so once, while Redis is unreachable', async () => {
    const warnings: string[] = [];
    const limiter = createLimiter(
      'no-store-key',
      { redis: { host: '127.0.0.1', port: await freePort() }, connectTimeoutMs: 300 },
      { warn: (m) => warnings.push(m) },
    );
    await expect(limiter.lock('book:b-1', 1000)).resolves.toBeUndefined();
    await expect(limiter.lock('book:b-1', 1000)).resolves.toBeUndefined();
    expect(warnings.filter((m) => m.includes('lock'))).toHaveLength(1);
    expect(warnings.join(' ')).not.toContain('no-store-key');
    await limiter.close();
  });
});
