/**
 * A booking step refused because of the booking's status (`BookingStateError`), when the service's
 * 400 does not say so in words the SDK recognises (errors/api.ts reads the sandbox's): one
 * retrieve of the booking, as a step of the refused call, tells its status.
 */
import { BadRequestError, BookingStateError, type BookingOperation } from '../errors.js';

/**
 * Statuses that never allow the step: the terminal ones, and `draft` (no passengers yet) for
 * reprice and book (spec §3: `passenger_saved` is ready to reprice or book).
 */
const refuses = (operation: BookingOperation, status: string) =>
  ['confirmed', 'failed', 'cancelled'].includes(status) ||
  (status === 'draft' && operation !== 'savePassengers');

/**
 * What to throw for `error`, a failure of `operation` on booking `id`: a `BookingStateError` when
 * the service refused it in its own envelope (a 400) and one retrieve shows a status that does not
 * allow the step; otherwise `error` itself. Only reads: a refused book is never sent again, and a
 * read that fails leaves the original error standing.
 */
export async function stateError(
  operation: BookingOperation,
  id: string,
  error: unknown,
  retrieve: () => PromiseLike<{ status?: unknown; pnr?: unknown; requestId?: string | undefined }>,
): Promise<unknown> {
  if (!(error instanceof BadRequestError) || error instanceof BookingStateError) return error;
  if (error.status !== 400 || !error.envelope) return error;
  let booking: Awaited<ReturnType<typeof retrieve>>;
  try {
    booking = await retrieve();
  } catch {
    return error;
  }
  const status = booking.status;
  if (typeof status !== 'string' || !refuses(operation, status)) return error;
  const pnr = status === 'confirmed' && typeof booking.pnr === 'string' ? booking.pnr : undefined;
  // The 400's own fields (status, requestId, details, headers, body, context, ids) carry over.
  return new BookingStateError(
    { ...error, cause: error, ids: { ...error.ids, pnr }, booking_id: id, booking_status: status, operation },
    `${error.message} [booking ${id} is '${status}']`,
  );
}

/** `stateError` as a rejection handler: `send().catch(refusedInState('reprice', id, retrieve))`. */
export function refusedInState(
  operation: BookingOperation,
  id: string,
  retrieve: Parameters<typeof stateError>[3],
): (error: unknown) => Promise<never> {
  return async (error) => {
    throw await stateError(operation, id, error, retrieve);
  };
}
