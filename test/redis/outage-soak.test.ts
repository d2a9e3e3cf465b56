/**
 * The service's window kept through a coordination outage (issue 30, item 3). Three processes
 * (children started from another directory) run booking flows through one redis-server against
 * the sandbox over HTTP on 127.0.0.1, its own rate limiter on and scaled down (3 s windows), with
 * a few injected faults. Mid-run Redis is (1) killed and restarted empty on the same port, or (2)
 * hung with SIGSTOP for 8 s and resumed. The sandbox's limiter is the judge: 0 × 429 through the
 * outage and the window after it; every booking debited at most once; every outcome typed.
 * Red on 1.1.0: each process fell back to the whole budget while Redis was away, and a fresh
 * Redis started with an empty log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { startElsewhere } from '../helpers/elsewhere.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.js';

if (!hasRedisServer() && process.env.CI) throw new Error('redis-server is needed (.ci/run installs it)');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const WINDOW_MS = 3_000;
const LIMITS = { search: 9, book: 6, other: 30 };
const PROCESSES = 3;

interface ChildOut {
  outcomes: Array<{ outcome: string; typed: boolean; step: string }>;
  booked: string[];
  rateLimited: number;
  logs: string[];
}

/** When the outage began and ended (epoch ms), for the figures. */
const marks: Record<string, number> = {};

async function soak(outage: (redis: RedisServer) => Promise<RedisServer>, runMs: number) {
  const sandbox = createSandbox({
    seed: 30,
    rateLimits: {
      search: { limit: LIMITS.search, windowMs: WINDOW_MS },
      book: { limit: LIMITS.book, windowMs: WINDOW_MS },
      other: { limit: LIMITS.other, windowMs: WINDOW_MS },
    },
  });
  const server = await sandbox.listen({ port: 0 });
  let redis = await startRedisServer();
  const children = Array.from({ length: PROCESSES }, (_, i) =>
    startElsewhere('test/redis/soak-child.ts', {
      API_KEY: sandbox.apiKey,
      URL: server.url,
      REDIS_PORT: String(redis.port),
      WINDOW_MS: String(WINDOW_MS),
      SEARCH_LIMIT: String(LIMITS.search),
      BOOK_LIMIT: String(LIMITS.book),
      OTHER_LIMIT: String(LIMITS.other),
      FLOWS: '3',
      RUN_MS: String(runMs),
      INDEX: String(i),
    }),
  );
  try {
    await Promise.all(children.map((c) => c.line((l) => l === 'ready')));
    // A few faults through the run: a 5xx search, a dropped book, a 502 create.
    const faults = setInterval(() => {
      sandbox.control.failNext('search', { status: 500 });
      sandbox.control.failNext('book', { drop: true });
      sandbox.control.failNext('createBooking', { status: 502 });
    }, 2_500);
    const started = Date.now();
    redis = await outage(redis);
    const outs = await Promise.all(
      children.map(async (c) => JSON.parse(await c.line((l) => l.startsWith('{'))) as ChildOut),
    );
    clearInterval(faults);
    const codes = await Promise.all(children.map((c) => c.exited));
    const requests = sandbox.control.requests();
    const limited = requests.filter((r) => r.status === 429 && !r.dropped);
    const booked = outs.flatMap((o) => o.booked);
    const outcomes = outs.flatMap((o) => o.outcomes);
    const figures = {
      ms: Date.now() - started,
      requests: requests.length,
      flows: outcomes.length,
      confirmed: outcomes.filter((o) => o.outcome === 'confirmed').length,
      failed: outcomes.filter((o) => o.outcome !== 'confirmed').map((o) => `${o.step} ${o.outcome}`),
      serviced429: limited.length,
      limited: limited.map((r) => `${r.endpoint} +${Date.parse(r.at) - marks.down!}ms`),
      upAfterMs: marks.up! - marks.down!,
      logs: outs.flatMap((o) => o.logs).filter((l) => !l.includes('reconciling')),
    };
    // The measured figures, for the report (stdout: the console is reserved for failures).
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    expect(codes, children.map((c) => c.stderr()).join('\n')).toEqual(codes.map(() => 0));
    expect(limited.map((r) => `${r.at} ${r.endpoint}`)).toEqual([]);
    expect(outs.reduce((n, o) => n + o.rateLimited, 0)).toBe(0);
    expect(outcomes.filter((o) => !o.typed)).toEqual([]);
    // Flows went on through the outage, and nothing was booked twice.
    expect(figures.confirmed).toBeGreaterThan(PROCESSES);
    expect(new Set(booked).size).toBe(booked.length);
    for (const id of booked) expect(sandbox.control.getBooking(id)!.debits).toHaveLength(1);
    return figures;
  } finally {
    for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
    await server.close();
    await redis.stop();
  }
}

describe.skipIf(!hasRedisServer())('three processes through a Redis outage (sandbox limiter on)', () => {
  beforeAll(() => undefined);
  afterAll(() => undefined);

  it('Redis killed and restarted empty mid-run: 0 × 429, no double booking, every outcome typed', async () => {
    await soak(async (redis) => {
      await sleep(4_000);
      marks.down = Date.now();
      await redis.stop('SIGKILL');
      await sleep(3_000);
      marks.up = Date.now();
      return startRedisServer(redis.port);
    }, 12_000);
  }, 90_000);

  it('Redis hung 8 s (SIGSTOP) then resumed: 0 × 429, no double booking, every outcome typed', async () => {
    await soak(async (redis) => {
      await sleep(4_000);
      marks.down = Date.now();
      redis.signal('SIGSTOP');
      await sleep(8_000);
      redis.signal('SIGCONT');
      marks.up = Date.now();
      return redis;
    }, 16_000);
  }, 90_000);
});
