/**
 * `rateLimits.redis`: every form it takes works, against a real redis-server on a port that is not
 * 6379 and a db that is not 0 (the budget's keys appear in THAT server and db, nowhere else), and
 * every other value is a ConfigurationError naming the option, before anything is sent or opened.
 * 1.1 took a URL string silently and connected to 127.0.0.1:6379.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError, Fareway, type FarewayOptions } from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.ts';

const available = hasRedisServer();
if (!available && process.env.CI)
  throw new Error('redis-server is not on PATH: these tests cannot run in CI');

const sandbox = createSandbox({ seed: 30 });
let srv: ListeningSandbox;
let redis: RedisServer;
let probe: Redis;

/** The budget keys (`{fareway:…}`) in each db of the test's server that has any. */
async function keysByDb(): Promise<Record<number, string[]>> {
  const out: Record<number, string[]> = {};
  for (let db = 0; db < 16; db++) {
    await probe.select(db);
    const keys = await probe.keys('{fareway:*');
    if (keys.length) out[db] = keys.sort();
  }
  return out;
}

/** One call through a client with `redis`; then the keys, per db. */
async function oneCallWith(redisSetting: unknown) {
  const warnings: string[] = [];
  const fareway = new Fareway({
    apiKey: sandbox.apiKey,
    baseUrl: srv.url,
    rateLimits: { redis: redisSetting },
    logger: { warn: (m) => void warnings.push(m), error: (m) => void warnings.push(m) },
  });
  try {
    await fareway.ready();
    await fareway.bookings.list({ limit: 1 });
  } finally {
    await fareway.close();
  }
  expect(warnings).toEqual([]);
  return keysByDb();
}

describe.skipIf(!available)('rateLimits.redis: every form it takes', () => {
  beforeAll(async () => {
    srv = await sandbox.listen({ port: 0 });
    redis = await startRedisServer();
    probe = new Redis({ host: '127.0.0.1', port: redis.port });
  });
  afterAll(async () => {
    probe?.disconnect();
    await redis?.stop();
    await srv?.close();
  });

  it('a URL string as ioredis takes it: its host, its port, its db', async () => {
    await probe.flushall();
    expect(redis.port).not.toBe(6379);
    const keys = await oneCallWith(`redis://127.0.0.1:${redis.port}/2`);
    expect(Object.keys(keys)).toEqual(['2']);
    expect(keys[2]!.length).toBeGreaterThan(0);
  });

  it('ioredis options', async () => {
    await probe.flushall();
    const keys = await oneCallWith({ host: '127.0.0.1', port: redis.port, db: 3 });
    expect(Object.keys(keys)).toEqual(['3']);
  });

  it('an ioredis client (duplicated: its db, and it stays open)', async () => {
    await probe.flushall();
    const client = new Redis({ host: '127.0.0.1', port: redis.port, db: 4 });
    try {
      const keys = await oneCallWith(client);
      expect(Object.keys(keys)).toEqual(['4']);
      expect(await client.ping()).toBe('PONG');
    } finally {
      client.disconnect();
    }
  });
});

describe('rateLimits.redis: anything else is refused at construction', () => {
  const refused: Array<[string, unknown]> = [
    ['a port number', 6390],
    ['a host:port without a scheme', '127.0.0.1:6390'],
    ['an http URL (with a password)', 'http://user:s3cret-pw@127.0.0.1:6390'],
    ['an empty string', ''],
    ['true', true],
    ['an array of nodes (a Cluster is passed as an instance)', [{ host: '127.0.0.1', port: 7000 }]],
    ['a Map', new Map([['host', '127.0.0.1']])],
    // node-redis' client has `duplicate()` but not ioredis' `defineCommand()`.
    [
      "another library's client",
      new (class RedisClient {
        duplicate = () => ({});
        connect = () => undefined;
      })(),
    ],
    ["node-redis' { url } (ioredis has no such option)", { url: 'redis://user:s3cret-pw@127.0.0.1:6390' }],
  ];
  for (const [what, value] of refused)
    it(what, () => {
      const sent: string[] = [];
      const options: FarewayOptions = {
        apiKey: 'test_key_0123456789',
        baseUrl: 'http://127.0.0.1:9',
        rateLimits: { redis: value },
        fetch: async (input) => (sent.push(String(input)), new Response('{}')),
      };
      let error: unknown;
      try {
        new Fareway(options);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(/rateLimits\.redis/);
      expect((error as Error).message).toMatch(/redis:\/\/ or rediss:\/\/ URL|url/);
      // A URL may hold a password: it is never echoed.
      expect(String((error as Error).message)).not.toContain('s3cret');
      expect(JSON.stringify(error)).not.toContain('s3cret');
      expect(sent).toEqual([]);
    });
});
