import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimiter } from '../../src/core/limiter/limiter.ts';
import {
  freePort,
  hasRedisServer,
  maxInAnyWindow,
  runTsChild,
  startRedisServer,
  type RedisServer,
} from '../helpers/redis.ts';

const available = hasRedisServer();
if (!available && process.env.CI) {
  throw new Error('redis-server is not on PATH: the shared rate-limit tests cannot run in CI without it');
}
if (!available) console.warn('skipping Redis limiter tests: redis-server is not on PATH');

describe.skipIf(!available)('createLimiter with Redis (real redis-server)', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  // Both ends of the peer range: ioredis 6 loaded by the SDK from options, and clients of 5 and 6
  // (RESP2, RESP3 with legacy replies, RESP3 with resp3 replies) passed in.
  it.each([
    ['options (the SDK loads ioredis 6)', '', /^6\./],
    ['an ioredis 5 client', 'ioredis-5', /^5\./],
    ['an ioredis 6 client (RESP3)', 'ioredis-6', /^6\./],
    ['an ioredis 6 client with replyMapping resp3', 'ioredis-6-resp3', /^6\./],
  ])(
    'shares one sliding-window budget across processes, given %s',
    async (_, client, version) => {
      const limit = 10;
      const windowMs = 1000;
      const key = `secret-api-key-${Date.now()}`;
      const children = await Promise.all(
        Array.from({ length: 3 }, () =>
          runTsChild('test/redis/hammer-child.ts', {
            FAREWAY_TEST_KEY: key,
            LIMIT: String(limit),
            WINDOW_MS: String(windowMs),
            JOBS: '10',
            REDIS_PORT: String(server.port),
            IOREDIS_CLIENT: client,
          }),
        ),
      );
      const starts: number[] = [];
      for (const child of children) {
        expect(child.code, child.stderr).toBe(0); // each exited by itself after close()
        const out = JSON.parse(child.stdout) as {
          mode: string;
          starts: number[];
          warnings: string[];
          ioredis: string;
        };
        expect(out.ioredis).toMatch(version);
        expect(out.mode).toBe('redis');
        expect(out.warnings).toEqual([]);
        starts.push(...out.starts);
      }
      expect(starts).toHaveLength(30);
      expect(maxInAnyWindow(starts, windowMs)).toBeLessThanOrEqual(limit);

      const probe = new Redis(server.port, '127.0.0.1');
      const keys = await probe.keys('*');
      await probe.quit();
      expect(keys.length).toBeGreaterThan(0);
      for (const k of keys) expect(k).not.toContain(key);
    },
    90_000,
  );

  it('uses a passed-in ioredis client and leaves it open on close()', async () => {
    const client = new Redis(server.port, '127.0.0.1');
    const limiter = createLimiter('client-key', { search: { limit: 3, windowMs: 500 }, redis: client });
    await limiter.ready();
    expect(limiter.mode).toBe('redis');
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, () => limiter.schedule('search', async () => starts.push(Date.now()))),
    );
    expect(maxInAnyWindow(starts, 500)).toBeLessThanOrEqual(3);
    await limiter.close();
    expect(await client.ping()).toBe('PONG');
    await client.quit();
  });

  it('hands the tokens of a closed process back through Redis when they are due, not before', async () => {
    const options = {
      book: { limit: 3, windowMs: 500 },
      marginMs: 20,
      redis: { host: '127.0.0.1', port: server.port },
    };
    const a = createLimiter('handoff-key', options);
    await a.ready();
    const sent = await Promise.all(
      Array.from({ length: 3 }, () => a.schedule('book', async () => Date.now())),
    );
    await a.close(); // its 3 tokens are still out for ~520 ms
    const b = createLimiter('handoff-key', options);
    await b.ready();
    const startedAt = await b.schedule('book', async () => Date.now());
    expect(startedAt - Math.max(...sent)).toBeGreaterThanOrEqual(500);
    await b.close();
  });

  it('shares a pause between processes through Redis', async () => {
    const options = { other: { limit: 20, windowMs: 1000 }, redis: { host: '127.0.0.1', port: server.port } };
    const a = createLimiter('pause-key', options);
    const b = createLimiter('pause-key', options);
    await Promise.all([a.ready(), b.ready()]);
    a.pause('other', 400);
    await new Promise((r) => setTimeout(r, 100));
    const queuedAt = Date.now();
    const startedAt = await b.schedule('other', async () => Date.now());
    expect(startedAt - queuedAt).toBeGreaterThanOrEqual(250);
    await Promise.all([a.close(), b.close()]);
  });

  it('falls back to local limits with a warning when Redis is unreachable', async () => {
    const port = await freePort();
    const warnings: Array<{ msg: string; meta?: object }> = [];
    const limiter = createLimiter(
      'unreachable-key',
      { search: { limit: 2, windowMs: 200 }, redis: { host: '127.0.0.1', port }, connectTimeoutMs: 1000 },
      { warn: (msg, meta) => warnings.push({ msg, meta }) },
    );
    const early = limiter.schedule('search', async () => 'queued before ready');
    await limiter.ready();
    expect(limiter.mode).toBe('local');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/falling back/);
    expect(JSON.stringify(warnings)).not.toContain('unreachable-key');
    await expect(early).resolves.toBe('queued before ready');
    await expect(limiter.schedule('search', async () => 'ok')).resolves.toBe('ok');
    await limiter.close();
  });
});
