/**
 * Reprice or book refused because of the booking's status (`BookingStateError`), when the
 * service's 400 does not say so in words the SDK recognises (errors/api.ts reads the sandbox's):
 * one retrieve of the booking, as a step of the refused call, tells its status. Not for
 * savePassengers: its 400s are mostly the passengers' own problems (a supplier's rules), and a GET
 * after each would spend the budget on what is not a state error; there only the wording counts.
 */
import { BadRequestError, BookingStateError } from '../../errors.js';

/** The steps typed by a read after their 400. */
type ReadStep = 'reprice' | 'book';

/**
 * Statuses that never allow reprice or book: the terminal ones, and `draft` (no passengers yet;
 * spec §3: `passenger_saved` is ready to reprice or book).
 */
const REFUSING = ['draft', 'confirmed', 'failed', 'cancelled'];

/**
 * What to throw for `error`, a failure of `operation` on booking `id`: a `BookingStateError` when
 * the service refused it in its own envelope (a 400) and one retrieve shows a status that does not
 * allow the step; otherwise `error` itself. Only reads: a refused book is never sent again, and a
 * read that fails leaves the original error standing.
 */
export async function stateError(
  operation: ReadStep,
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
  if (typeof status !== 'string' || !REFUSING.includes(status)) return error;
  const pnr = status === 'confirmed' && typeof booking.pnr === 'string' ? booking.pnr : undefined;
  // The 400's own fields (status, requestId, details, headers, body, context, ids) carry over.
  return new BookingStateError(
    { ...error, cause: error, ids: { ...error.ids, pnr }, booking_id: id, booking_status: status, operation },
    `${error.message} [booking ${id} is '${status}']`,
  );
}

/** `stateError` as a rejection handler: `send().catch(refusedInState('reprice', id, retrieve))`. */
export function refusedInState(
  operation: ReadStep,
  id: string,
  retrieve: Parameters<typeof stateError>[3],
): (error: unknown) => Promise<never> {
  return async (error) => {
    throw await stateError(operation, id, error, retrieve);
  };
}
