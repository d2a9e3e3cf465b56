/**
 * A booking step refused because of the booking's status is a `BookingStateError` (issue 25):
 * `invalid_booking_state`, still a `BadRequestError`, with the booking's status, the step and the
 * ids. Against the sandbox over real HTTP on 127.0.0.1: its own wording ("Cannot book booking …
 * in status 'confirmed'"), and a service that words its 400 differently (one retrieve tells the
 * status; book is never sent twice).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  BookingStateError,
  Fareway,
  type FarewayOptions,
  type SearchParams,
} from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const sandbox = createSandbox({ seed: 25 });
let served: ListeningSandbox;
const clients: Fareway[] = [];
beforeAll(async () => {
  served = await sandbox.listen({ rateLimits: false });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  sandbox.control.reset();
});
afterAll(async () => {
  await served.close();
});

function client(opts: FarewayOptions = {}): Fareway {
  const c = new Fareway({
    apiKey: served.apiKey,
    baseUrl: served.url,
    logger: null,
    rateLimits: false,
    retryBackoff: { baseDelayMs: 5, maxDelayMs: 20 },
    ...opts,
  });
  clients.push(c);
  return c;
}

const params: SearchParams = {
  origin: 'BLR',
  destination: 'GOI',
  preferred_departure_time: inDays(30),
  source: 'supplier_a',
};

/** A booking with passengers saved and repriced, ready to book. */
async function priced(fw: Fareway) {
  const results = await fw.flights.search(params);
  const booking = await fw.bookings.create(results.select(results.outbound[0]!));
  const passengers = passengersFor(results);
  await fw.bookings.savePassengers(booking, passengers);
  await fw.bookings.reprice(booking);
  return { booking, passengers };
}

/** A confirmed booking and its PNR; the request log cleared. */
async function confirmed(fw: Fareway) {
  const { booking, passengers } = await priced(fw);
  const booked = await fw.bookings.book(booking);
  sandbox.control.clearRequests();
  return { booking, passengers, pnr: booked.pnr };
}

