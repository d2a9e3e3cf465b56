/**
 * Book's cross-process path (book.ts: the shared `book:<id>` lock), in-process against a Redis
 * store double (test/helpers/memory-redis.ts) that answers as the real store does. A second client
 * registered against the same double is a second process: its own in-flight map, the same locks.
 * The real-Redis tests (test/redis/) stay; these make every branch reachable in unit runs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BookingFailedError,
  BookingInProgressError,
  PriceChangedError,
  type Fareway,
  type FarewayOptions,
} from '../../src/index.js';
import { faultyFetch, isRetrieve } from '../helpers/create-faults.js';
import { useMemoryRedis, type MemoryRedis } from '../helpers/memory-redis.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 34 });
const ONE_WAY = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(26) };
const SHARED = { search: false, book: false, other: false, redis: {} } as const;

let redis: MemoryRedis;
beforeEach(() => {
  redis = useMemoryRedis();
});
afterEach(() => redis.restore());

/** Log lines of one client, by level, with their meta. */
function logged() {
  const lines: Array<{ level: string; msg: string; meta: unknown }> = [];
  const at = (level: string) => (msg: string, meta?: unknown) => void lines.push({ level, msg, meta });
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

function shared(opts: FarewayOptions = {}) {
  const log = logged();
  const fw = sbx.client({ rateLimits: SHARED, logger: log.logger, logLevel: 'debug', ...opts });
  return { fw, log: log.lines };
}
/** A client that logs errors only: the book path must not call a level that is off. */
const quiet = (opts: FarewayOptions = {}) => shared({ logLevel: 'error', ...opts }).fw;

async function priced(fw: Fareway) {
  const results = await fw.flights.search(ONE_WAY);
  const booking = await fw.bookings.create(results.select(results.outbound[0]!));
  await fw.bookings.savePassengers(booking, passengersFor(results));
  const { pricing } = await fw.bookings.reprice(booking);
  sbx.control.clearRequests();
  return { id: booking.booking_id, fare: pricing.final_fare };
}
const books = () => sbx.calls('book').length;
const settle = (p: Promise<unknown>): Promise<{ value?: unknown; error?: unknown }> =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe('the shared book lock (in-process Redis double)', () => {
  it('a free lock: taken as book:<id> for 2·(timeout + reconcile) + 10 s, one book sent, released after', async () => {
    const { fw } = shared({ timeout: 7_000, bookReconcile: { timeoutMs: 4_000, intervalMs: 20 } });
    const { id } = await priced(fw);
    const booked = await fw.bookings.book(id);
    expect(booked).toMatchObject({ status: 'confirmed', reconciled: false });
    expect(redis.taken.map((l) => [l.name, l.ttlMs])).toEqual([[`book:${id}`, 2 * (7_000 + 4_000) + 10_000]]);
    expect(redis.taken[0]!.released).toBe(true);
    expect(redis.held()).toEqual([]);
    expect(books()).toBe(1);
  });

  it('held by another process that books meanwhile: waits, reads the booking, sends nothing', async () => {
    const { fw, log } = shared();
    const other = sbx.client(); // the other process's book, without the lock
    const { id } = await priced(fw);
    const theirs = redis.take(`book:${id}`);
    const mine = fw.bookings.book(id);
    // Let the waiting call reach waitUntilFree, then the other process books and releases.
    await new Promise((resolve) => setImmediate(resolve));
    const booked = await other.bookings.book(id);
    expect(theirs).not.toBe('held');
    await (theirs as Exclude<typeof theirs, 'held'>).release();
    const result = await mine;
    expect(result).toMatchObject({ pnr: booked.pnr, reconciled: true });
    expect(books()).toBe(1);
    expect(log).toContainEqual({
      level: 'info',
      msg: `book of ${id} is in flight in another process; waiting for it`,
      meta: { booking_id: id },
    });
  });

  it('held by another process that booked at another fare: a guarded call is refused, nothing sent', async () => {
    const { fw } = shared();
    const other = sbx.client();
    const { id, fare } = await priced(fw);
    const theirs = redis.take(`book:${id}`) as Exclude<ReturnType<MemoryRedis['take']>, 'held'>;
    const mine = settle(fw.bookings.book(id, { expectedFinalFare: fare + 0.01 }));
    await other.bookings.book(id);
    await theirs.release();
    const { error } = (await mine) as { error: PriceChangedError };
    expect(error).toBeInstanceOf(PriceChangedError);
    expect(error).toMatchObject({ booking_id: id, previousFare: fare + 0.01, newFare: fare });
    expect(books()).toBe(1);
  });

  it('held by another process that ended without booking: takes the lock next round and books once', async () => {
    const { fw } = shared();
    const { id } = await priced(fw);
    redis.holdFor(`book:${id}`, 1);
    const booked = await fw.bookings.book(id);
    expect(booked).toMatchObject({ status: 'confirmed', reconciled: false });
    expect(redis.answers).toEqual(['held', 'taken']);
    expect(books()).toBe(1);
    expect(sbx.calls('retrieve')).toHaveLength(1);
  });

  it('held every round: BookingInProgressError with the last status seen, nothing sent', async () => {
    const { fw } = shared();
    const { id } = await priced(fw);
    redis.holdFor(`book:${id}`, 3);
    const { error } = (await settle(fw.bookings.book(id))) as { error: BookingInProgressError };
    expect(error).toBeInstanceOf(BookingInProgressError);
    expect(error).toMatchObject({ booking_id: id });
    expect(JSON.stringify(error)).toContain('priced');
    expect(redis.answers).toEqual(['held', 'held', 'held']);
    expect(books()).toBe(0);
    expect(sbx.calls('retrieve')).toHaveLength(3);
  });

  it('held, and the other process left the booking failed: BookingFailedError, nothing sent', async () => {
    let failed = false;
    const { fw } = shared({
      fetch: faultyFetch({
        match: (s) => failed && isRetrieve(s),
        times: Infinity,
        async respond(forward) {
          const body = (await (await forward()).json()) as Record<string, unknown>;
          return Response.json({ ...body, status: 'failed' }, { headers: { 'x-request-id': 'req_failed' } });
        },
      }),
    });
    const { id } = await priced(fw);
    redis.holdFor(`book:${id}`, 1);
    failed = true;
    const { error } = await settle(fw.bookings.book(id));
    expect(error).toBeInstanceOf(BookingFailedError);
    expect(error).toMatchObject({ requestId: 'req_failed' });
    expect(books()).toBe(0);
  });

  it('a lock lost before book was sent: nothing sent, a warning, then the next round books once', async () => {
    const { fw, log } = shared();
    const { id } = await priced(fw);
    redis.loseNextLock();
    const booked = await fw.bookings.book(id);
    expect(booked.status).toBe('confirmed');
    expect(redis.answers).toEqual(['taken', 'taken']);
    expect(books()).toBe(1);
    expect(log).toContainEqual({
      level: 'warn',
      msg: `the shared book lock of ${id} was lost before book was sent; nothing was sent`,
      meta: { booking_id: id },
    });
    expect(redis.taken.every((l) => l.released)).toBe(true);
  });

  it('a release that fails: the booking stands, a warning says the lock expires by itself', async () => {
    const { fw, log } = shared();
    const { id } = await priced(fw);
    redis.failReleases();
    const booked = await fw.bookings.book(id);
    expect(booked.status).toBe('confirmed');
    expect(log).toContainEqual({
      level: 'warn',
      msg: 'could not release the shared book lock; it expires by itself',
      meta: { booking_id: id, error: 'redis unavailable at release' },
    });
  });

  it('with info and warn off, a held and then lost lock logs nothing and still decides', async () => {
    const fw = quiet();
    const { id } = await priced(fw);
    redis.holdFor(`book:${id}`, 1);
    redis.loseNextLock();
    const booked = await fw.bookings.book(id);
    expect(booked.status).toBe('confirmed');
    expect(redis.answers).toEqual(['held', 'taken', 'taken']);
    expect(books()).toBe(1);
  });

  it('with warn off, a failed release logs nothing and the booking stands', async () => {
    const fw = quiet();
    const { id } = await priced(fw);
    redis.failReleases();
    expect((await fw.bookings.book(id)).status).toBe('confirmed');
  });

  it('a guarded book under the lock: the fare is read, then book sent once', async () => {
    const { fw } = shared();
    const { id, fare } = await priced(fw);
    const booked = await fw.bookings.book(id, { expectedFinalFare: fare });
    expect(booked.status).toBe('confirmed');
    expect(sbx.control.requests().map((r) => r.endpoint)).toEqual(['retrieve', 'book']);
    expect(redis.taken).toHaveLength(1);
  });
});
