/**
 * `checkHealth` with a real redis-server (test/helpers/redis.ts): Redis up (PING, and the shared
 * budget's use as two clients on one Redis left it), Redis down (a failed check naming the cause,
 * nothing thrown), a password masked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fareway } from '../../src/index.js';
import { checkHealth, type HealthReport } from '../../src/health.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { freePort, hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.js';

const sandbox = createSandbox({ seed: 35 });
let server: ListeningSandbox;
let redis: RedisServer;
const withRedis = hasRedisServer();

beforeAll(async () => {
  server = await sandbox.listen({ rateLimits: false });
  if (withRedis) redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
  await server?.close();
});

const byName = (report: HealthReport) => Object.fromEntries(report.checks.map((c) => [c.name, c]));

describe.skipIf(!withRedis && !process.env.CI)('checkHealth with Redis', () => {
  it('Redis up: reachable, and the shared budget two clients used', async () => {
    const clients = [0, 1].map(
      () =>
        new Fareway({
          apiKey: server.apiKey,
          baseUrl: server.url,
          logger: null,
          rateLimits: { redis: redis.url },
        }),
    );
    try {
      for (const c of clients) await c.bookings.list({ limit: 1 });
      const report = await checkHealth({ apiKey: server.apiKey, baseUrl: server.url, redis: redis.url });
      expect(report.ok).toBe(true);
      expect(byName(report).redis?.detail).toMatch(
        new RegExp(`^Redis reachable at redis://127\\.0\\.0\\.1:${redis.port} \\(redis \\S+\\)$`),
      );
      expect(byName(report).shared_budget).toMatchObject({ ok: true, level: 'pass' });
      expect(byName(report).shared_budget?.detail).toMatch(/search 0\/60, book 0\/30, other 2\/120/);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('Redis down: redis fails naming the cause, no shared_budget, nothing thrown', async () => {
    const stopped = await startRedisServer();
    await stopped.stop();
    const report = await checkHealth({ apiKey: server.apiKey, baseUrl: server.url, redis: stopped.url });
    expect(report.ok).toBe(false);
    expect(byName(report).api_key).toMatchObject({ ok: true });
    expect(byName(report).redis).toMatchObject({ ok: false, level: 'fail' });
    expect(byName(report).redis?.detail).toMatch(
      /^Redis unreachable at redis:\/\/127\.0\.0\.1:\d+ \(.*ECONNREFUSED/,
    );
    expect(byName(report).shared_budget).toBeUndefined();
  });

  it('a Redis password never appears in the report', async () => {
    const url = `redis://user:hunter2secret@127.0.0.1:${await freePort()}`;
    const report = await checkHealth({ apiKey: server.apiKey, baseUrl: server.url, redis: url });
    expect(byName(report).redis?.detail).toMatch(/redis:\/\/user:\*\*\*@127\.0\.0\.1/);
    expect(JSON.stringify(report)).not.toContain('hunter2secret');
    expect(JSON.stringify(report)).not.toContain(server.apiKey);
  });
});
