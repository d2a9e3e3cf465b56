/**
 * A shared lock covers its holder's whole wait (issue 24, item 3): it renews itself while held, so
 * a holder that keeps it far longer than its TTL keeps it, and another process cannot take it
 * meanwhile; when a renewal finds it gone or taken, or Redis stays away longer than the TTL, the
 * lock says so (`lost`, `signal`). A real redis-server on 127.0.0.1. Red before the lock renewed
 * itself: the key expired after its 1 s TTL and the other process took it. The TTLs leave room for
 * a loaded machine: a holder stalled for less than two thirds of its TTL keeps its lock.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createLimiter,
  SharedLockLostError,
  type Limiter,
  type SharedLock,
} from '../../src/core/limiter/limiter.ts';
import { keyPrefix } from '../../src/redis/connection.ts';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.ts';

if (!hasRedisServer() && process.env.CI) throw new Error('redis-server is needed (.ci/run installs it)');
const root = fileURLToPath(new URL('../../', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Attempt {
  start: number;
  end: number;
  got: boolean;
}

/** Starts lock-contender-child.ts; resolves `ready` once its limiter is ready. */
function contender(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--no-warnings', '--loader', 'ts-node/esm', 'test/redis/lock-contender-child.ts'],
    {
      cwd: root,
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout });
  const ready = new Promise<void>((resolve) => lines.on('line', (l) => l === 'ready' && resolve()));
  const output = new Promise<{ attempts: Attempt[] }>((resolve, reject) => {
    lines.on('line', (l) => l.startsWith('{') && resolve(JSON.parse(l) as { attempts: Attempt[] }));
    child.once('exit', (code) => reject(new Error(`contender exited with ${code}: ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, ready, output, exited };
}

describe.skipIf(!hasRedisServer())('a held shared lock renews itself (real redis-server)', () => {
  let server: RedisServer;
  let probe: Redis;
  const limiters: Limiter[] = [];
  const open = (apiKey: string) => {
    const limiter = createLimiter(apiKey, {
      redis: { host: '127.0.0.1', port: server.port },
      commandTimeoutMs: 400,
    });
    limiters.push(limiter);
    return limiter;
  };
  const take = async (limiter: Limiter, name: string, ttlMs: number) => {
    const lock = await limiter.lock(name, ttlMs);
    if (lock === undefined || lock === 'held') throw new Error(`lock ${name}: ${String(lock)}`);
    return lock;
  };
  const aborted = (lock: SharedLock) =>
    new Promise<{ at: number; reason: unknown }>((resolve) =>
      lock.signal.addEventListener('abort', () => resolve({ at: Date.now(), reason: lock.signal.reason }), {
        once: true,
      }),
    );

  beforeAll(async () => {
    server = await startRedisServer();
    probe = new Redis(server.port, '127.0.0.1');
  });
  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((l) => l.close()));
  });
  afterAll(async () => {
    probe?.disconnect();
    await server?.stop();
  });

  it('with a 1 s TTL, is kept for 4 s; another process cannot take it until the release, then at once', async () => {
    const apiKey = `renew-key-${Date.now()}`;
    const holder = open(apiKey);
    const lock = await take(holder, 'book:b-1', 1000);
    const takenAt = Date.now();
    const other = contender({
      API_KEY: apiKey,
      REDIS_PORT: String(server.port),
      LOCK: 'book:b-1',
      TTL_MS: '1000',
    });
    await other.ready; // it starts up (a second or more) while the lock is held, then tries every 50 ms
    await sleep(4200);
    // Still ours, and still on a short TTL (renewed, not lengthened).
    const key = `${keyPrefix(apiKey)}:lock:book:b-1`;
    expect(await probe.pttl(key)).toBeLessThanOrEqual(1000);
    expect(lock.lost, String(lock.signal.reason)).toBe(false);
    const releasing = Date.now();
    await lock.release();
    const released = Date.now();
    const { attempts } = await other.output;
    expect(await other.exited).toBe(0);

    expect(releasing - takenAt).toBeGreaterThanOrEqual(4000);
    const whileHeld = attempts.filter((a) => a.end <= releasing);
    expect(whileHeld.length).toBeGreaterThan(10);
    expect(
      whileHeld.filter((a) => a.got),
      JSON.stringify({ takenAt, releasing, attempts }),
    ).toEqual([]);
    // The first attempt started after the release got it.
    expect(attempts.find((a) => a.start >= released)?.got, JSON.stringify({ released, attempts })).toBe(true);
    expect(attempts.filter((a) => a.got)).toHaveLength(1);
    expect(lock.lost).toBe(false); // a release is not a loss
  }, 60_000);

  it('keeps waitUntilFree waiting while renewed (false at its timeout), and wakes it at the release', async () => {
    const apiKey = `renew-wait-${Date.now()}`;
    const a = open(apiKey);
    const b = open(apiKey);
    const lock = await take(a, 'book:b-2', 1000);
    await expect(b.waitUntilFree('book:b-2', 2500)).resolves.toBe(false);
    await expect(b.lock('book:b-2', 300)).resolves.toBe('held');
    const freed = b.waitUntilFree('book:b-2', 30_000);
    await sleep(100);
    await lock.release();
    await expect(freed).resolves.toBe(true);
    const again = await take(b, 'book:b-2', 300);
    await again.release();
  }, 30_000);

  it.each([
    ['deleted', 'gone', async (key: string): Promise<void> => void (await probe.del(key))],
    [
      'taken by another token',
      'taken',
      async (key: string): Promise<void> => void (await probe.set(key, 'someone-else', 'PX', 60_000)),
    ],
  ] as const)(
    'reports a lock whose key was %s as lost and aborts its signal',
    async (_label, why, tamper) => {
      const apiKey = `renew-lost-${why}-${Date.now()}`;
      const limiter = open(apiKey);
      const lock = await take(limiter, 'book:b-3', 1000);
      const abort = aborted(lock);
      const key = `${keyPrefix(apiKey)}:lock:book:b-3`;
      await tamper(key);
      const { reason } = await abort;
      expect(lock.lost).toBe(true);
      expect(reason).toBeInstanceOf(SharedLockLostError);
      expect(reason).toMatchObject({ code: 'SHARED_LOCK_LOST', lock: 'book:b-3', why });
      expect((reason as Error).message).toMatch(/shared lock 'book:b-3' was lost/);
      // Releasing a lost lock never deletes another holder's key.
      await lock.release();
      expect(await probe.get(key)).toBe(why === 'taken' ? 'someone-else' : null);
      await probe.del(key);
    },
    30_000,
  );

  it('keeps the lock through a Redis stall shorter than its TTL (renewals retried, no loss)', async () => {
    const apiKey = `renew-stall-${Date.now()}`;
    const limiter = open(apiKey);
    const lock = await take(limiter, 'book:b-4', 3000);
    await sleep(1100); // one renewal done
    await probe.client('PAUSE', 1500, 'ALL'); // every client's commands wait (and time out) for 1.5 s
    await sleep(2500);
    expect(lock.lost).toBe(false);
    await sleep(1200); // renewed again after the stall
    const key = `${keyPrefix(apiKey)}:lock:book:b-4`;
    expect(lock.lost).toBe(false);
    expect(await probe.pttl(key)).toBeGreaterThan(0);
    await lock.release();
    expect(await probe.exists(key)).toBe(0);
  }, 30_000);

  it('reports the lock lost once no renewal has reached Redis within its TTL', async () => {
    const apiKey = `renew-away-${Date.now()}`;
    const limiter = open(apiKey);
    const lock = await take(limiter, 'book:b-5', 600);
    const abort = aborted(lock);
    const pausedAt = Date.now();
    await probe.client('PAUSE', 3000, 'ALL');
    const { at, reason } = await abort;
    expect(at).toBeLessThan(pausedAt + 3000); // declared while Redis was still away
    expect(reason).toMatchObject({ code: 'SHARED_LOCK_LOST', why: 'expired' });
    expect(lock.lost).toBe(true);
    await sleep(Math.max(0, pausedAt + 3100 - Date.now()));
    await lock.release();
  }, 30_000);

  it('stops renewing at close and reports the lock lost', async () => {
    const apiKey = `renew-close-${Date.now()}`;
    const limiter = open(apiKey);
    const lock = await take(limiter, 'book:b-6', 10_000);
    await limiter.close();
    expect(lock.lost).toBe(true);
    expect(lock.signal.reason).toMatchObject({ code: 'SHARED_LOCK_LOST', why: 'closed' });
    await lock.release(); // never throws on a closed limiter
    await probe.del(`${keyPrefix(apiKey)}:lock:book:b-6`);
  }, 30_000);
});
