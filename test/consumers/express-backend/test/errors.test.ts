// fareway/http from the packed package, for the failures the sandbox cannot provoke through the
// app in one call: rate limits, an unknown book outcome, a timeout, a revoked key, our own mistakes.
import { expect, it } from 'vitest';
import {
  APITimeoutError,
  AuthenticationError,
  BookingOutcomeUnknownError,
  ConfigurationError,
  RateLimitError,
  RateLimitQueueFullError,
} from 'fareway';
import { toHttpAnswer } from 'fareway/http';

it('maps each failure to its status, Retry-After and ids, and never shows a fault of ours', () => {
  const limited = toHttpAnswer(new RateLimitError({ status: 429, headers: { 'retry-after': '7' } }));
  expect(limited).toMatchObject({ status: 503, headers: { 'retry-after': '7' } });
  expect(toHttpAnswer(new RateLimitQueueFullError('search', 100))).toMatchObject({
    status: 503,
    headers: { 'retry-after': '5' },
  });

  const unknown = toHttpAnswer(new BookingOutcomeUnknownError('b-1', { requestId: 'req_1' }));
  expect(unknown).toMatchObject({
    status: 202,
    body: { error: { code: 'confirmation_pending', booking_id: 'b-1', request_id: 'req_1' } },
  });
  expect(toHttpAnswer(new APITimeoutError())).toMatchObject({ status: 504 });

  // A revoked key is the partner's to fix: the traveller hears "later", never the service's words.
  const auth = toHttpAnswer(
    new AuthenticationError({ status: 401, details: ['Invalid API key sbx_live_0123'], requestId: 'req_2' }),
  );
  expect(auth).toMatchObject({ status: 503, body: { error: { code: 'unavailable', request_id: 'req_2' } } });
  expect(JSON.stringify(auth)).not.toMatch(/sbx_live|API key/);
  expect(toHttpAnswer(new ConfigurationError('FAREWAY_API_KEY is missing')).body).toEqual({
    error: { code: 'internal', message: 'Something went wrong' },
  });
  expect(toHttpAnswer(new TypeError('x is undefined'))).toEqual({
    status: 500,
    headers: {},
    body: { error: { code: 'internal', message: 'Something went wrong' } },
  });
});
