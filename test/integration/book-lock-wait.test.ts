/**
 * Book's wait for another process's book lock (book.ts, `bookExclusively`), in-process against
 * the Redis store double (test/helpers/memory-redis.ts; issue 33): the wait is bounded by the
 * call's budget (its `timeout`, else the client's), a wait that ends with the lock still held ends
 * the call at once (BookingInProgressError, nothing sent, no further rounds), and
 * `bookLockUnavailable: 'refuse'` refuses only when no lock could be had at all. The waits end
 * through the double's `onWait` (as the store's timeout or a release would): no timing here.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookingInProgressError, type Fareway, type FarewayOptions } from '../../src/index.js';
import { useMemoryRedis, type MemoryLock, type MemoryRedis } from '../helpers/memory-redis.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 41 });
const ONE_WAY = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(23) };
const SHARED = { search: false, book: false, other: false, redis: {} } as const;

let redis: MemoryRedis;
beforeEach(() => {
  redis = useMemoryRedis();
});
afterEach(() => redis.restore());

const shared = (opts: FarewayOptions = {}) => sbx.client({ rateLimits: SHARED, ...opts });

async function priced(fw: Fareway) {
  const results = await fw.flights.search(ONE_WAY);
  const booking = await fw.bookings.create(results.select(results.outbound[0]!));
  await fw.bookings.savePassengers(booking, passengersFor(results));
  await fw.bookings.reprice(booking);
  sbx.control.clearRequests();
  return booking.booking_id;
}
const sent = (endpoint: 'book' | 'retrieve') => sbx.calls(endpoint).length;
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );

describe("the wait for another process's book lock", () => {
  it("waits within the call's own timeout; freed without a booking, the next round books once", async () => {
    const fw = shared({ timeout: 60_000 });
    const id = await priced(fw);
    const theirs = redis.take(`book:${id}`) as MemoryLock;
    // The other process ends without booking as soon as this call waits for it.
    redis.onWait(() => void queueMicrotask(() => void theirs.release()));
    const booked = await fw.bookings.book(id, { timeout: 20_000 });
    expect(booked).toMatchObject({ status: 'confirmed', reconciled: false });
    expect(redis.waits).toHaveLength(1);
    const [wait] = redis.waits;
    expect(wait!.name).toBe(`book:${id}`);
    // What is left of this call's 20 s (not the client's 60 s, not nothing, never more).
    expect(wait!.timeoutMs).toBeGreaterThan(0);
    expect(wait!.timeoutMs).toBeLessThanOrEqual(20_000);
    expect(redis.answers).toEqual(['held', 'taken']);
    expect(sent('book')).toBe(1);
  });

  it("without a call timeout the client's timeout bounds the wait", async () => {
    const fw = shared({ timeout: 15_000 });
    const id = await priced(fw);
    const theirs = redis.take(`book:${id}`) as MemoryLock;
    redis.onWait(() => void queueMicrotask(() => void theirs.release()));
    expect((await fw.bookings.book(id)).status).toBe('confirmed');
    expect(redis.waits[0]!.timeoutMs).toBeGreaterThan(0);
    expect(redis.waits[0]!.timeoutMs).toBeLessThanOrEqual(15_000);
  });

  it('a wait that ends with the lock still held: BookingInProgressError at once, one round, nothing sent', async () => {
    const fw = shared();
    const id = await priced(fw);
    redis.take(`book:${id}`);
    // The store's timeout passes while the other process still holds the lock.
    redis.onWait(() => false);
    const error = await rejection(fw.bookings.book(id));
    expect(error).toBeInstanceOf(BookingInProgressError);
    expect(error).toMatchObject({ booking_id: id });
    expect(JSON.stringify(error)).toContain('priced');
    // No second round: the budget is spent, so the call neither waits again nor books.
    expect(redis.answers).toEqual(['held']);
    expect(redis.waits).toHaveLength(1);
    expect(sent('retrieve')).toBe(1);
    expect(sent('book')).toBe(0);
  });

  it('a wait that ends free: the booking is read, and the next round takes the lock', async () => {
    const fw = shared();
    const id = await priced(fw);
    redis.holdFor(`book:${id}`, 1);
    redis.onWait(() => true);
    expect((await fw.bookings.book(id)).status).toBe('confirmed');
    expect(redis.answers).toEqual(['held', 'taken']);
    expect(sbx.control.requests().map((r) => r.endpoint)).toEqual(['retrieve', 'book']);
  });
});

describe("bookLockUnavailable: 'refuse' with Redis answering", () => {
  it('a lock taken books as usual (refuse is only for a lock that could not be had)', async () => {
    const fw = shared({ bookLockUnavailable: 'refuse' });
    const id = await priced(fw);
    const booked = await fw.bookings.book(id);
    expect(booked).toMatchObject({ status: 'confirmed', reconciled: false });
    expect(redis.answers).toEqual(['taken']);
    expect(sent('book')).toBe(1);
  });

  it('a lock held by another process is waited for, not refused', async () => {
    const fw = shared({ bookLockUnavailable: 'refuse' });
    const id = await priced(fw);
    redis.holdFor(`book:${id}`, 1);
    expect((await fw.bookings.book(id)).status).toBe('confirmed');
    expect(redis.answers).toEqual(['held', 'taken']);
    expect(sent('book')).toBe(1);
  });
});
