/**
 * The fare guard's own refusal when the fare cannot be read (book.ts). Through the public API a
 * get-booking without a numeric `pricing.final_fare` is already refused by its schema
 * (test/integration/book-money-rules.test.ts); this pins the guard's second line for a read that
 * does pass — a retrieve step that hands back a booking without the fare — with a context double.
 */
import { describe, expect, it } from 'vitest';
import { book } from '../../src/resources/book/book.js';
import { PriceChangedError, ResponseValidationError } from '../../src/index.js';
import type { ClientContext } from '../../src/core/state/context.js';
import type { Call } from '../../src/core/call/call.js';
import type { Retrieve } from '../../src/resources/book/book-result.js';

function context() {
  const sent: string[] = [];
  const ctx = {
    timeout: 1_000,
    bookReconcile: { timeoutMs: 1_000, intervalMs: 10 },
    logger: {},
    limiter: { lock: () => Promise.resolve(undefined), waitUntilFree: () => Promise.resolve(true) },
    requester: {
      call: (endpoint: unknown) => {
        sent.push(String((endpoint as { name?: string }).name ?? 'request'));
        return Promise.reject(new Error('nothing may be sent'));
      },
    },
  } as unknown as ClientContext;
  return { ctx, sent };
}
const call = { settings: {} } as unknown as Call;
const booking = (pricing: unknown) =>
  (() =>
    Promise.resolve({
      booking_id: 'b-1',
      status: 'priced',
      pricing,
      requestId: 'req_r',
      deadline: undefined,
    })) as unknown as Retrieve;

describe('a guarded book whose fare cannot be read', () => {
  for (const [what, pricing] of [
    ['no pricing', undefined],
    ['final_fare missing', { currency: 'INR' }],
    ['final_fare a string', { currency: 'INR', final_fare: '4500' }],
  ] as const) {
    it(`${what}: ResponseValidationError naming pricing.final_fare; nothing sent`, async () => {
      const { ctx, sent } = context();
      const error = await book(
        ctx,
        new Map(),
        'b-1',
        { expectedFinalFare: 4500 },
        call,
        booking(pricing),
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error).not.toBeInstanceOf(PriceChangedError);
      expect((error as ResponseValidationError).issues).toEqual([
        { path: 'pricing.final_fare', message: 'is needed to verify expectedFinalFare; book was not sent' },
      ]);
      expect(error).toMatchObject({
        requestId: 'req_r',
        status: 200,
        endpoint: 'GET /v1/flights/booking/b-1/',
        ids: { booking_id: 'b-1' },
      });
      expect(sent).toEqual([]);
    });
  }
});
