import { http, HttpResponse } from 'msw';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  AuthenticationError,
  BadRequestError,
  FareExpiredError,
  InsufficientBalanceError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  ResponseValidationError,
  UpstreamError,
  type ContractDriftEvent,
} from '../../src/index.js';
import { BOOKING, oneWaySearch } from '../fixtures/wire.js';
import { BASE, KEY, client, envelope, mockService } from '../helpers/mock-service.js';

const svc = mockService();
const retrievePath = `/v1/flights/booking/${BOOKING}/`;

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

function expectNoKey(error: Error) {
  for (const text of [
    error.message,
    error.stack ?? '',
    JSON.stringify(error),
    inspect(error, { depth: 20, showHidden: true }),
  ]) {
    expect(text).not.toContain(KEY);
  }
}

describe('the error envelope becomes a typed error', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [404, NotFoundError],
    [409, FareExpiredError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, UpstreamError],
    [503, InternalServerError],
    [418, APIError],
  ])('%i → %s, with status, details, request id and a readable message', async (status, Class) => {
    svc.reply('get', retrievePath, envelope('First problem', 'Second problem'), {
      status,
      headers: { 'x-request-id': 'req_err_9' },
    });
    const error = (await failure(client().bookings.retrieve(BOOKING))) as APIError;
    expect(error).toBeInstanceOf(Class);
    expect(error.name).toBe(Class.name);
    expect(error.status).toBe(status);
    expect(error.requestId).toBe('req_err_9');
    expect(error.details).toEqual(['First problem', 'Second problem']);
    expect(error.message).toContain(String(status));
    expect(error.message).toContain('First problem');
    expect(error.message).toContain('req_err_9');
    expect(error.context).toEqual({ booking_id: BOOKING });
    expectNoKey(error);
  });

  it('409 is a FareExpiredError that tells the client to search again', async () => {
    svc.reply('post', '/v1/flights/fare-rules/', envelope('Fare expired, please search again'), {
      status: 409,
    });
    const error = (await failure(
      client().flights.fareRules({ trace_id: '6f1d2c3a-0b4e-4c5d-8e9f-a0b1c2d3e4f5', result_index: 'r' }),
    )) as FareExpiredError;
    expect(error).toBeInstanceOf(FareExpiredError);
    expect(error.local).toBe(false);
    expect(error.message).toMatch(/search again/);
  });

  it('an insufficient balance is recognised by 402 or by its detail', async () => {
    svc.reply('post', `/v1/flights/booking/${BOOKING}/book/`, envelope('Payment required'), { status: 402 });
    expect(await failure(client().bookings.book(BOOKING))).toBeInstanceOf(InsufficientBalanceError);
    svc.reply(
      'post',
      `/v1/flights/booking/${BOOKING}/book/`,
      envelope('Insufficient wallet balance: need 5230.50, have 100.00'),
      { status: 400 },
    );
    const error = (await failure(client().bookings.book(BOOKING))) as InsufficientBalanceError;
    expect(error).toBeInstanceOf(InsufficientBalanceError);
    expect(error.status).toBe(400);
  });

  it('429 exposes Retry-After', async () => {
    svc.reply('get', retrievePath, envelope('Slow down'), { status: 429, headers: { 'retry-after': '7' } });
    const error = (await failure(client().bookings.retrieve(BOOKING))) as RateLimitError;
    expect(error.retryAfterMs).toBe(7000);
    expect(error.retryAfter).toBe(7);
  });
});

describe('bodies that are not the envelope still give the right class', () => {
  const raw = (status: number, body: string, contentType: string) =>
    svc.use(
      http.get(
        `${BASE}${retrievePath}`,
        () =>
          new HttpResponse(body, {
            status,
            headers: { 'content-type': contentType, 'x-request-id': 'req_raw' },
          }),
      ),
    );

  it('an HTML 502 page from a proxy', async () => {
    raw(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
    const error = (await failure(client().bookings.retrieve(BOOKING))) as UpstreamError;
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.status).toBe(502);
    expect(error.requestId).toBe('req_raw');
    expect(error.details[0]).toMatch(/not JSON \(text\/html\)/);
  });

  it('an empty body', async () => {
    raw(500, '', 'application/json');
    const error = (await failure(client().bookings.retrieve(BOOKING))) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.details).toEqual(['Empty response body']);
  });

  it('truncated JSON', async () => {
    raw(404, '{"success": false, "errors": [{"detail": ["Booking not fo', 'application/json');
    const error = (await failure(client().bookings.retrieve(BOOKING))) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.requestId).toBe('req_raw');
  });

  it('JSON that is not the envelope', async () => {
    raw(400, '{"message":"bad"}', 'application/json');
    const error = (await failure(client().bookings.retrieve(BOOKING))) as BadRequestError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.body).toEqual({ message: 'bad' });
  });
});

