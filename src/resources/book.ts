import { SERVICE, pathOf } from '../schemas/endpoints.js';
import type { ClientContext } from '../core/context.js';
import { transportOptions, withMeta } from '../core/context.js';
import { inScopeOf } from '../core/operation.js';
import { amount, closed } from '../core/option-rules.js';
import { REQUEST_OPTIONS_SHAPE, type RequestOptions } from '../core/options.js';
import { raceAbort } from '../core/body.js';
import { safeHook } from '../core/events.js';
import { classifyFailure, markAnswered, traceCall } from '../core/failure.js';
import { poll } from '../core/retry.js';
import {
  APIError,
  BookingFailedError,
  BookingOutcomeUnknownError,
  PriceChangedError,
  ResponseValidationError,
} from '../errors.js';
import { type BookResponse, type RetrieveBookingResponse } from '../schemas/booking.js';
import { z } from '../schemas/zod.js';
import type { BookingStatus } from '../schemas/vocabulary.js';
import type { Deadline } from '../model/deadline.js';

/**
 * Metadata on every booking result: the request id and, where known, the fare lock. (Declared
 * here, beside book, so that bookings.ts → book.ts is the only import between the two.)
 */
export interface BookingMeta {
  readonly requestId: string | undefined;
  /** The fare lock countdown, when the client knows it. */
  readonly deadline: Deadline | undefined;
}

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

/**
 * A confirmed booking. `reconciled` is true when the answer came from retrieving the booking
 * (after an interrupted book, or because another call or process had booked it).
 */
export type BookResult = BookResponse & BookingMeta & { readonly reconciled: boolean };

type Retrieve = (id: string, options?: RequestOptions) => Promise<RetrieveBookingResponse & BookingMeta>;

/** Amounts compared in integer paise, never as floats. */
const toPaise = (amount: number) => Math.round(amount * 100);

/** Statuses from which book may still be sent (spec §3): nothing irreversible happened yet. */
const BOOKABLE = new Set<string>(['draft', 'passenger_saved', 'priced'] satisfies BookingStatus[]);

/**
 * One book in flight per booking in this process: a second concurrent `book(id)` joins the first
 * (one request, one answer for both). Keyed by base URL and booking id.
 */
const inFlight = new Map<string, Promise<BookResult>>();

const confirmedWithPnr = (b: {
  status?: unknown;
  pnr?: unknown;
}): b is { status: 'confirmed'; pnr: string } =>
  b.status === 'confirmed' && typeof b.pnr === 'string' && b.pnr !== '';

/**
 * Books `id` with every safety of the low level: the explicit fare guard verified against the
 * service, one book in flight per booking (in this process, and across processes with Redis),
 * and an interrupted book reconciled by reading, never by sending again.
 */
export function book(
  ctx: ClientContext,
  baseUrl: string,
  id: string,
  options: BookOptions,
  retrieve: Retrieve,
): Promise<BookResult> {
  const key = `${baseUrl}|${id}`;
  const running = inFlight.get(key);
  if (running) {
    ctx.logger.debug?.(`book of ${id} is already in flight in this process; joining it`, { booking_id: id });
    // The caller's signal detaches that caller only: the shared book goes on.
    return (options.signal ? raceAbort(running, options.signal) : running).then((result) => {
      checkJoinedFare(id, options.expectedFinalFare, result);
      return result;
    });
  }
  const shared = bookExclusively(ctx, id, options, retrieve).finally(() => inFlight.delete(key));
  inFlight.set(key, shared);
  // The caller's own promise; the shared one must never be left without a handler.
  shared.catch(() => undefined);
  return shared;
}

/** A confirmed booking found by retrieving it, as the result of book (`reconciled: true`). */
function fromRetrieved(booking: RetrieveBookingResponse & BookingMeta): BookResult {
  return withMeta(booking as unknown as BookResponse, {
    requestId: booking.requestId,
    deadline: undefined,
    reconciled: true,
  });
}

/** A joined call asked for its own fare: the booking is already made, so say so if it differs. */
function checkJoinedFare(id: string, expected: number | undefined, result: BookResult): void {
  const fare = result.pricing?.final_fare;
  if (expected !== undefined && typeof fare === 'number' && toPaise(expected) !== toPaise(fare))
    throw new PriceChangedError(
      `Booking ${id} was booked by a concurrent call at ${fare}, not at the expectedFinalFare ${expected} of this call`,
      id,
      expected,
      fare,
    );
}

