/**
 * An explicit guard is never skipped (issue 9 item 1): `book(id, { expectedFinalFare })` from a
 * client that never saw the reprice — a fresh client object, or another process — is verified
 * against the service. A stale fare is refused with PriceChangedError and no book is sent; the
 * current fare books.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { PriceChangedError, type Fareway } from '../../src/index.js';
import { runTsChild } from '../helpers/redis.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';
import { countUnhandled, SEARCH, startStack, type Stack } from './harness.js';

const CHILD = fileURLToPath(new URL('./children/book-child.ts', import.meta.url));
const unhandled = countUnhandled();
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ seed: 44 });
});
afterAll(async () => {
  unhandled.stop();
  await stack?.close();
});

const booksSent = (id: string) =>
  stack.sandbox.control.requests().filter((r) => r.endpoint === 'book' && r.path.includes(id)).length;

/** Client A: create, save passengers, reprice with a moved fare. Returns the fares before and after. */
async function movedFare(): Promise<{ id: string; oldFare: number; newFare: number; a: Fareway }> {
  const a = stack.client('client-a');
  const results = await a.flights.search({ ...SEARCH, preferred_departure_time: inDays(25) });
  const booking = await a.bookings.create(results.select(results.outbound[0]!));
  await a.bookings.savePassengers(booking, passengersFor(results));
  stack.sandbox.control.movePriceOnNextReprice(4_000);
  const priced = await a.bookings.reprice(booking.booking_id);
  expect(priced.pricing.price_changed).toBe(true);
  expect(priced.pricing.final_fare).not.toBe(booking.pricing.final_fare);
  return {
    id: booking.booking_id,
    oldFare: booking.pricing.final_fare,
    newFare: priced.pricing.final_fare,
    a,
  };
}

describe('expectedFinalFare from a client that never saw the reprice', () => {
  it('a fresh client refuses the old fare with PriceChangedError and sends no book', async () => {
    const { id, oldFare, newFare } = await movedFare();
    const b = stack.client('client-b');
    const error = await b.bookings.book(id, { expectedFinalFare: oldFare }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PriceChangedError);
    expect((error as PriceChangedError).newFare).toBeCloseTo(newFare, 2);
    expect(booksSent(id)).toBe(0);
    expect(stack.sandbox.control.getBooking(id)!.status).toBe('priced');
  });

  it('a fresh client books with the current fare', async () => {
    const { id, newFare } = await movedFare();
    const b = stack.client('client-b2');
    const done = await b.bookings.book(id, { expectedFinalFare: newFare });
    expect(done.status).toBe('confirmed');
    expect(done.pnr).toBe(stack.sandbox.control.getBooking(id)!.pnr);
    expect(booksSent(id)).toBe(1);
  });

  it('another process refuses the old fare (no book sent) and then books with the new one', async () => {
    const { id, oldFare, newFare } = await movedFare();
    const env = { FW_URL: stack.proxy.url, FW_KEY: stack.sandbox.apiKey, FW_BOOKING: id, FW_CELL: 'child' };
    const refused = await runTsChild(CHILD, { ...env, FW_EXPECTED: String(oldFare) });
    expect(refused.code, refused.stderr).toBe(0);
    expect(JSON.parse(refused.stdout.trim().split('\n').at(-1)!)).toMatchObject({
      ok: false,
      error: 'PriceChangedError',
    });
    expect(booksSent(id)).toBe(0);
    const booked = await runTsChild(CHILD, { ...env, FW_EXPECTED: String(newFare) });
    expect(booked.code, booked.stderr).toBe(0);
    expect(JSON.parse(booked.stdout.trim().split('\n').at(-1)!)).toMatchObject({
      ok: true,
      pnr: stack.sandbox.control.getBooking(id)!.pnr,
    });
    expect(booksSent(id)).toBe(1);
  }, 60_000);

  it('book(id) without a guard behaves the same from the client that saw the reprice and from a fresh one', async () => {
    // Stateless low level: memory may only refuse earlier what the service would refuse anyway.
    // Two bookings in the same state; one booked by the client that repriced, one by a fresh client.
    const kind = (p: Promise<unknown>) =>
      p.then(
        () => 'booked',
        (e: unknown) => (e as Error).name,
      );
    const first = await movedFare(); // first.a saw the reprice that moved the fare
    const second = await movedFare();
    const fresh = stack.client('client-fresh');
    const [a, b] = [await kind(first.a.bookings.book(first.id)), await kind(fresh.bookings.book(second.id))];
    expect(a).toBe(b);
  });

  it('produced zero unhandled rejections', () => {
    expect(unhandled.reasons.map(String)).toEqual([]);
  });
});
