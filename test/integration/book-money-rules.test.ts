/**
 * Book's money rules through the public API against the sandbox (issue 33): a 2xx book answer is
 * a booking only when it is `confirmed` with a PNR; the fare guard compares in paise (a move of
 * 0.01 is refused, a sub-paise float difference is not); a guarded book of a booking already
 * confirmed at another fare — by an earlier call, or by the call it joined — is refused; a fare
 * that cannot be read refuses the book.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  BookingOutcomeUnknownError,
  PriceChangedError,
  ResponseValidationError,
  type Fareway,
} from '../../src/index.js';
import { faultyFetch, isRetrieve } from '../helpers/create-faults.js';
import { inDays, passengersFor, SANDBOX_URL, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 33 });
const ONE_WAY = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(25) };
const BOOK = `${SANDBOX_URL}/v1/flights/booking/:id/book/`;

async function priced(fw: Fareway) {
  const results = await fw.flights.search(ONE_WAY);
  const booking = await fw.bookings.create(results.select(results.outbound[0]!));
  await fw.bookings.savePassengers(booking, passengersFor(results));
  const { pricing } = await fw.bookings.reprice(booking);
  sbx.control.clearRequests();
  return { id: booking.booking_id, fare: pricing.final_fare, pricing };
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    (value) => ({ resolved: value }),
    (e: unknown) => e,
  );
const status = (id: string) => sbx.control.getBooking(id)!.status;

describe('a 2xx book answer is a booking only when confirmed with a PNR', () => {
  // A readable answer that is not a booking: one retrieve finds the booking untouched, and the
  // answer's own error stands. An answer the schema refuses (no PNR): the outcome is unknown.
  // (Each body carries the booking's pricing, which a book answer must: book-pricing.test.ts.)
  for (const [what, body, thrown] of [
    ['status priced, with a PNR', { status: 'priced', pnr: 'PNR123' }, ResponseValidationError],
    ['status failed, with a PNR', { status: 'failed', pnr: 'PNR123' }, ResponseValidationError],
    ['confirmed without a PNR', { status: 'confirmed' }, BookingOutcomeUnknownError],
    ['confirmed with an empty PNR', { status: 'confirmed', pnr: '' }, BookingOutcomeUnknownError],
  ] as const) {
    it(`${what}: not returned as booked; the booking's own state decides (still priced)`, async () => {
      const fw = sbx.client({ maxRetries: 0, bookReconcile: { timeoutMs: 200, intervalMs: 20 } });
      const { id, pricing } = await priced(fw);
      let books = 0;
      sbx.server.use(
        http.post(BOOK, ({ params }) => {
          books++;
          return HttpResponse.json(
            { booking_id: params.id, pricing, ...body },
            { headers: { 'x-request-id': 'req_x' } },
          );
        }),
      );
      const error = await rejection(fw.bookings.book(id));
      expect(error).toBeInstanceOf(thrown);
      expect(books).toBe(1);
      expect(status(id)).toBe('priced');
      if (thrown === ResponseValidationError)
        expect(error).toMatchObject({
          issues: [{ path: 'status', message: `expected confirmed with a PNR, got ${body.status}` }],
          status: 200,
          endpoint: `POST /v1/flights/booking/${id}/book/`,
          requestId: 'req_x',
          ids: { booking_id: id },
        });
    });
  }

  it('a confirmed answer with a PNR is the booking (the control case)', async () => {
    const fw = sbx.client({ maxRetries: 0 });
    const { id } = await priced(fw);
    const booked = await fw.bookings.book(id);
    expect(booked).toMatchObject({ status: 'confirmed', reconciled: false });
    expect(booked.pnr).toBe(sbx.control.getBooking(id)!.pnr);
  });
});

describe('the fare guard compares in paise', () => {
  for (const delta of [0.01, -0.01, 1, -0.5]) {
    it(`a fare ${delta > 0 ? 'above' : 'below'} expectedFinalFare by ${Math.abs(delta)}: PriceChangedError, nothing sent`, async () => {
      const fw = sbx.client();
      const { id, fare } = await priced(fw);
      const expected = Math.round((fare + delta) * 100) / 100;
      const error = await rejection(fw.bookings.book(id, { expectedFinalFare: expected }));
      expect(error).toBeInstanceOf(PriceChangedError);
      expect(error).toMatchObject({ booking_id: id, previousFare: expected, newFare: fare });
      expect((error as Error).message).toBe(
        `Booking ${id}: expectedFinalFare ${expected} does not match the service's current fare ${fare}; nothing was sent`,
      );
      expect(sbx.calls('book')).toHaveLength(0);
      expect(status(id)).toBe('priced');
    });
  }

  it('the same fare as a float sum (a sub-paise difference) books', async () => {
    const fw = sbx.client();
    const { id, fare } = await priced(fw);
    // 0.1 + 0.2 !== 0.3 in floats: the guard must not refuse a fare equal to the paisa.
    const expected = fare - 0.3 + 0.1 + 0.2;
    const booked = await fw.bookings.book(id, { expectedFinalFare: expected + 0.004 });
    expect(booked.status).toBe('confirmed');
    expect(sbx.calls('book')).toHaveLength(1);
  });

  it('the guard reads the fare from the service (one retrieve before book)', async () => {
    const fw = sbx.client();
    const { id, fare } = await priced(fw);
    await fw.bookings.book(id, { expectedFinalFare: fare });
    expect(sbx.control.requests().map((r) => r.endpoint)).toEqual(['retrieve', 'book']);
  });
});

describe('a guarded book of a booking already confirmed', () => {
  it('at another fare (an earlier call booked it): PriceChangedError naming both fares, nothing sent', async () => {
    const fw = sbx.client();
    const { id, fare } = await priced(fw);
    await fw.bookings.book(id);
    sbx.control.clearRequests();
    const other = fare + 0.01;
    const error = await rejection(fw.bookings.book(id, { expectedFinalFare: other }));
    expect(error).toBeInstanceOf(PriceChangedError);
    expect(error).toMatchObject({ booking_id: id, previousFare: other, newFare: fare });
    expect(sbx.calls('book')).toHaveLength(0);
  });

  it('at its own fare: the booking is reported (reconciled), nothing sent', async () => {
    const fw = sbx.client();
    const { id, fare } = await priced(fw);
    const first = await fw.bookings.book(id);
    sbx.control.clearRequests();
    const again = await fw.bookings.book(id, { expectedFinalFare: fare });
    expect(again).toMatchObject({ pnr: first.pnr, reconciled: true });
    expect(sbx.calls('book')).toHaveLength(0);
  });

  it('joined in flight at another fare: the joined call is refused, the first books; one book sent', async () => {
    const fw = sbx.client();
    const { id, fare } = await priced(fw);
    const first = fw.bookings.book(id);
    const joined = fw.bookings.book(id, { expectedFinalFare: fare + 0.01 });
    const [a, b] = await Promise.allSettled([first, joined]);
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('rejected');
    const error = (b as PromiseRejectedResult).reason as PriceChangedError;
    expect(error).toBeInstanceOf(PriceChangedError);
    expect(error).toMatchObject({ booking_id: id, previousFare: fare + 0.01, newFare: fare });
    expect(error.message).toBe(
      `Booking ${id} was booked by a concurrent call at ${fare}, not at the expectedFinalFare ${fare + 0.01} of this call`,
    );
    expect(sbx.calls('book')).toHaveLength(1);
  });

  it('joined in flight without a guard: both get the one booking, and the join is logged at debug', async () => {
    const lines: Array<[string, unknown]> = [];
    const fw = sbx.client({
      logLevel: 'debug',
      logger: { debug: (msg: string, meta?: unknown) => lines.push([msg, meta]) },
    });
    const { id } = await priced(fw);
    const [a, b] = await Promise.all([fw.bookings.book(id), fw.bookings.book(id)]);
    expect(b.pnr).toBe(a.pnr);
    expect(sbx.calls('book')).toHaveLength(1);
    expect(lines).toContainEqual([
      `book of ${id} is already in flight on this client; joining it`,
      { booking_id: id },
    ]);
  });

  it('joined in flight at its own fare: both get the one booking', async () => {
    const fw = sbx.client();
    const { id, fare } = await priced(fw);
    const [a, b] = await Promise.all([
      fw.bookings.book(id),
      fw.bookings.book(id, { expectedFinalFare: fare }),
    ]);
    expect(b.pnr).toBe(a.pnr);
    expect(sbx.calls('book')).toHaveLength(1);
  });
});

describe('a fare that cannot be read refuses a guarded book', () => {
  it('get-booking without pricing.final_fare: ResponseValidationError, nothing sent', async () => {
    let cut = false;
    const fw = sbx.client({
      maxRetries: 0,
      fetch: faultyFetch({
        match: (s) => cut && isRetrieve(s),
        async respond(forward) {
          const body = (await (await forward()).json()) as { pricing: Record<string, unknown> };
          delete body.pricing.final_fare;
          return HttpResponse.json(body);
        },
      }),
    });
    const { id, fare } = await priced(fw);
    cut = true;
    const error = await rejection(fw.bookings.book(id, { expectedFinalFare: fare }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(sbx.calls('book')).toHaveLength(0);
    expect(status(id)).toBe('priced');
  });
});
