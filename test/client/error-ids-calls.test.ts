/**
 * Issue 31 (item 4): ids on every error that names a booking or follows a request, provoked
 * through the public API against the sandbox over real HTTP on 127.0.0.1.
 * - CreateOutcomeUnknownError: the X-Request-Id of the create whose fate is unknown, and its trace_id;
 * - BookingOutcomeUnknownError: the book's X-Request-Id and the booking's trace_id;
 * - savePassengers' RequestValidationError and a book's ClientClosedError: the booking the call named.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BookingOutcomeUnknownError,
  ClientClosedError,
  CreateOutcomeUnknownError,
  Fareway,
  FarewayError,
  RequestValidationError,
  type FarewayOptions,
} from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const sandbox = createSandbox({ seed: 3104 });
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
    bookReconcile: { timeoutMs: 200, intervalMs: 20 },
    ...opts,
  });
  clients.push(c);
  return c;
}

async function rejection(promise: PromiseLike<unknown>): Promise<FarewayError> {
  const error = await Promise.resolve(promise).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FarewayError);
  return error as FarewayError;
}

const HTML_502 = '<html><body><h1>502 Bad Gateway</h1></body></html>';
const params = { origin: 'BLR', destination: 'GOI', preferred_departure_time: inDays(30) };
/** The sandbox's X-Request-Id of the last request of `endpoint`. */
const lastRequestId = (endpoint: string) =>
  sandbox.control
    .requests()
    .filter((r) => r.endpoint === endpoint)
    .at(-1)?.requestId;

describe('ids on the errors of a call that followed a request or named a booking (issue 31)', () => {
  it('CreateOutcomeUnknownError: the request id of the create whose fate is unknown, and the trace_id', async () => {
    const fw = client({ maxRetries: 0 });
    const results = await fw.flights.search(params);
    sandbox.control.failNext('createBooking', { status: 502, body: HTML_502 });
    sandbox.control.failNext('list', { drop: true, times: 100 });
    const error = await rejection(fw.bookings.create(results.select(results.outbound[0]!)));
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    const sent = lastRequestId('createBooking');
    expect(sent).toMatch(/^req_/);
    expect(error.ids).toEqual({ request_id: sent, trace_id: results.trace_id });
    expect(error.requestId).toBe(sent);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ ids: { request_id: sent } });
  });

  it('BookingOutcomeUnknownError: the book request id and the booking trace_id', async () => {
    const fw = client();
    const results = await fw.flights.search(params);
    const booking = await fw.bookings.create(results.select(results.outbound[0]!));
    await fw.bookings.savePassengers(booking, passengersFor(results));

    // A stateless handler (a fresh client knowing only the id): the reads show the booking still
    // unbooked for the whole window; the trace comes from them, the request id is the book's.
    sandbox.control.failNext('book', { status: 502, body: HTML_502 });
    const fresh = await rejection(client().bookings.book(booking.booking_id));
    expect(fresh).toBeInstanceOf(BookingOutcomeUnknownError);
    expect(fresh.ids).toEqual({
      booking_id: booking.booking_id,
      request_id: lastRequestId('book'),
      trace_id: results.trace_id,
    });

    // Every read fails: the client that created the booking names its trace from memory.
    sandbox.control.failNext('book', { status: 502, body: HTML_502 });
    sandbox.control.failNext('retrieve', { status: 503, body: 'down', times: 100 });
    const error = await rejection(fw.bookings.book(booking.booking_id));
    expect(error).toBeInstanceOf(BookingOutcomeUnknownError);
    expect(error.ids).toEqual({
      booking_id: booking.booking_id,
      request_id: lastRequestId('book'),
      trace_id: results.trace_id,
    });
  });

  it("savePassengers' RequestValidationError and a book's ClientClosedError name the booking", async () => {
    const fw = client();
    const results = await fw.flights.search(params);
    const booking = await fw.bookings.create(results.select(results.outbound[0]!));
    const id = booking.booking_id;
    const [lead] = passengersFor(results);
    const invalid = await rejection(
      client().bookings.savePassengers(id, [{ ...lead!, email: 'not-an-email' }]),
    );
    expect(invalid).toBeInstanceOf(RequestValidationError);
    expect(invalid.ids).toEqual({ booking_id: id });
    expect(Object.isFrozen(invalid.ids)).toBe(true);

    const closed = client();
    await closed.close();
    const error = await rejection(closed.bookings.book(id));
    expect(error).toBeInstanceOf(ClientClosedError);
    expect(error.ids).toEqual({ booking_id: id });
    // An id that is not a booking_id is not named.
    const bad = await rejection(closed.bookings.book('not a booking id'));
    expect(bad.ids).toEqual({});
  });
});
