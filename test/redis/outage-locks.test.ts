/**
 * Redis trouble told apart and repaired (issue 30, item 3), against a real redis-server:
 * - a stalled event loop is not a slow Redis: a reply that arrived while the process was busy is
 *   read before the command's timeout counts (1.1 declared Redis unavailable and took no lock);
 * - a lock release that could not reach Redis is retried when Redis answers again (1.1 left the
 *   lock to block every other process until its TTL ran out), and both steps are logged.
 * The TCP cut is a tiny proxy in front of Redis that drops every connection and refuses new ones.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLimiter } from '../../src/core/limiter/limiter.ts';
import { keyPrefix } from '../../src/redis/connection.ts';
import { freePort, hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.ts';

if (!hasRedisServer() && process.env.CI) throw new Error('redis-server is needed (.ci/run installs it)');

/** A TCP pass-through to Redis that can be cut (every socket dropped, none accepted) and restored. */
async function tcpProxy(target: number) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  return {
    port,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server!.close(() => resolve());
      }),
    restore: listen,
  };
}

describe.skipIf(!hasRedisServer())('Redis trouble told apart and repaired', () => {
  let redis: RedisServer;
  let probe: Redis;
  beforeAll(async () => {
    redis = await startRedisServer();
    probe = new Redis(redis.port, '127.0.0.1');
  });
  afterAll(async () => {
    probe?.disconnect();
    await redis?.stop();
  });

  it('a reply that arrived while the event loop was stalled is not a Redis timeout', async () => {
    const warnings: string[] = [];
    const limiter = createLimiter(
      'sbx_stall_key',
      { redis: { host: '127.0.0.1', port: redis.port }, commandTimeoutMs: 200 },
      { warn: (m) => warnings.push(m) },
    );
    try {
      await limiter.ready();
      const pending = limiter.lock('stalled', 10_000);
      // Microtasks only (no I/O phase): the command is written and its timer armed, its reply unread.
      for (let i = 0; i < 20; i++) await Promise.resolve();
      // The process is busy for four command timeouts; Redis answers meanwhile.
      const until = performance.now() + 800;
      while (performance.now() < until) {
        /* a synchronous stall */
      }
      const lock = await pending;
      expect(lock).toBeDefined();
      expect(lock).not.toBe('held');
      expect(warnings).toEqual([]);
      expect(limiter.mode).toBe('redis');
      if (lock && lock !== 'held') await lock.release();
    } finally {
      await limiter.close();
    }
  });

  it('a release that could not reach Redis is retried when Redis answers again, and logged', async () => {
    const proxy = await tcpProxy(redis.port);
    const lines: string[] = [];
    const apiKey = 'sbx_release_key';
    const key = `${keyPrefix(apiKey)}:lock:held-through-outage`;
    const limiter = createLimiter(
      apiKey,
      { redis: { host: '127.0.0.1', port: proxy.port }, commandTimeoutMs: 300 },
      { warn: (m) => lines.push(`warn ${m}`), info: (m) => lines.push(`info ${m}`) },
    );
    try {
      await limiter.ready();
      const lock = await limiter.lock('held-through-outage', 60_000);
      if (lock === undefined || lock === 'held') throw new Error(`no lock: ${String(lock)}`);
      await proxy.cut();
      await vi.waitFor(() => expect(limiter.mode).toBe('local'), { timeout: 10_000 });
      await lock.release(); // never throws; Redis cannot be reached
      expect(await probe.pttl(key)).toBeGreaterThan(0); // still there: it would block others 60 s
      expect(lines.some((l) => /warn .*lock could not be released/.test(l))).toBe(true);
      await proxy.restore();
      await vi.waitFor(async () => expect(await probe.exists(key)).toBe(0), { timeout: 15_000 });
      expect(lines.some((l) => /info .*lock release was retried/.test(l))).toBe(true);
    } finally {
      await limiter.close();
      await proxy.cut();
    }
  }, 40_000);
});
