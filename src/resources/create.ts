import { transportOptions, type ClientContext } from '../core/context.js';
import type { RequestOptions } from '../core/options.js';
import { readAnswer } from '../core/reader.js';
import { certainlyNotSent } from '../core/failure.js';
import { sleep } from '../core/retry.js';
import { APIConnectionError, APIError, CreateOutcomeUnknownError, ResponseValidationError } from '../errors.js';
import { BookingListResponseSchema, type BookingListEntry } from '../schemas/booking.js';

/**
 * create-booking locks fares with the airline: it is never re-sent where the service may have
 * acted. The retry layer repeats it only after a 429 or a connection refused before sending; any
 * other failure is resolved here by reading: the newest bookings of the partner are listed and
 * the one made from this `trace_id` during this call is adopted. When that cannot be decided,
 * CreateOutcomeUnknownError names the trace_id and says a booking may exist.
 */

/** How a failed create attempt is settled: thrown as is, or resolved by listing. */
export function createOutcomeUnknown(error: unknown): 'no' | 'service-finished' | 'in-flight' {
  if (error instanceof APIError) {
    if (error.status < 500) return 'no';
    return error.envelope ? 'service-finished' : 'in-flight';
  }
  if (error instanceof APIConnectionError) {
    return certainlyNotSent(error) ? 'no' : 'in-flight';
  }
  if (error instanceof ResponseValidationError) return 'in-flight';
  return 'no';
}

/** Allowed clock difference between this machine and the service when matching `created_at`. */
const SKEW_MS = 120_000;

/**
 * Finds the booking a failed create made, if any. Returns its id, or throws: the original error
 * when the service finished and made none, CreateOutcomeUnknownError otherwise.
 */
export async function resolveCreate(
  ctx: ClientContext,
  traceId: string,
  startedAtMs: number,
  cause: unknown,
  mode: 'service-finished' | 'in-flight',
  options: RequestOptions,
): Promise<string> {
  ctx.logger.warn?.(`create-booking for trace ${traceId} was interrupted; looking for the booking it may have made`, { trace_id: traceId });
  const checks = mode === 'service-finished' ? 1 : 3;
  let candidates: BookingListEntry[] = [];
  let listed = false;
  for (let check = 1; check <= checks; check++) {
    try {
      const req = { endpoint: 'list', method: 'GET', path: '/v1/bookings/', query: { limit: 25 }, auth: true } as const;
      const response = await ctx.requester.send(req, { ...transportOptions(options), maxRetries: 1 });
      const page = readAnswer(ctx, BookingListResponseSchema, response, req, { essential: ['results'], droppable: ['results.*'] });
      listed = true;
      candidates = page.results.filter((b) => b.trace_id === traceId && createdDuring(b, startedAtMs) && !knownBefore(ctx, b.id));
      if (candidates.length > 0) break;
    } catch (error) {
      ctx.logger.info?.(`could not list bookings to resolve create for ${traceId}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (check < checks) await sleep(Math.min(ctx.bookReconcile.intervalMs * 2 ** check, 2_000), options.signal);
  }
  if (candidates.length === 1) {
    ctx.logger.info?.(`create-booking for trace ${traceId} had made booking ${candidates[0]!.id}`, { trace_id: traceId, booking_id: candidates[0]!.id });
    return candidates[0]!.id;
  }
  if (candidates.length === 0 && listed && mode === 'service-finished') throw cause;
  throw new CreateOutcomeUnknownError(traceId, candidates.map((c) => c.id), { cause });
}

function createdDuring(b: BookingListEntry, startedAtMs: number): boolean {
  if (!b.created_at) return true; // no timestamp: cannot rule it out
  const at = Date.parse(b.created_at.endsWith('Z') || /[+-]\d\d:?\d\d$/.test(b.created_at) ? b.created_at : `${b.created_at}Z`);
  return Number.isNaN(at) || (at >= startedAtMs - SKEW_MS && at <= Date.now() + SKEW_MS);
}

/** A booking this client already knew before the call cannot be the one the call made. */
function knownBefore(ctx: ClientContext, id: string): boolean {
  return ctx.registry.booking(id) !== undefined;
}

