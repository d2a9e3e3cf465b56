import { describe, expect, it } from 'vitest';
import { classifyFailure, markCutBody } from '../../src/core/wire/failure.js';
import { Fareway, ResponseValidationError, type FarewayOptions } from '../../src/index.js';
import { BOOKING, bookingBody } from '../fixtures/wire.js';
import { faultServer } from '../http/transport-server.js';

// A 2xx whose body came cut short (empty or not JSON) on a repeatable step is re-sent once
// (issue 24 item 8); valid JSON that breaks the contract, or a body past the size cap, is not.
// Over a node:http server on 127.0.0.1, through the public API.
const server = faultServer();
const KEY = 'fw_test_key_cut_body_0123456789';
const json = JSON.stringify(bookingBody('draft'));

function client(options: FarewayOptions = {}) {
  return new Fareway({
    apiKey: KEY,
    baseUrl: server.url,
    logger: null,
    rateLimits: false,
    maxRetries: 2,
    retryBackoff: { baseDelayMs: 10, maxDelayMs: 20 },
    ...options,
  });
}

/** Answers the n-th request (from 1) with `bodies[n-1]`, the last one after that. */
function answerInTurn(...bodies: string[]) {
  let n = 0;
  server.handle((_req, res) => {
    const body = bodies[Math.min(n++, bodies.length - 1)]!;
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': `req_cut_${n}` }).end(body);
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('a cut 2xx body on a repeatable step is re-sent once', () => {
  it('an empty 2xx body, then the answer: the data, 2 requests', async () => {
    answerInTurn('', json);
    const booking = await client().bookings.retrieve(BOOKING);
    expect(booking.booking_id).toBe(BOOKING);
    expect(server.requests).toBe(2);
  });

  it('JSON cut short, then the answer: the data, 2 requests', async () => {
    answerInTurn(json.slice(0, 40), json);
    expect((await client().bookings.retrieve(BOOKING)).booking_id).toBe(BOOKING);
    expect(server.requests).toBe(2);
  });

  it('a chunked answer that ends cleanly with its JSON cut: re-sent', async () => {
    let n = 0;
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (n++ === 0) res.end(json.slice(0, json.length - 7));
      else res.end(json);
    });
    expect((await client().bookings.retrieve(BOOKING)).booking_id).toBe(BOOKING);
    expect(server.requests).toBe(2);
  });

  it('cut twice: a ResponseValidationError with status, request id, endpoint, the text and the ids; 2 requests', async () => {
    answerInTurn(json.slice(0, 40));
    const error = await rejection(client().bookings.retrieve(BOOKING));
    expect(error).toBeInstanceOf(ResponseValidationError);
    const e = error as ResponseValidationError;
    expect(server.requests).toBe(2);
    expect(e.status).toBe(200);
    expect(e.requestId).toBe('req_cut_2');
    expect(e.message).toContain(`GET /v1/flights/booking/${BOOKING}/`);
    expect(e.issues).toEqual([{ path: '', message: 'body is not valid JSON' }]);
    expect(e.body).toBe(json.slice(0, 40));
    expect(e.ids).toEqual({ booking_id: BOOKING, request_id: 'req_cut_2' });
    expect(e.message).not.toContain(KEY);
  });

  it('maxRetries: 0, per call or per client: sent once', async () => {
    answerInTurn('', json);
    await expect(client().bookings.retrieve(BOOKING, { maxRetries: 0 })).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
    expect(server.requests).toBe(1);
    answerInTurn('', json);
    await expect(client({ maxRetries: 0 }).bookings.retrieve(BOOKING)).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
    expect(server.requests).toBe(1);
  });
});

describe('what is not a cut body is not re-sent', () => {
  it('valid JSON that breaks the contract: thrown after 1 request', async () => {
    answerInTurn('{"booking_id":5}', json);
    await expect(client().bookings.retrieve(BOOKING)).rejects.toBeInstanceOf(ResponseValidationError);
    expect(server.requests).toBe(1);
  });

  it('a body past maxResponseBytes: thrown after 1 request', async () => {
    answerInTurn(json);
    await expect(client({ maxResponseBytes: 64 }).bookings.retrieve(BOOKING)).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
    expect(server.requests).toBe(1);
  });
});

describe('the failure table for a cut body', () => {
  const cut = () =>
    markCutBody(
      new ResponseValidationError([{ path: '', message: 'body is not valid JSON' }], {
        status: 200,
        endpoint: 'POST /x',
      }),
    );
  it('repeatable steps: re-sent once (its own once); create and book: settled by reading, never re-sent', () => {
    for (const e of [
      'search',
      'fareRules',
      'savePassengers',
      'reprice',
      'retrieve',
      'list',
      'autocomplete',
    ] as const)
      expect(classifyFailure(cut(), e)).toEqual({
        sent: 'yes',
        finished: false,
        retry: 'once-cut',
        reconcile: 'no',
      });
    for (const e of ['createBooking', 'book'] as const)
      expect(classifyFailure(cut(), e)).toEqual({
        sent: 'yes',
        finished: false,
        retry: 'no',
        reconcile: 'until-settled',
      });
  });
});
