import type { ClientContext } from '../core/context.js';
import { withMeta } from '../core/context.js';
import type { RequestOptions } from '../core/options.js';
import { safeHook, validateResponse } from '../core/request.js';
import { sleep } from '../core/retry.js';
import {
  APIConnectionError,
  APIError,
  BookingFailedError,
  BookingOutcomeUnknownError,
  DuplicateBookingError,
  PriceChangedError,
  ResponseValidationError,
  UpstreamError,
} from '../errors.js';
import { BookResponseSchema, type BookResponse, type RetrieveBookingResponse } from '../schemas/booking.js';
import type { BookingMeta } from './bookings.js';

/** Options of `bookings.book`. */
export interface BookOptions extends RequestOptions {
  /** Book even though the last reprice reported `price_changed`. @default false */
  acceptPriceChange?: boolean;
  /** Book only if the latest known `final_fare` equals this amount (and accept a change to it). */
  expectedFinalFare?: number;
  /** Book even though save-passengers reported possible duplicates (policy `'refuse'`). @default false */
  acknowledgeDuplicates?: boolean;
}

/** A confirmed booking. `reconciled` is true when the answer came from retrieving it after an interrupted book. */
export type BookResult = BookResponse & BookingMeta & { readonly reconciled: boolean };

/** Amounts compared in integer paise, never as floats. */
const toPaise = (amount: number) => Math.round(amount * 100);

type Retrieve = (id: string, options?: RequestOptions) => Promise<RetrieveBookingResponse>;

/** Refuses, before anything is sent, a book nobody agreed to (price moved, duplicates). */
function guard(ctx: ClientContext, id: string, options: BookOptions): void {
  const memory = ctx.registry.booking(id);
  const reprice = memory?.lastReprice;
  if (options.expectedFinalFare !== undefined && reprice && toPaise(options.expectedFinalFare) !== toPaise(reprice.final_fare)) {
    throw new PriceChangedError(
      `Booking ${id}: expectedFinalFare ${options.expectedFinalFare} does not match the latest fare ${reprice.final_fare}; nothing was sent`,
      id,
      options.expectedFinalFare,
      reprice.final_fare,
    );
  }
  if (reprice?.price_changed && !options.acceptPriceChange && options.expectedFinalFare === undefined) {
    throw new PriceChangedError(
      `Booking ${id}: the fare changed at reprice${reprice.previous !== undefined ? ` from ${reprice.previous}` : ''} to ${reprice.final_fare}. ` +
        'Confirm with the traveller, then pass acceptPriceChange: true or expectedFinalFare; nothing was sent',
      id,
      reprice.previous,
      reprice.final_fare,
    );
  }
  if (memory?.duplicates?.found && ctx.duplicates === 'refuse' && !options.acknowledgeDuplicates) {
    throw new DuplicateBookingError(
      `Booking ${id}: save-passengers reported ${memory.duplicates.entries.length} possible duplicate booking(s). ` +
        'Check them, then pass acknowledgeDuplicates: true (or set duplicates: "allow"); nothing was sent',
      id,
      memory.duplicates.entries,
    );
  }
}

/** The outcome of this failure is unknown: the service may have committed the booking. */
function outcomeUnknown(error: unknown): boolean {
  if (error instanceof UpstreamError) return false; // a clean 502: the booking is `failed` (spec §7)
  if (error instanceof APIError) return error.status >= 500;
  return error instanceof APIConnectionError || error instanceof ResponseValidationError;
}

/**
 * Sends book once (429s aside, which the retry layer repeats: nothing happened) and, when the
 * outcome is unknown, retrieves the booking until it is terminal, within a bounded time.
 */
export async function bookWithReconciliation(ctx: ClientContext, id: string, options: BookOptions, retrieve: Retrieve): Promise<BookResult> {
  guard(ctx, id, options);
  const { acceptPriceChange: _a, expectedFinalFare: _e, acknowledgeDuplicates: _d, ...requestOptions } = options;
  const req = { endpoint: 'book', method: 'POST', path: `/v1/flights/booking/${encodeURIComponent(id)}/book/`, auth: true, context: { booking_id: id } } as const;
  let sent = false;
  try {
    const response = await ctx.requester.send({ ...req, onAttempt: () => (sent = true) }, requestOptions);
    const data = validateResponse(BookResponseSchema, response, req);
    return withMeta(data, { requestId: response.requestId, deadline: undefined, reconciled: false });
  } catch (error) {
    const aborted = requestOptions.signal?.aborted === true;
    if (aborted && !sent) throw error;
    if (!aborted && !outcomeUnknown(error)) throw error;
    return reconcile(ctx, id, error, retrieve);
  }
}

async function reconcile(ctx: ClientContext, id: string, cause: unknown, retrieve: Retrieve): Promise<BookResult> {
  const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  ctx.logger.warn?.(`book of ${id} was interrupted (${reason}); reconciling by retrieving the booking`, { booking_id: id });
  const { timeoutMs, intervalMs } = ctx.bookReconcile;
  const started = performance.now();
  let wait = intervalMs;
  let lastStatus: string | undefined;
  let lastRequestId: string | undefined;
  for (let check = 1; ; check++) {
    const remaining = timeoutMs - (performance.now() - started);
    if (remaining <= 0) break;
    let booking: RetrieveBookingResponse | undefined;
    try {
      booking = await retrieve(id, { timeout: Math.max(1, Math.min(remaining, 10_000)), maxRetries: 0 });
      lastStatus = booking.status;
      lastRequestId = (booking as { requestId?: string }).requestId;
    } catch (error) {
      ctx.logger.info?.(`reconcile check ${check} for ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const terminal = lastStatus === 'confirmed' || lastStatus === 'failed';
    safeHook(ctx.logger, () => ctx.hooks?.onReconcile?.({ booking_id: id, reason, status: booking?.status, check, done: terminal }));
    if (booking && booking.status === 'confirmed') {
      const parsed = BookResponseSchema.safeParse(booking);
      if (parsed.success) {
        ctx.logger.info?.(`book of ${id} had committed: PNR ${parsed.data.pnr}`, { booking_id: id, requestId: lastRequestId });
        return withMeta(parsed.data, { requestId: lastRequestId, deadline: undefined, reconciled: true });
      }
    }
    if (booking && booking.status === 'failed') throw new BookingFailedError(id, booking, { cause, requestId: lastRequestId });
    const pause = Math.min(wait, timeoutMs - (performance.now() - started));
    if (pause <= 0) break;
    await sleep(pause);
    wait = Math.min(wait * 2, 5_000);
  }
  throw new BookingOutcomeUnknownError(id, { cause, lastStatus, requestId: lastRequestId });
}
