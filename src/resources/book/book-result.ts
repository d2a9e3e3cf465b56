/**
 * What book returns and what its steps share (book.ts, book-reconcile.ts): the result types, the
 * booking's own read, and the statuses book reads. A leaf: no import back into book.ts.
 */
import { withMeta } from '../../core/state/context.js';
import type { RequestOptions } from '../../core/options/options.js';
import type { Deadline } from '../../model/deadline.js';
import type { BookResponse, RetrieveBookingResponse } from '../../schemas/booking.js';
import type { BookingStatus } from '../../schemas/plain/vocabulary.js';

/**
 * Metadata on every booking result: the request id and, where known, the fare lock. (Declared
 * beside book, so that bookings.ts → book.ts is the only import between the two.)
 */
export interface BookingMeta {
  readonly requestId: string | undefined;
  /** The fare lock countdown, when the client knows it. */
  readonly deadline: Deadline | undefined;
}

/**
 * A confirmed booking. `reconciled` is true when the answer came from retrieving the booking
 * (after an interrupted book, or because another call or process had booked it).
 */
export type BookResult = BookResponse & BookingMeta & { readonly reconciled: boolean };

/** Retrieves the booking being booked, as a step of the book call (`options` on top of its settings). */
export type Retrieve = (options?: RequestOptions) => Promise<RetrieveBookingResponse & BookingMeta>;

export /** Statuses from which book may still be sent (spec §3): nothing irreversible happened yet. */
const BOOKABLE = new Set<string>(['draft', 'passenger_saved', 'priced'] satisfies BookingStatus[]);

export const confirmedWithPnr = (b: {
  status?: unknown;
  pnr?: unknown;
}): b is { status: 'confirmed'; pnr: string } =>
  b.status === 'confirmed' && typeof b.pnr === 'string' && b.pnr !== '';

/** A confirmed booking found by retrieving it, as the result of book (`reconciled: true`). */
export function fromRetrieved(booking: RetrieveBookingResponse & BookingMeta): BookResult {
  return withMeta(booking as unknown as BookResponse, {
    requestId: booking.requestId,
    deadline: undefined,
    reconciled: true,
  });
}