async function rejection(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

const sent = (endpoint: string) => sandbox.control.requests().filter((r) => r.endpoint === endpoint).length;

describe("the sandbox's wording: a step in a status that does not allow it", () => {
  it('reprice of a confirmed booking: BookingStateError, status confirmed, ids.booking_id, still a BadRequestError', async () => {
    const fw = client();
    const { booking, pnr } = await confirmed(fw);
    const error = await rejection(fw.bookings.reprice(booking));
    expect(error).toBeInstanceOf(BookingStateError);
    expect(error).toBeInstanceOf(BadRequestError);
    const e = error as BookingStateError;
    expect(e).toMatchObject({
      code: 'invalid_booking_state',
      status: 400,
      booking_status: 'confirmed',
      operation: 'reprice',
      booking_id: booking.booking_id,
    });
    expect(e.ids).toEqual({ booking_id: booking.booking_id, request_id: e.requestId, pnr });
    expect(e.ids.request_id).toEqual(expect.any(String));
    // Recognised from the message: no retrieve was needed.
    expect(sent('retrieve')).toBe(0);
    expect(JSON.parse(JSON.stringify(e))).toMatchObject({
      code: 'invalid_booking_state',
      booking_status: 'confirmed',
      ids: { booking_id: booking.booking_id, pnr },
    });
  });

  it('book of a confirmed booking (no expectedFinalFare): the booking, reconciled, as with expectedFinalFare', async () => {
    const fw = client();
    const { booking, pnr } = await confirmed(fw);
    // 1.1 threw BookingStateError here and resolved with expectedFinalFare: one outcome now.
    const again = await fw.bookings.book(booking.booking_id);
    expect(again).toMatchObject({ pnr, status: 'confirmed', reconciled: true });
    expect(sent('book')).toBe(1);
    expect(sent('retrieve')).toBe(1);
  });

  it('book with expectedFinalFare of a confirmed booking stays a success (documented), nothing sent', async () => {
    const fw = client();
    const { booking, pnr } = await confirmed(fw);
    const again = await fw.bookings.book(booking.booking_id, {
      expectedFinalFare: booking.pricing.final_fare,
    });
    expect(again).toMatchObject({ pnr, reconciled: true });
    expect(sent('book')).toBe(0);
  });

  it('save passengers of a confirmed booking: BookingStateError, operation savePassengers', async () => {
    const fw = client();
    const { booking, passengers } = await confirmed(fw);
    const error = await rejection(fw.bookings.savePassengers(booking.booking_id, passengers));
    expect(error).toBeInstanceOf(BookingStateError);
    expect(error).toMatchObject({ booking_status: 'confirmed', operation: 'savePassengers' });
  });

  it('two clients of the same key book one booking at once: one PNR for both, one debit', async () => {
    const a = client({ maxRetries: 0 });
    const b = client({ maxRetries: 0 });
    const { booking } = await priced(a);
    sandbox.control.clearRequests();
    const [first, second] = await Promise.all([
      a.bookings.book(booking.booking_id),
      b.bookings.book(booking.booking_id),
    ]);
    expect(first.pnr).toBe(second.pnr);
    expect([first.reconciled, second.reconciled].sort()).toEqual([false, true]);
    expect(sandbox.control.getBooking(booking.booking_id)!.debits).toHaveLength(1);
    expect(sent('book')).toBe(2);
  });
});

describe('a service that words its 400 differently: one retrieve tells the status', () => {
  const OTHER = { status: 400, detail: 'Operation not permitted for this booking.' };

  it('reprice of a confirmed booking: one retrieve, then BookingStateError with its PNR; the 400 is its cause', async () => {
    const fw = client();
    const { booking, pnr } = await confirmed(fw);
    sandbox.control.failNext('reprice', OTHER);
    const error = await rejection(fw.bookings.reprice(booking));
    expect(error).toBeInstanceOf(BookingStateError);
    const e = error as BookingStateError;
    expect(e).toMatchObject({ booking_status: 'confirmed', operation: 'reprice', status: 400 });
    expect(e.ids).toMatchObject({ booking_id: booking.booking_id, pnr });
    expect(e.details).toEqual([OTHER.detail]);
    expect(e.cause).toBeInstanceOf(BadRequestError);
    expect(sent('retrieve')).toBe(1);
  });

  it('book of a confirmed booking: the booking after one retrieve; book is never sent again', async () => {
    const fw = client();
    const { booking, pnr } = await confirmed(fw);
    sandbox.control.failNext('book', OTHER);
    const again = await fw.bookings.book(booking.booking_id);
    expect(again).toMatchObject({ pnr, reconciled: true });
    expect(sent('book')).toBe(1);
    expect(sent('retrieve')).toBe(1);
  });

  it('a 400 on a booking whose status allows the step stays the BadRequestError (one retrieve, one book)', async () => {
    const fw = client();
    const { booking } = await priced(fw);
    sandbox.control.clearRequests();
    sandbox.control.failNext('book', OTHER);
    const error = await rejection(fw.bookings.book(booking.booking_id));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).not.toBeInstanceOf(BookingStateError);
    expect(error).toMatchObject({ code: 'bad_request', details: [OTHER.detail] });
    expect(sent('book')).toBe(1);
    expect(sent('retrieve')).toBe(1);
  });

  it('save passengers: typed from the wording only, its 400s are not each worth a read', async () => {
    const fw = client();
    const { booking, passengers } = await confirmed(fw);
    sandbox.control.failNext('savePassengers', OTHER);
    const error = await rejection(fw.bookings.savePassengers(booking, passengers));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).not.toBeInstanceOf(BookingStateError);
    expect(sent('retrieve')).toBe(0);
  });

  it("a 400 that is not the service's envelope (a proxy page) is left as it is: no retrieve", async () => {
    const fw = client();
    const { booking } = await confirmed(fw);
    sandbox.control.failNext('reprice', { status: 400, body: '<html>Bad Request</html>' });
    const error = await rejection(fw.bookings.reprice(booking));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).not.toBeInstanceOf(BookingStateError);
    expect(sent('retrieve')).toBe(0);
  });
});
