/**
 * `fareway/http`'s `toHttpAnswer` on errors the client really throws, against the sandbox (issue
 * 32, part 2): the status, `Retry-After`, the body's code and ids; the service's refusal of a
 * request (`bad_request`) is a 422, never a 500; nothing of the key, a passenger's data or an
 * unknown error's text reaches the body.
 */
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  BookingStateError,
  ConfigurationError,
  FareExpiredError,
  PassengerRejectedError,
  PriceChangedError,
  RateLimitError,
  RequestValidationError,
  type SearchParams,
} from '../../src/index.js';
import { toHttpAnswer, type HttpAnswer } from '../../src/http.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 32 });
const trip: SearchParams = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: inDays(20),
  adult_count: 2,
  source: 'supplier_a',
};

async function failure(
  p: Promise<unknown>,
  cls: abstract new (...args: never[]) => unknown,
): Promise<HttpAnswer> {
  const error = await p.then(
    () => expect.unreachable('expected a rejection'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(cls);
  return toHttpAnswer(error);
}

async function held(fareway = sbx.client()) {
  const results = await fareway.flights.search(trip);
  const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
  return { fareway, results, booking, list: passengersFor(results) };
}

describe('the traveller can act: 4xx with what to fix', () => {
  it('bad input: 422 invalid_request, every field named, nothing sent', async () => {
    const answer = await failure(
      sbx.client().flights.search({ ...trip, origin: 'Delhi', adult_count: 0 }),
      RequestValidationError,
    );
    expect(answer).toMatchObject({ status: 422, headers: {}, body: { error: { code: 'invalid_request' } } });
    expect(answer.body.error.issues?.map((i) => i.path).sort()).toEqual(['adult_count', 'origin']);
    expect(sbx.calls('search')).toHaveLength(0);
  });

  it("the service's refusal of the passengers: 422 with its issues and the booking, no passenger data", async () => {
    const { booking, list } = await held();
    const answer = await failure(
      sbx.client().bookings.savePassengers(booking.booking_id, [list[0]!]),
      PassengerRejectedError,
    );
    expect(answer).toMatchObject({
      status: 422,
      body: { error: { code: 'invalid_request', booking_id: booking.booking_id } },
    });
    expect(answer.body.error.issues).toEqual([
      { path: 'passengers', message: expect.stringMatching(/adult/) },
    ]);
    expect(answer.body.error.request_id).toMatch(/\S/);
    const text = JSON.stringify(answer);
    for (const value of [list[0]!.first_name, list[0]!.last_name, list[0]!.passport_number])
      expect(text).not.toContain(value);
  });

  it("the service's own refusal (bad_request) is a 422 with its reason, not a 500", async () => {
    sbx.control.failNext('search', { status: 400, detail: 'Route DEL-BOM is not served on that date' });
    const answer = await failure(sbx.client().flights.search(trip), BadRequestError);
    expect(answer).toMatchObject({
      status: 422,
      body: { error: { code: 'request_refused', details: ['Route DEL-BOM is not served on that date'] } },
    });
  });

  it('a moved price: 409 price_changed with both fares and the booking', async () => {
    const { fareway, booking, list } = await held();
    await fareway.bookings.savePassengers(booking, list);
    sbx.control.movePriceOnNextReprice(750);
    const repriced = await fareway.bookings.reprice(booking);
    const agreed = booking.pricing.final_fare;
    const answer = await failure(
      fareway.bookings.book(booking, { expectedFinalFare: agreed }),
      PriceChangedError,
    );
    expect(answer).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'price_changed',
          booking_id: booking.booking_id,
          previous_fare: agreed,
          new_fare: repriced.pricing.final_fare,
        },
      },
    });
    expect(sbx.calls('book')).toHaveLength(0);
  });

  it('an expired fare: 409 fare_expired', async () => {
    const { fareway, booking, list } = await held();
    sbx.control.expireBooking(booking.booking_id);
    const answer = await failure(fareway.bookings.savePassengers(booking, list), FareExpiredError);
    expect(answer).toMatchObject({ status: 409, body: { error: { code: 'fare_expired' } } });
  });

  it('reprice of a confirmed booking: 409 invalid_state with the status and the PNR', async () => {
    const { fareway, booking, list } = await held();
    await fareway.bookings.savePassengers(booking, list);
    await fareway.bookings.reprice(booking);
    const done = await fareway.bookings.book(booking);
    const answer = await failure(sbx.client().bookings.reprice(booking.booking_id), BookingStateError);
    expect(answer).toMatchObject({
      status: 409,
      body: { error: { code: 'invalid_state', booking_status: 'confirmed', booking_id: booking.booking_id } },
    });
    expect(answer.body.error.pnr).toBe(done.pnr);
  });
});

