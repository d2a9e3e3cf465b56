import { SERVICE, pathOf } from '../../schemas/endpoints.js';
import type { ClientContext } from '../../core/state/context.js';
import { withMeta } from '../../core/state/context.js';
import type { Call } from '../../core/call/call.js';
import { amount, closed } from '../../core/options/rules.js';
import { REQUEST_OPTIONS_SHAPE } from '../../core/options/options.js';
import { raceAbort } from '../../core/wire/body.js';
import { classifyFailure, markAnswered, markNotSent, traceCall } from '../../core/wire/failure.js';
import {
  BookingFailedError,
  BookingInProgressError,
  BookingOutcomeUnknownError,
  BookingStateError,
  BookLockUnavailableError,
  PriceChangedError,
  ResponseValidationError,
} from '../../errors.js';
import { z } from '../../schemas/zod.js';
import { confirmedWithPnr, fromRetrieved, type BookResult, type Retrieve } from './book-result.js';
import { reconcile } from './book-reconcile.js';
import { stateError } from './book-state.js';

export type { BookingMeta, BookResult } from './book-result.js';

const BookOptionsObject = closed(
  {
    ...REQUEST_OPTIONS_SHAPE,
    /**
     * Book only if the service's current `pricing.final_fare` equals this amount. Verified
     * statelessly: the booking is retrieved first (one GET) and compared in paise; on a mismatch
     * PriceChangedError is thrown and nothing is booked; if the fare cannot be read, the book is
     * refused too. Works the same in any process, after any restart.
     */
    expectedFinalFare: z.optional(amount('must be a finite amount >= 0 (the final_fare you agreed)')),
  },
  {
    // Removed in 0.2 (book is stateless): say so instead of "unknown option".
    removed: {
      acceptPriceChange:
        'was removed: book holds no memory of a reprice; pass expectedFinalFare (the fare the traveller agreed) instead',
      acknowledgeDuplicates:
        'was removed: book holds no memory of save-passengers; decide on duplicates before book (bookFlight: onDuplicates)',
    },
  },
);
/** Options of `bookings.book`: every call's options, and the fare guard. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the named type of the schema
export interface BookOptions extends z.input<typeof BookOptionsObject> {}
/** The schema of `bookings.book`'s options. */
export const BookOptionsSchema: z.ZodMiniType<BookOptions, BookOptions> = BookOptionsObject;

/** Amounts compared in integer paise, never as floats. */
const toPaise = (amount: number) => Math.round(amount * 100);

/**
 * One book in flight per booking, per client (so per API key: two clients in one process never
 * join each other's book): a second concurrent `book(id)` on the same client joins the first (one
 * request, one answer for both). Held by the client's `Bookings`.
 */
export type BooksInFlight = Map<string, { readonly result: Promise<BookResult>; readonly call: Call }>;

/**
 * Books `id` with every safety of the low level: the explicit fare guard verified against the
 * service, one book in flight per booking (in this process, and across processes with Redis),
 * and an interrupted book reconciled by reading, never by sending again.
 */
export function book(
  ctx: ClientContext,
  inFlight: BooksInFlight,
  id: string,
  options: BookOptions,
  call: Call,
  retrieve: Retrieve,
): Promise<BookResult> {
  const running = inFlight.get(id);
  if (running) {
    ctx.logger.debug?.(`book of ${id} is already in flight on this client; joining it`, { booking_id: id });
    // The caller's signal detaches that caller only: the shared book goes on.
    const signal = call.settings.signal;
    return (signal ? raceAbort(running.result, signal) : running.result).then((result) => {
      // The joined caller's `.withResponse()` is the real response that produced the result.
      const answer = running.call.answerOf(result);
      if (answer) call.adopt(answer);
      checkJoinedFare(id, options.expectedFinalFare, result);
      return result;
    });
  }
  const result = bookExclusively(ctx, id, options, call, retrieve).finally(() => inFlight.delete(id));
  inFlight.set(id, { result, call });
  // The caller's own promise; the shared one must never be left without a handler.
  result.catch(() => undefined);
  return result;
}

