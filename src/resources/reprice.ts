import type { ClientContext } from '../core/state/context.js';
import type { Call } from '../core/call/call.js';
import type { RequestOptions } from '../core/options/options.js';
import type { HttpResponse } from '../core/wire/response.js';
import type { RepriceResponse, RetrieveBookingResponse } from '../schemas/booking.js';
import type { Pricing } from '../schemas/common.js';
import { SERVICE } from '../schemas/endpoints.js';
import { refusedInState } from './book/book-state.js';

/**
 * A re-sent reprice never hides a price move (docs/booking-safety.md, "A re-sent reprice").
 *
 * Reprice is a repeatable step: after an attempt that may have reached the service (a 2xx body cut
 * short, an answer after the timeout, a proxy's 502 page, a dropped connection) the retry layer
 * sends it again (core/wire/failure.ts). If the lost attempt was processed and moved the fare, a
 * service that compares with the previous reprice answers the re-send with `price_changed: false`
 * and `previous_total_amount` = the moved fare: the move is hidden. So before the first re-send
 * the booking is read (one GET, a step of the call), and the result is computed against the fare
 * as it stood before the first attempt:
 * - the read shows `price_changed: true`: the fare before the move is its `previous_total_amount`
 *   (the lost attempt moved it, or an earlier reprice did; either way, reported);
 * - otherwise its `final_fare` (the lost attempt did not move it).
 * The result says `price_changed: true` with that fare as `previous_total_amount` whenever the
 * final fare differs from it or the service said so. If the read fails (or shows no fare), the
 * reprice is not re-sent: the attempt's own error is thrown (a typed error, never a "no change"
 * Fareway cannot vouch for). Stateless: no memory of this client decides it, so any process
 * answers the same; a call that was not re-sent is returned as the service answered. Nothing is
 * read on the common path (no re-send).
 */

/** Retrieves the booking as a step of the reprice call. */
export type RetrieveStep = (options?: RequestOptions) => Promise<RetrieveBookingResponse>;

/** The fare before the first attempt, post-markup and (when the service sent it) pre-markup. */
interface Before {
  fare: number;
  raw: number | undefined;
}

const paise = (amount: number) => Math.round(amount * 100);

/** The fare a booking's pricing says it had before its last move (or now, when it did not move). */
function fareBefore(pricing: Pricing | null | undefined): Before | undefined {
  if (!pricing || typeof pricing.final_fare !== 'number') return undefined;
  const moved = pricing.price_changed === true && typeof pricing.previous_total_amount === 'number';
  const raw = pricing.raw;
  return {
    fare: moved ? (pricing.previous_total_amount as number) : pricing.final_fare,
    raw: (moved ? raw?.previous_total_amount : raw?.final_fare) ?? undefined,
  };
}

/** The service's pricing, with a move since `before` reported. */
function against(pricing: Pricing, before: Before): Pricing {
  const moved = pricing.price_changed === true || paise(pricing.final_fare) !== paise(before.fare);
  if (!moved) return pricing;
  return {
    ...pricing,
    price_changed: true,
    previous_total_amount: before.fare,
    ...(pricing.raw && before.raw !== undefined
      ? { raw: { ...pricing.raw, previous_total_amount: before.raw } }
      : {}),
  };
}

/** Sends reprice (re-sent by the retry layer only once the fare before it is known). */
export async function sendReprice(
  ctx: ClientContext,
  id: string,
  call: Call,
  retrieve: RetrieveStep,
): Promise<{ data: RepriceResponse; response: HttpResponse }> {
  let before: Before | undefined;
  const beforeResend = async (error: Error): Promise<boolean> => {
    if (before) return true; // read once, before the first re-send: later reads come after it
    try {
      before = fareBefore((await retrieve({ maxRetries: 1 })).pricing);
    } catch (read) {
      ctx.logger.info?.(
        `could not read booking ${id} before re-sending reprice: ${read instanceof Error ? read.message : String(read)}`,
        { booking_id: id },
      );
    }
    if (!before)
      ctx.logger.warn?.(
        `reprice of ${id} is not re-sent after ${error.name}: the fare before it could not be read, so a move could not be told`,
        { booking_id: id },
      );
    return before !== undefined;
  };
  const { data, response } = await ctx.requester
    .call(SERVICE.reprice, { booking_id: id }, call, { beforeResend })
    .catch(refusedInState('reprice', id, () => retrieve()));
  return { data: before ? { ...data, pricing: against(data.pricing, before) } : data, response };
}