describe('busy, away or broken: 503 with Retry-After, 502, 500', () => {
  it("a 429 from the service: 503 with the service's Retry-After", async () => {
    sbx.control.failNext('search', { status: 429, headers: { 'Retry-After': '7' } });
    const answer = await failure(sbx.client({ maxRetries: 0 }).flights.search(trip), RateLimitError);
    expect(answer).toMatchObject({
      status: 503,
      headers: { 'retry-after': '7' },
      body: { error: { code: 'unavailable', retry_after_seconds: 7 } },
    });
  });

  it('a revoked key: 503, and the key never appears', async () => {
    const apiKey = sbx.sandbox.apiKey;
    sbx.control.failNext('search', { status: 401, detail: `Invalid API key ${apiKey}` });
    const answer = await failure(sbx.client().flights.search(trip), Error);
    expect(answer).toMatchObject({ status: 503, body: { error: { code: 'unavailable' } } });
    expect(JSON.stringify(answer)).not.toContain(apiKey);
    expect(JSON.stringify(answer)).not.toMatch(/API key/i);
  });

  it("the service's fault: 502 upstream_failed with the request id", async () => {
    sbx.control.failNext('search', { status: 500, times: 10 });
    const answer = await failure(sbx.client({ maxRetries: 0 }).flights.search(trip), Error);
    expect(answer).toMatchObject({ status: 502, body: { error: { code: 'upstream_failed' } } });
  });

  it('anything that is not a Fareway error: a bare 500, nothing of its text', () => {
    const answer = toHttpAnswer(new TypeError('secret-token-123 is undefined'));
    expect(answer).toEqual({
      status: 500,
      headers: {},
      body: { error: { code: 'internal', message: 'Something went wrong' } },
    });
    // A look-alike with a Fareway code is not a Fareway error.
    expect(toHttpAnswer({ code: 'not_found', ids: { booking_id: 'b' } }).status).toBe(500);
    expect(toHttpAnswer(undefined).status).toBe(500);
  });
});

describe('options', () => {
  it('a code can answer differently; a 503 without a wait of its own takes retryAfterSeconds', () => {
    const error = new ConfigurationError('FAREWAY_API_KEY is missing');
    expect(
      toHttpAnswer(error, {
        answers: { invalid_configuration: { status: 503, message: 'Down for maintenance' } },
      }),
    ).toEqual({
      status: 503,
      headers: { 'retry-after': '5' },
      body: { error: { code: 'internal', message: 'Down for maintenance', retry_after_seconds: 5 } },
    });
    const closed = toHttpAnswer(new (class extends RateLimitError {})({ status: 429 }), {
      retryAfterSeconds: 30,
    });
    expect(closed.headers['retry-after']).toBe('30');
  });

  it('a bad option is a ConfigurationError naming it', () => {
    const bad = () => toHttpAnswer(new TypeError('x'), { answers: { nope: { status: 200 } } } as never);
    expect(bad).toThrow(ConfigurationError);
    expect(bad).toThrow(/answers/);
    expect(() => toHttpAnswer(new TypeError('x'), { retryAfterSeconds: 0 })).toThrow(/retryAfterSeconds/);
  });
});