describe('answers that break the contract', () => {
  it('a 2xx search with a malformed option keeps the good ones and reports the bad one as drift', async () => {
    const body = oneWaySearch();
    const total = body.outbound.length;
    (body.outbound[1] as Record<string, unknown>).pricing = { currency: 'INR', final_fare: 'cheap' };
    svc.reply('post', '/v1/flights/search/', body, { headers: { 'x-request-id': 'req_bad_body' } });
    const drifts: ContractDriftEvent[] = [];
    const results = await client({ hooks: { onContractDrift: (d) => drifts.push(d) } }).flights.search({
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: '2099-12-01',
    });
    expect(results.outbound).toHaveLength(total - 1);
    expect(drifts).toEqual([
      expect.objectContaining({ path: 'outbound[1]', action: 'dropped', requestId: 'req_bad_body' }),
    ]);
  });

  it('a 2xx retrieve without the fields its type requires (status, trace_id, pricing, itinerary_items) is a ResponseValidationError with the body and the booking_id', async () => {
    svc.use(
      http.get(`${BASE}${retrievePath}`, () =>
        HttpResponse.json(
          { booking_id: BOOKING, pricing: null },
          { headers: { 'x-request-id': 'req_no_status' } },
        ),
      ),
    );
    const error = (await failure(client().bookings.retrieve(BOOKING))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.requestId).toBe('req_no_status');
    expect(error.issues.map((i) => i.path).sort()).toEqual([
      'itinerary_items',
      'pricing',
      'status',
      'trace_id',
    ]);
    expect(error.ids).toEqual({ booking_id: BOOKING, request_id: 'req_no_status' });
    expect(error.body).toEqual({ booking_id: BOOKING, pricing: null });
  });

  it('a 2xx body that is not JSON', async () => {
    svc.use(
      http.get(
        `${BASE}${retrievePath}`,
        () =>
          new HttpResponse('{"booking_id": "x', { status: 200, headers: { 'x-request-id': 'req_trunc' } }),
      ),
    );
    const error = (await failure(client().bookings.retrieve(BOOKING))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.requestId).toBe('req_trunc');
    expect(error.message).toMatch(/not valid JSON/);
  });
});

describe('faults without a response', () => {
  it('a dropped connection is an APIConnectionError without the key', async () => {
    svc.use(http.get(`${BASE}${retrievePath}`, () => HttpResponse.error()));
    const error = await failure(client().bookings.retrieve(BOOKING));
    expect(error).toBeInstanceOf(APIConnectionError);
    expectNoKey(error);
  });

  it('a slow answer is an APITimeoutError (per-call timeout)', async () => {
    const { delay } = await import('msw');
    svc.use(
      http.get(`${BASE}${retrievePath}`, async () => {
        await delay(2_000);
        return HttpResponse.json({});
      }),
    );
    const error = await failure(client({ timeout: 10_000 }).bookings.retrieve(BOOKING, { timeout: 50 }));
    expect(error).toBeInstanceOf(APITimeoutError);
    expectNoKey(error);
  });

  it('an AbortSignal cancels the call with its reason', async () => {
    const { delay } = await import('msw');
    svc.use(
      http.get(`${BASE}${retrievePath}`, async () => {
        await delay(2_000);
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = client().bookings.retrieve(BOOKING, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user cancelled')), 20);
    const error = await failure(pending);
    expect(error.message).toBe('user cancelled');
  });
});

describe('cause', () => {
  it('is only set when there is one: console.log(err) prints no "[cause]: undefined"', async () => {
    const {
      BookingOutcomeUnknownError,
      CreateOutcomeUnknownError,
      BookingFailedError,
      RequestValidationError,
    } = await import('../../src/index.js');
    const withoutCause = [
      APIError.generate({ status: 400, details: ['bad'] }),
      APIError.generate({ status: 409, details: ['Fare expired'] }),
      FareExpiredError.local('The search'),
      new APIConnectionError('Connection error'),
      new APITimeoutError(),
      new RequestValidationError([{ path: 'x', message: 'bad' }]),
      new ResponseValidationError([{ path: 'status', message: 'missing' }], { endpoint: 'GET /x' }),
      new BookingOutcomeUnknownError('b1', {}),
      new CreateOutcomeUnknownError('t1', []),
      new BookingFailedError('b1', {}, {}),
    ];
    for (const error of withoutCause) {
      expect(inspect(error), error.name).not.toContain('[cause]');
      expect(Object.hasOwn(error, 'cause'), error.name).toBe(false);
    }
    const root = new Error('socket hang up');
    const withCause = new APIConnectionError('Connection error', { cause: root });
    expect(withCause.cause).toBe(root);
    expect(inspect(withCause)).toContain('[cause]: Error: socket hang up');
  });
});
