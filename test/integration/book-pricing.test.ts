/**
 * `BookResult.pricing` as the service sends it on a confirmed book (issue 32, part 6): typed
 * `Pricing` (1.1: optional), and always there at run time — from book's answer, or, when an
 * answer lacks it, from reading the booking (the answer is then settled by reading, as any 2xx
 * book answer that breaks the contract; nothing is booked twice).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  BookingOutcomeUnknownError,
  PriceChangedError,
  type BookFlightResult,
  type BookResult,
  type Fareway,
  type FetchLike,
  type Pricing,
} from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 32 });
const ONE_WAY = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(25) };

async function priced(fw: Fareway) {
  const results = await fw.flights.search(ONE_WAY);
  const booking = await fw.bookings.create(results.select(results.outbound[0]!));
  await fw.bookings.savePassengers(booking, passengersFor(results));
  const { pricing } = await fw.bookings.reprice(booking);
  sbx.control.clearRequests();
  return { id: booking.booking_id, pricing };
}

/** A fetch whose book answers come without `pricing` (the service booked; the answer lacks it). */
const withoutBookPricing: FetchLike = async (input, init) => {
  const response = await fetch(input, init);
  if (!new URL(input.url).pathname.endsWith('/book/') || !response.ok) return response;
  const body = (await response.json()) as Record<string, unknown>;
  delete body.pricing;
  return Response.json(body, { status: response.status, headers: response.headers });
};

describe('BookResult.pricing', () => {
  it('is typed as the service sends it on a confirmed book: Pricing, not optional', () => {
    expectTypeOf<BookResult['pricing']>().toEqualTypeOf<Pricing>();
    expectTypeOf<BookResult['pricing']['final_fare']>().toEqualTypeOf<number>();
    expectTypeOf<BookFlightResult['booking']['pricing']>().toEqualTypeOf<Pricing>();
  });

  it("a confirmed book carries the fare the wallet was debited: the reprice's final_fare", async () => {
    const fw = sbx.client();
    const { id, pricing } = await priced(fw);
    const before = sbx.control.walletBalance();
    const booked = await fw.bookings.book(id, { expectedFinalFare: pricing.final_fare });
    expect(booked).toMatchObject({ status: 'confirmed', reconciled: false });
    expect(booked.pricing.final_fare).toBe(pricing.final_fare);
    expect(booked.pricing.currency).toBe(pricing.currency);
    expect(before - sbx.control.walletBalance()).toBeCloseTo(booked.pricing.final_fare, 2);
  });

  it('an answer without pricing: read from the booking, one book sent, the PNR the service gave', async () => {
    const fw = sbx.client({ fetch: withoutBookPricing });
    const { id, pricing } = await priced(fw);
    const booked = await fw.bookings.book(id);
    expect(booked.pricing).toMatchObject({ final_fare: pricing.final_fare, currency: pricing.currency });
    expect(booked).toMatchObject({
      status: 'confirmed',
      reconciled: true,
      pnr: sbx.control.getBooking(id)!.pnr,
    });
    expect(sbx.calls('book')).toHaveLength(1);
    expect(sbx.calls('retrieve').length).toBeGreaterThanOrEqual(1);
  });

  it('an answer without pricing and the booking unreadable: outcome unknown, the PNR in its ids', async () => {
    const fw = sbx.client({ fetch: withoutBookPricing, bookReconcile: { timeoutMs: 300, intervalMs: 20 } });
    const { id } = await priced(fw);
    sbx.control.failNext('retrieve', { status: 503, times: 1_000 });
    const error = await fw.bookings.book(id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BookingOutcomeUnknownError);
    const pnr = sbx.control.getBooking(id)!.pnr;
    expect(pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect((error as BookingOutcomeUnknownError).ids).toMatchObject({ booking_id: id, pnr });
    expect(sbx.calls('book')).toHaveLength(1);
  });

  it('joined in flight, the answer without pricing: the joined guard compares the fare read', async () => {
    const fw = sbx.client({ fetch: withoutBookPricing });
    const { id, pricing } = await priced(fw);
    const [a, b] = await Promise.all([
      fw.bookings.book(id),
      fw.bookings.book(id, { expectedFinalFare: pricing.final_fare + 1 }).catch((e: unknown) => e),
    ]);
    expect(a.pricing.final_fare).toBe(pricing.final_fare);
    expect(b).toBeInstanceOf(PriceChangedError);
    expect(b).toMatchObject({ newFare: pricing.final_fare, previousFare: pricing.final_fare + 1 });
    expect(sbx.calls('book')).toHaveLength(1);
  });
});