async function bookExclusively(
  ctx: ClientContext,
  id: string,
  options: BookOptions,
  retrieve: Retrieve,
): Promise<BookResult> {
  const lockName = `book:${id}`;
  const ttlMs = 2 * (ctx.timeout + ctx.bookReconcile.timeoutMs) + 10_000;
  for (let round = 0; round < 3; round++) {
    const lock = await ctx.limiter.lock(lockName, ttlMs);
    if (lock !== 'held') {
      try {
        return await guardedBook(ctx, id, options, retrieve);
      } finally {
        await lock?.release().catch((error: unknown) =>
          ctx.logger.warn?.('could not release the shared book lock; it expires by itself', {
            booking_id: id,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      }
    }
    // Another process is booking this id: wait for it, then read what it did.
    ctx.logger.info?.(`book of ${id} is in flight in another process; waiting for it`, { booking_id: id });
    await ctx.limiter.waitUntilFree(lockName, ttlMs, options.signal);
    const current = await retrieve(id, transportOptions(options));
    if (confirmedWithPnr(current)) {
      const result = fromRetrieved(current);
      checkJoinedFare(id, options.expectedFinalFare, result);
      return result;
    }
    if (current.status === 'failed')
      throw new BookingFailedError(id, current, { requestId: current.requestId });
    // Still bookable: the other attempt ended without booking. Take the lock and book.
  }
  throw new BookingOutcomeUnknownError(id, { lastStatus: undefined });
}

async function guardedBook(
  ctx: ClientContext,
  id: string,
  options: BookOptions,
  retrieve: Retrieve,
): Promise<BookResult> {
  const { expectedFinalFare, ...requestOptions } = options;
  if (expectedFinalFare !== undefined) {
    // Stateless: the fare is read from the service, never from this client's memory. If it
    // cannot be read, the error of that read is thrown and nothing is booked.
    const current = await retrieve(id, transportOptions(requestOptions));
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
  return sendBook(ctx, id, requestOptions, retrieve);
}

async function sendBook(
  ctx: ClientContext,
  id: string,
  options: RequestOptions,
  retrieve: Retrieve,
): Promise<BookResult> {
  const trace = traceCall(options.signal);
  let cause: unknown;
  try {
    const { data, response } = await ctx.requester.call(SERVICE.book, { booking_id: id }, options, { trace });
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
  const { reconcile: mode } = classifyFailure(cause, 'book', trace);
  if (mode === 'no') throw cause;
  return reconcile(ctx, id, cause, retrieve, mode, options);
}

/**
 * Establishes what an interrupted book did by retrieving the booking (failure.ts says how).
 * `once`: the service finished (its envelope, or a readable 2xx); one retrieve decides, and a
 * still-bookable booking rethrows the original error (book may be called again). `until-settled`:
 * the outcome may still be in flight; retrieve until terminal or `bookReconcile.timeoutMs`, from
 * `intervalMs` doubling to 2 s between checks (p-retry, core/retry.ts).
 */
async function reconcile(
  ctx: ClientContext,
  id: string,
  cause: unknown,
  retrieve: Retrieve,
  mode: 'once' | 'until-settled',
  /** The book call's options: its checks report to the same call (span, `.withResponse()`). */
  call: RequestOptions,
): Promise<BookResult> {
  const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  ctx.logger.warn?.(`book of ${id} was interrupted (${reason}); reconciling by retrieving the booking`, {
    booking_id: id,
  });
  const { timeoutMs, intervalMs } = ctx.bookReconcile;
  let lastStatus: string | undefined;
  let lastRequestId: string | undefined;
  const check = async (n: number, remainingMs: number): Promise<BookResult | undefined> => {
    let booking: (RetrieveBookingResponse & BookingMeta) | undefined;
    try {
      booking = await retrieve(
        id,
        inScopeOf(call, { timeout: Math.max(1, Math.min(remainingMs, ctx.timeout)), maxRetries: 0 }),
      );
      lastStatus = booking.status;
      lastRequestId = booking.requestId;
    } catch (error) {
      ctx.logger.info?.(
        `reconcile check ${n} for ${id} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const untouched = booking !== undefined && mode === 'once' && BOOKABLE.has(booking.status);
    const done =
      booking !== undefined && (confirmedWithPnr(booking) || booking.status === 'failed' || untouched);
    safeHook(ctx.logger, () =>
      ctx.hooks?.onReconcile?.({ booking_id: id, reason, status: booking?.status, check: n, done }),
    );
    if (booking && confirmedWithPnr(booking)) {
      ctx.logger.info?.(`book of ${id} had committed: PNR ${booking.pnr}`, {
        booking_id: id,
        requestId: lastRequestId,
      });
      return fromRetrieved(booking);
    }
    if (booking?.status === 'failed')
      throw new BookingFailedError(id, booking, { cause, requestId: lastRequestId });
    if (booking && untouched) {
      // The service finished and the booking is untouched: the original error stands, and says
      // the booking is still bookable (book may be called again).
      if (cause instanceof APIError) Object.assign(cause.context, { booking_status: booking.status });
      if (cause instanceof Error) throw cause;
      throw new BookingOutcomeUnknownError(id, { cause, lastStatus, requestId: lastRequestId });
    }
    return undefined;
  };
  const settled = await poll(check, {
    windowMs: timeoutMs,
    firstDelayMs: intervalMs,
    maxDelayMs: Math.max(intervalMs, 2_000),
  });
  if (settled) return settled;
  throw new BookingOutcomeUnknownError(id, { cause, lastStatus, requestId: lastRequestId });
}
