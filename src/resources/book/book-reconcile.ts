import type { ClientContext } from '../../core/state/context.js';
import { safeHook } from '../../core/observe/events.js';
import { poll } from '../../core/call/retry.js';
import {
  APIError,
  BookingFailedError,
  BookingOutcomeUnknownError,
  ResponseValidationError,
} from '../../errors.js';
import type { RetrieveBookingResponse } from '../../schemas/booking.js';
import {
  BOOKABLE,
  confirmedWithPnr,
  fromRetrieved,
  type BookingMeta,
  type BookResult,
  type Retrieve,
} from './book-result.js';

/** What settling gets when the call's budget is spent: time for a read or two (ms). */
export const SETTLE_FLOOR_MS = 1_000;

/**
 * Establishes what an interrupted book did by retrieving the booking (failure.ts says how).
 * `once`: the service finished (its envelope, or a readable 2xx); one retrieve decides, and a
 * still-bookable booking rethrows the original error (book may be called again). `until-settled`:
 * the outcome may still be in flight; retrieve until terminal or `bookReconcile.timeoutMs`, from
 * `intervalMs` doubling to 2 s between checks (p-retry, core/call/retry.ts). Settling also ends with the
 * call's budget (`endAt`, book.ts), but always gets `SETTLE_FLOOR_MS` (or the whole
 * `bookReconcile.timeoutMs` when shorter) to read the booking at least once: a call whose budget
 * was spent waiting for the answer still learns a booking that was made.
 */
export async function reconcile(
  ctx: ClientContext,
  id: string,
  cause: unknown,
  retrieve: Retrieve,
  mode: 'once' | 'until-settled',
  endAt = Infinity,
): Promise<BookResult> {
  const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  ctx.logger.warn?.(`book of ${id} was interrupted (${reason}); reconciling by retrieving the booking`, {
    booking_id: id,
  });
  const { timeoutMs, intervalMs } = ctx.bookReconcile;
  let lastStatus: string | undefined;
  let lastRequestId: string | undefined;
  let traceId = ctx.registry.booking(id)?.trace_id;
  // The ids of an unknown outcome: the book's own X-Request-Id when its answer had one (else the
  // last read's), the booking's trace_id, and the PNR when book's own answer gave one (a confirmed
  // answer the contract refused, e.g. without `pricing`: the PNR is never lost).
  const answered = cause instanceof ResponseValidationError ? (cause.body as object | null) : null;
  const pnr =
    typeof answered === 'object' && answered !== null && confirmedWithPnr(answered)
      ? answered.pnr
      : undefined;
  const unknown = () => {
    const own = (cause as { requestId?: unknown } | null)?.requestId;
    const requestId = typeof own === 'string' && own !== '' ? own : lastRequestId;
    return new BookingOutcomeUnknownError(id, {
      cause,
      lastStatus,
      requestId,
      ids: { trace_id: traceId, pnr },
    });
  };
  const check = async (n: number, remainingMs: number): Promise<BookResult | undefined> => {
    let booking: (RetrieveBookingResponse & BookingMeta) | undefined;
    try {
      // A step of the book call: its headers, a child of its span, its `.withResponse()`.
      booking = await retrieve({
        timeout: Math.max(1, Math.min(remainingMs, ctx.timeout)),
        maxRetries: 0,
        // The book was sent: its outcome is read even when the caller has aborted meanwhile.
        signal: undefined,
      });
      lastStatus = booking.status;
      lastRequestId = booking.requestId;
      traceId = booking.trace_id ?? traceId;
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
      throw unknown();
    }
    return undefined;
  };
  const budgetMs = Math.max(endAt - performance.now(), Math.min(SETTLE_FLOOR_MS, timeoutMs));
  const settled = await poll(check, {
    windowMs: Math.min(timeoutMs, budgetMs),
    firstDelayMs: intervalMs,
    maxDelayMs: Math.max(intervalMs, 2_000),
  });
  if (settled) return settled;
  throw unknown();
}