/** A joined call asked for its own fare: the booking is already made, so say so if it differs. */
function checkJoinedFare(id: string, expected: number | undefined, result: BookResult): void {
  // Always there: a book's answer and a retrieve both require `pricing` (schemas/booking.ts).
  const fare = result.pricing.final_fare;
  if (expected !== undefined && toPaise(expected) !== toPaise(fare))
    throw new PriceChangedError(
      `Booking ${id} was booked by a concurrent call at ${fare}, not at the expectedFinalFare ${expected} of this call`,
      id,
      expected,
      fare,
    );
}

/** The shared book lock was lost before this call sent book: nothing was sent. */
class LockLost extends Error {}

/** What this call knows of the booking while it waits for another process's book. */
interface Seen {
  lastStatus?: string | undefined;
  requestId?: string | undefined;
}

/**
 * The call's budget (ms): its own `timeout`, else the client's (30 s by default), from the call's
 * start. It bounds each wait of a book: for another process's lock, and the settling of an
 * interrupted book (book-reconcile.ts).
 */
function callBudgetMs(ctx: ClientContext, call: Call): number {
  return call.settings.timeout ?? ctx.timeout;
}

async function bookExclusively(
  ctx: ClientContext,
  id: string,
  options: BookOptions,
  call: Call,
  retrieve: Retrieve,
): Promise<BookResult> {
  const lockName = `book:${id}`;
  // The lock renews itself while held (redis/lock.ts), so it covers the whole time
  // this call may still send: queued for a token, paused by a 429, reconciling. The TTL only
  // bounds how long a crashed holder blocks the others.
  const ttlMs = 2 * (ctx.timeout + ctx.bookReconcile.timeoutMs) + 10_000;
  // Waiting for another process's book ends within the call's budget, however long it holds on.
  const waitUntil = performance.now() + callBudgetMs(ctx, call);
  const seen: Seen = {};
  for (let round = 0; round < 3; round++) {
    const lock = await ctx.limiter.lock(lockName, ttlMs);
    // Redis is configured but away: the documented choice (bookLockUnavailable) decides.
    if (lock === undefined && ctx.bookLockUnavailable === 'refuse' && ctx.limiter.coordinated)
      throw new BookLockUnavailableError(id);
    if (lock !== 'held') {
      try {
        // Checked as the request is about to leave (after the queue and any 429 pause).
        const stillHeld = () => {
          if (lock?.lost) throw markNotSent(new LockLost(`the shared book lock of ${id} was lost`));
        };
        return await guardedBook(ctx, id, options, call, retrieve, stillHeld, waitUntil);
      } catch (error) {
        // Lost before anything was sent: another process may be booking; wait for it as below.
        if (!(error instanceof LockLost)) throw error;
        ctx.logger.warn?.(`the shared book lock of ${id} was lost before book was sent; nothing was sent`, {
          booking_id: id,
        });
      } finally {
        // A release Redis could not take is retried by the limiter when Redis answers again.
        await lock?.release().catch((error: unknown) =>
          ctx.logger.warn?.('could not release the shared book lock; it expires by itself', {
            booking_id: id,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      }
    }
    // Another process is booking this id: wait for it (within the budget), then read what it did.
    ctx.logger.info?.(`book of ${id} is in flight in another process; waiting for it`, { booking_id: id });
    const leftMs = Math.max(0, waitUntil - performance.now());
    const free = await ctx.limiter.waitUntilFree(lockName, leftMs, call.settings.signal);
    const current = await retrieve();
    seen.lastStatus = current.status;
    seen.requestId = current.requestId;
    if (confirmedWithPnr(current)) {
      const result = fromRetrieved(current);
      checkJoinedFare(id, options.expectedFinalFare, result);
      return result;
    }
    if (current.status === 'failed')
      throw new BookingFailedError(id, current, { requestId: current.requestId });
    // Still held when the budget ran out: this call sent nothing, and says so.
    if (!free) break;
    // Still bookable: the other attempt ended without booking. Take the lock and book.
  }
  // Another process held the lock for longer than this call may wait: it sent nothing.
  throw new BookingInProgressError(id, seen);
}

async function guardedBook(
  ctx: ClientContext,
  id: string,
  options: BookOptions,
  call: Call,
  retrieve: Retrieve,
  stillHeld: () => void,
  endAt: number,
): Promise<BookResult> {
  const { expectedFinalFare } = options;
  if (expectedFinalFare !== undefined) {
    // Stateless: the fare is read from the service, never from this client's memory. If it
    // cannot be read, the error of that read is thrown and nothing is booked.
    const current = await retrieve();
    if (confirmedWithPnr(current)) {
      // Already booked (by an earlier call, here or elsewhere): one PNR, report it.
      const result = fromRetrieved(current);
      checkJoinedFare(id, expectedFinalFare, result);
      return result;
    }
    const fare = current.pricing?.final_fare;
    if (typeof fare !== 'number')
      throw new ResponseValidationError(
        [{ path: 'pricing.final_fare', message: 'is needed to verify expectedFinalFare; book was not sent' }],
        {
          requestId: current.requestId,
          status: 200,
          endpoint: `GET /v1/flights/booking/${id}/`,
          body: current,
          ids: { booking_id: id },
        },
      );
    if (toPaise(fare) !== toPaise(expectedFinalFare))
      throw new PriceChangedError(
        `Booking ${id}: expectedFinalFare ${expectedFinalFare} does not match the service's current fare ${fare}; nothing was sent`,
        id,
        expectedFinalFare,
        fare,
      );
  }
  return sendBook(ctx, id, call, retrieve, stillHeld, endAt);
}

async function sendBook(
  ctx: ClientContext,
  id: string,
  call: Call,
  retrieve: Retrieve,
  stillHeld: () => void,
  endAt: number,
): Promise<BookResult> {
  const trace = traceCall(call.settings.signal);
  let cause: unknown;
  try {
    const { data, response } = await ctx.requester.call(SERVICE.book, { booking_id: id }, call, {
      trace,
      beforeSend: stillHeld,
    });
    if (confirmedWithPnr(data))
      return withMeta(data, { requestId: response.requestId, deadline: undefined, reconciled: false });
    // The service's own readable answer: it finished, without a PNR.
    cause = markAnswered(
      new ResponseValidationError(
        [{ path: 'status', message: `expected confirmed with a PNR, got ${String(data.status)}` }],
        {
          requestId: response.requestId,
          status: response.status,
          endpoint: `POST ${pathOf(SERVICE.book, { booking_id: id })}`,
          body: data,
          ids: { booking_id: id },
        },
      ),
    );
  } catch (error) {
    cause = error;
  }
  const signal = call.settings.signal;
  // Aborted once the book may have reached the service: the caller asked to stop, so the call
  // ends at once, saying the outcome is unknown (never "nothing happened"), with its ids.
  if (signal?.aborted && trace.attempted) throw abortedInFlight(id, call, signal);
  const { reconcile: mode } = classifyFailure(cause, 'book', trace);
  if (mode === 'no') {
    // A refusal (never re-sent): a 400 in a status that does not allow book is typed by one read.
    let read: Awaited<ReturnType<Retrieve>> | undefined;
    const readOnce: Retrieve = async (o) => (read ??= await retrieve(o));
    const refused = await stateError('book', id, cause, readOnce);
    // Already confirmed (by an earlier call, here or elsewhere): one PNR, the same outcome as
    // with expectedFinalFare or a joined book — the booking, `reconciled: true`.
    if (refused instanceof BookingStateError && refused.booking_status === 'confirmed') {
      const current = await readOnce().catch(() => undefined);
      if (current && confirmedWithPnr(current)) return fromRetrieved(current);
    }
    throw refused;
  }
  const settling = reconcile(ctx, id, cause, retrieve, mode, endAt);
  if (!signal) return settling;
  settling.catch(() => undefined);
  return raceAbort(settling, signal).catch((error: unknown) => {
    throw signal.aborted && error === signal.reason ? abortedInFlight(id, call, signal) : error;
  });
}

/** The documented end of a book aborted after it may have been sent (docs/booking-safety.md). */
function abortedInFlight(id: string, call: Call, signal: AbortSignal): BookingOutcomeUnknownError {
  return new BookingOutcomeUnknownError(id, { cause: signal.reason, requestId: call.requestId });
}
