import { describe, expect, it } from 'vitest';
import {
  APIError,
  BadRequestError,
  ClientClosedError,
  FareExpiredError,
  FareExpiredLocallyError,
  FarewayError,
  InsufficientBalanceError,
  InternalServerError,
  isFareExpired,
  UpstreamError,
} from '../../src/index.js';
import type { Endpoint } from '../../src/core/options/options.js';
import { classifyFailure } from '../../src/core/wire/failure.js';
import { BOOKING, bookingBody } from '../fixtures/wire.js';
import { client, envelope, mockService } from '../helpers/mock-service.js';

const svc = mockService();

const ENDPOINTS: Endpoint[] = [
  'search',
  'fareRules',
  'createBooking',
  'savePassengers',
  'reprice',
  'book',
  'retrieve',
  'list',
  'autocomplete',
];

const balance = ['Insufficient wallet balance: need 5230.50, have 100.00'];

describe('the balance reading belongs to book’s 4xx answers', () => {
  it.each([
    [502, 'book', UpstreamError],
    [500, 'book', InternalServerError],
    [503, undefined, InternalServerError],
    [400, 'savePassengers', BadRequestError],
    [400, 'search', BadRequestError],
  ])('%i on %s mentioning a balance is not InsufficientBalanceError', (status, endpoint, cls) => {
    const error = APIError.generate({ status, details: balance, endpoint });
    expect(error).toBeInstanceOf(cls);
    expect(error).not.toBeInstanceOf(InsufficientBalanceError);
  });

  it.each([
    [402, [] as string[], 'book'],
    [400, balance, 'book'],
    [422, balance, 'book'],
    [402, [] as string[], undefined],
  ])('%i with %j on %s is InsufficientBalanceError', (status, details, endpoint) => {
    expect(APIError.generate({ status, details, endpoint })).toBeInstanceOf(InsufficientBalanceError);
  });

  it('through the client: a 502 on book and a 503 on search that mention a balance keep their 5xx class', async () => {
    svc.reply(
      'post',
      `/v1/flights/booking/${BOOKING}/book/`,
      envelope('Upstream error: insufficient wallet balance at supplier'),
      { status: 502 },
    );
    // The service's own 502 on book: one retrieve decides; the booking is still bookable, so the
    // 502 itself is thrown (with the booking's status), never an InsufficientBalanceError.
    svc.reply('get', `/v1/flights/booking/${BOOKING}/`, bookingBody('priced'));
    const book = await client()
      .bookings.book(BOOKING)
      .catch((e: unknown) => e);
    expect(book).toBeInstanceOf(UpstreamError);
    expect((book as UpstreamError).context).toMatchObject({ booking_status: 'priced' });
    svc.reply('post', '/v1/flights/search/', envelope('Low balance on the upstream funds account'), {
      status: 503,
    });
    const search = await client()
      .flights.search({
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: new Date(Date.now() + 9 * 86_400_000),
      })
      .catch((e: unknown) => e);
    expect(search).toBeInstanceOf(InternalServerError);
    expect(search).not.toBeInstanceOf(InsufficientBalanceError);
  });

  it('reads the endpoint from context when the init does not name it', () => {
    expect(APIError.generate({ status: 402, context: { endpoint: 'reprice' } })).not.toBeInstanceOf(
      InsufficientBalanceError,
    );
    expect(APIError.generate({ status: 402, context: { endpoint: 'book' } })).toBeInstanceOf(
      InsufficientBalanceError,
    );
  });
});

describe('"fare expired, search again": one class, local or from the service', () => {
  it('FareExpiredError.local() gives a FareExpiredLocallyError, a FareExpiredError with local: true, status 0, nothing sent', () => {
    const error = FareExpiredError.local('The search', { trace_id: 't' });
    expect(error).toBeInstanceOf(FareExpiredLocallyError);
    expect(error).toBeInstanceOf(FareExpiredError);
    expect(error).toBeInstanceOf(FarewayError);
    expect(error.local).toBe(true);
    expect(error.context).toEqual({ trace_id: 't' });
    expect(error.message).toBe('The search has expired; search again (refused locally, nothing was sent)');
    expect(error.details).toEqual(['The search has expired; search again']);
    // No HTTP exchange: status 0 (as a fetch network error), no request id, headers or body.
    expect(error).toMatchObject({
      status: 0,
      requestId: undefined,
      headers: {},
      body: undefined,
      envelope: false,
    });
  });

  it('err instanceof FareExpiredError catches both; local tells them apart', () => {
    const served = APIError.generate({
      status: 409,
      details: ['Fare expired, please search again'],
      requestId: 'req_1',
    });
    const local = FareExpiredError.local('The fare lock of this booking', { booking_id: 'b' });
    for (const error of [served, local]) expect(error).toBeInstanceOf(FareExpiredError);
    expect([served, local].map((e) => (e as FareExpiredError).local)).toEqual([false, true]);
    expect(served).not.toBeInstanceOf(FareExpiredLocallyError);
    expect((served as FareExpiredError).status).toBe(409);
  });

  it('a local refusal is never retried, on any endpoint', () => {
    const local = FareExpiredError.local('The search');
    for (const endpoint of ENDPOINTS)
      expect(classifyFailure(local, endpoint)).toEqual({
        sent: 'no',
        finished: false,
        retry: 'no',
        reconcile: 'no',
      });
  });

  it('isFareExpired (same as instanceof FareExpiredError) catches both, and nothing else', () => {
    expect(isFareExpired(APIError.generate({ status: 409, details: ['Fare expired'] }))).toBe(true);
    expect(isFareExpired(FareExpiredError.local('The fare lock of this booking'))).toBe(true);
    expect(isFareExpired(APIError.generate({ status: 400 }))).toBe(false);
    expect(isFareExpired(new Error('expired'))).toBe(false);
    expect(isFareExpired(undefined)).toBe(false);
  });

  it('ClientClosedError is a FarewayError that says nothing was sent', () => {
    const error = new ClientClosedError();
    expect(error).toBeInstanceOf(FarewayError);
    expect(error.name).toBe('ClientClosedError');
    expect(error.message).toMatch(/closed.*nothing was sent/);
  });
});
