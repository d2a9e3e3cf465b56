/**
 * What each booking endpoint answers: exactly the fields its section of the spec lists (§4.3–§4.7),
 * in that order, plus `passport_required` where the sandbox places it (§2: "present on the
 * booking; exact response placement not shown"). Nothing else: partners' tests must not come to
 * rely on a field production never sends. Legal variety is the `variations` option's job.
 */
import { isoNoZone, remainingSeconds } from '../state/clock.js';
import { paxRules } from '../rules/rules.js';
import type { BookingRecord, Partner } from '../state/state.js';
import { bookingPricing, itineraryItems } from './views.js';

/** The booking answers, by the endpoint name `control.failNext` uses. */
type BookingAnswer = 'createBooking' | 'savePassengers' | 'reprice' | 'book' | 'retrieve';

type Field =
  | 'booking_id'
  | 'trace_id'
  | 'itinerary_code'
  | 'status'
  | 'pnr'
  | 'bms_booking_code'
  | 'is_domestic'
  | 'pax_count'
  | 'expires_at'
  | 'remaining_seconds'
  | 'pricing'
  | 'pax_rules'
  | 'itinerary_items'
  | 'duplicates_found'
  | 'duplicates'
  | 'passport_required';

/** The documented field list of each answer. `pnr` is left out while the booking has none. */
const ANSWER_FIELDS: Record<BookingAnswer, readonly Field[]> = {
  // §4.3; passport_required beside pax_rules, which the client inspects before passengers.
  createBooking: [
    'booking_id',
    'trace_id',
    'itinerary_code',
    'status',
    'is_domestic',
    'pax_count',
    'expires_at',
    'remaining_seconds',
    'pricing',
    'pax_rules',
    'itinerary_items',
    'passport_required',
  ],
  // §4.4
  savePassengers: [
    'booking_id',
    'trace_id',
    'itinerary_code',
    'status',
    'is_domestic',
    'pax_count',
    'pricing',
    'itinerary_items',
    'duplicates_found',
    'duplicates',
  ],
  // §4.5
  reprice: ['booking_id', 'status', 'pricing', 'itinerary_items'],
  // §4.6
  book: [
    'booking_id',
    'status',
    'pnr',
    'bms_booking_code',
    'itinerary_code',
    'is_domestic',
    'pax_count',
    'pricing',
    'itinerary_items',
  ],
  // §4.7; passport_required too, so a client holding only a booking_id can prepare passengers.
  retrieve: [
    'booking_id',
    'trace_id',
    'itinerary_code',
    'status',
    'pnr',
    'is_domestic',
    'pricing',
    'itinerary_items',
    'passport_required',
  ],
};

/** Renders one booking answer for `partner` at virtual time `now`. */
export function bookingAnswer(
  kind: BookingAnswer,
  b: BookingRecord,
  partner: Partner,
  now: number,
): Record<string, unknown> {
  const value: Record<Field, () => unknown> = {
    booking_id: () => b.id,
    trace_id: () => b.traceId,
    itinerary_code: () => b.itineraryCode,
    status: () => b.status,
    pnr: () => b.pnr ?? undefined,
    bms_booking_code: () => b.bmsBookingCode ?? undefined,
    is_domestic: () => b.isDomestic,
    pax_count: () => ({ ...b.paxCount }),
    expires_at: () => isoNoZone(b.lockExpiresAt),
    remaining_seconds: () => remainingSeconds(b.lockExpiresAt, now),
    pricing: () => bookingPricing(b, partner.markupPercent),
    pax_rules: () => paxRules(b.passportRequired),
    itinerary_items: () => itineraryItems(b),
    duplicates_found: () => b.duplicates.length > 0,
    duplicates: () => b.duplicates.map((d) => ({ ...d })),
    passport_required: () => b.passportRequired,
  };
  const out: Record<string, unknown> = {};
  for (const field of ANSWER_FIELDS[kind]) {
    const v = value[field]();
    if (v !== undefined) out[field] = v;
  }
  return out;
}
