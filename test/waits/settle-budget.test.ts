/**
 * Settling an interrupted book ends with the call's budget (issue 30, item 4): a book whose
 * answer does not come within its `timeout` is read back, but only until that budget (plus a
 * floor of one or two reads) is spent — then BookingOutcomeUnknownError, with the book still in
 * flight at the service. On 1.1 the reads went on for `bookReconcile.timeoutMs` (here 60 s), so
 * the call below resolved only once the service had answered. Nothing is lost and nothing is
 * done twice: once the service has booked, book again returns that booking (one debit).
 * Ordering, not timing, is asserted.
 */
import { describe, expect, it } from 'vitest';
import { BookingOutcomeUnknownError, type Fareway } from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 34 });

async function priced(fareway: Fareway) {
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(23),
  });
  const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
  await fareway.bookings.savePassengers(booking, passengersFor(results));
  return booking;
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 50));
};

describe("settling an interrupted book ends with the call's budget", () => {
  it('the call ends BookingOutcomeUnknownError while the book is still in flight; book again returns it once made', async () => {
    const fareway = sbx.client({ bookReconcile: { timeoutMs: 60_000, intervalMs: 100 } });
    const booking = await priced(fareway);
    // The service takes 5 s to book: far more than the call's 300 ms, far less than 60 s.
    sbx.control.failNext('book', { delayMs: 5_000 });
    const error = await fareway.bookings.book(booking, { timeout: 300 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BookingOutcomeUnknownError);
    expect((error as BookingOutcomeUnknownError).ids.booking_id).toBe(booking.booking_id);
    // The service has not answered yet: the call did not wait for it.
    const state = () => sbx.control.getBooking(booking.booking_id)!;
    expect(state().status).not.toBe('confirmed');
    expect(state().debits).toHaveLength(0);
    // Once the service has booked, the booking is there, booked once; a second book returns it.
    await until(() => state().status === 'confirmed');
    const again = await fareway.bookings.book(booking);
    expect(again.pnr).toBe(state().pnr);
    // (The second book was refused by the service as already confirmed: one debit.)
    expect(state().debits).toHaveLength(1);
  }, 30_000);
});
