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
import { beforeAll, describe, expect, it } from 'vitest';
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

/** When each outage began and ended (epoch ms). */
const marks: Record<string, number> = {};

interface Figures {
  readyMs: number;
  ms: number;
  requests: number;
  flows: number;
  confirmed: number;
  failed: string[];
  limited: Array<{ endpoint: string | null; at: number }>;
  outs: ChildOut[];
  booked: string[];
  codes: Array<number | null>;
  stderr: string;
}

/** Three processes run flows for `runMs` while `outages` happen to Redis. */
async function soak(outages: (redis: RedisServer) => Promise<RedisServer>, runMs: number): Promise<Figures> {
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
  const spawned = Date.now();
  try {
    await Promise.all(children.map((c) => c.line((l) => l === 'ready')));
    const readyMs = Date.now() - spawned;
    // A few faults through the run: a 5xx search, a dropped book, a 502 create.
    const faults = setInterval(() => {
      sandbox.control.failNext('search', { status: 500 });
      sandbox.control.failNext('book', { drop: true });
      sandbox.control.failNext('createBooking', { status: 502 });
    }, 2_500);
    const started = Date.now();
    redis = await outages(redis);
    const outs = await Promise.all(
      children.map(async (c) => JSON.parse(await c.line((l) => l.startsWith('{'))) as ChildOut),
    );
    clearInterval(faults);
    const codes = await Promise.all(children.map((c) => c.exited));
    const requests = sandbox.control.requests();
    const outcomes = outs.flatMap((o) => o.outcomes);
    const booked = outs.flatMap((o) => o.booked);
    const figures: Figures = {
      readyMs,
      ms: Date.now() - started,
      requests: requests.length,
      flows: outcomes.length,
      confirmed: outcomes.filter((o) => o.outcome === 'confirmed').length,
      failed: outcomes.filter((o) => o.outcome !== 'confirmed').map((o) => `${o.step} ${o.outcome}`),
      limited: requests
        .filter((r) => r.status === 429 && !r.dropped)
        .map((r) => ({ endpoint: r.endpoint, at: Date.parse(r.at) })),
      outs,
      booked,
      codes,
      stderr: children.map((c) => c.stderr()).join('\n'),
    };
    // Double bookings, read before the sandbox goes: a booking debited more than once.
    const debitedTwice = booked.filter((id) => sandbox.control.getBooking(id)!.debits.length !== 1);
    const { outs: _outs, ...shown } = figures;
    const phases = Object.fromEntries(
      (['killed', 'hung'] as const).map((p) => [p, figures.limited.filter((l) => inPhase(p, l.at)).length]),
    );
    // The measured figures, for the report (stdout: the console is reserved for failures).
    // For a 429: the requests of its bucket the service saw in the window before it (ms before it).
    const bucketOf = (e: string | null) => (e === 'search' ? 'search' : e === 'book' ? 'book' : 'other');
    const before = figures.limited.map((l) =>
      requests
        .filter((r) => bucketOf(r.endpoint) === bucketOf(l.endpoint) && !r.dropped)
        .map((r) => l.at - Date.parse(r.at))
        .filter((ms) => ms >= 0 && ms < WINDOW_MS),
    );
    const redisLogs = outs.map((o) => o.logs.filter((l) => l.includes('Redis')).length);
    if (process.env.SOAK_LOGS) process.stdout.write(`${JSON.stringify(outs.map((o) => o.logs))}\n`);
    process.stdout.write(
      `${JSON.stringify({ ...shown, booked: booked.length, phases, debitedTwice, marks, before, redisLogs })}\n`,
    );
    if (debitedTwice.length) figures.failed.push(`debited twice: ${debitedTwice.join(', ')}`);
    return figures;
  } finally {
    for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
    await server.close();
    await redis.stop();
  }
}

/** An outage and the window after it (plus the time every process takes to notice Redis again). */
function inPhase(phase: 'killed' | 'hung', at: number): boolean {
  return at >= marks[`${phase}:down`]! && at < marks[`${phase}:up`]! + WINDOW_MS + 2_500;
}

describe.skipIf(!hasRedisServer())('three processes through Redis outages (sandbox limiter on)', () => {
  let figures: Figures;
  beforeAll(async () => {
    figures = await soak(async (redis) => {
      await sleep(3_000);
      marks['killed:down'] = Date.now();
      await redis.stop('SIGKILL');
      await sleep(3_000);
      const restarted = await startRedisServer(redis.port);
      marks['killed:up'] = Date.now();
      await sleep(WINDOW_MS + 2_500);
      marks['hung:down'] = Date.now();
      restarted.signal('SIGSTOP');
      await sleep(8_000);
      restarted.signal('SIGCONT');
      marks['hung:up'] = Date.now();
      return restarted;
    }, 26_000);
  }, 120_000);

  it('every process exited by itself, every outcome typed, nothing booked twice', () => {
    expect(figures.codes, figures.stderr).toEqual(figures.codes.map(() => 0));
    const outcomes = figures.outs.flatMap((o) => o.outcomes);
    expect(outcomes.filter((o) => !o.typed)).toEqual([]);
    expect(figures.failed.filter((f) => f.startsWith('debited twice'))).toEqual([]);
    expect(new Set(figures.booked).size).toBe(figures.booked.length);
    // Flows went on through the outages.
    expect(figures.confirmed).toBeGreaterThan(2 * PROCESSES);
  });

  it('Redis killed and restarted empty: 0 × 429 from the service through the outage and the window after', () => {
    expect(figures.limited.filter((l) => inPhase('killed', l.at))).toEqual([]);
  });

  it('Redis hung 8 s (SIGSTOP) then resumed: 0 × 429 from the service through the outage and the window after', () => {
    expect(figures.limited.filter((l) => inPhase('hung', l.at))).toEqual([]);
  });

  it('no 429 from the service anywhere in the run (none met by the clients either)', () => {
    expect(figures.limited).toEqual([]);
    expect(figures.outs.reduce((n, o) => n + o.rateLimited, 0)).toBe(0);
  });
});
