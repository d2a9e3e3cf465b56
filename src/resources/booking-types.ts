/** The result and input types of `fareway.bookings` (bookings.ts), and save-passengers' options. */
import { closed, flag } from '../core/options/rules.js';
import { REQUEST_OPTIONS_SHAPE } from '../core/options/options.js';
import type { Selection } from '../model/search-results.js';
import type {
  CreateBookingResponse,
  RepriceResponse,
  RetrieveBookingResponse,
  SavePassengersResponse,
} from '../schemas/booking.js';
import { z } from '../schemas/zod.js';
import type { BookingMeta } from './book/book-result.js';

export type { BookingMeta };
/**
 * A created booking. `reconciled: false`: the service's create answer, with every field spec §4.3
 * lists. `reconciled: true`: the create was interrupted and its own booking was found by listing
 * and read with get-booking (spec §4.7), which does not carry `pax_count`, `pax_rules` or the
 * lock countdown: `pax_count` is filled from the search when this client knows it (or from the
 * answer, when the service sends it) and is absent otherwise.
 */
export type CreatedBooking =
  | (CreateBookingResponse & BookingMeta & { readonly reconciled: false })
  | (RetrieveBookingResponse & BookingMeta & { readonly reconciled: true });
/** What `savePassengers` returns: the service's answer, and the preflight's non-blocking `warnings`. */
export type SavedPassengers = SavePassengersResponse & BookingMeta & { readonly warnings: string[] };
/** What `reprice` returns: `pricing.final_fare` is the fare book will charge. */
export type RepricedBooking = RepriceResponse & BookingMeta;
/** What `retrieve` returns: the booking in any partner-visible status. */
export type RetrievedBooking = RetrieveBookingResponse & BookingMeta;

/** A booking object (any response that has `booking_id`) or the id itself. */
export type BookingRef = string | { booking_id: string };

/** `create` input: a selection from `results.select(...)`, or raw trace id and indices. */
export type CreateBookingInput = Selection | { trace_id: string; result_indices: readonly string[] };

export const SavePassengersOptionsObject = closed({
  ...REQUEST_OPTIONS_SHAPE,
  /**
   * Skip the local preflight (the service still validates). For emergencies only.
   * @default false
   */
  skipPreflight: z.optional(flag()),
});
/** Options of `savePassengers`: every call's options, and the preflight switch. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the named type of the schema
export interface SavePassengersOptions extends z.input<typeof SavePassengersOptionsObject> {}
