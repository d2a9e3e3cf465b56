import type { Booking } from './booking.js';

/**
 * In-place checks of response shapes: each is true exactly when the zod schema of the same name
 * would accept the value and hand it back unchanged. They copy nothing and run on the hot paths
 * (a search's options, a booking's answer); zod still runs whenever one says no, to produce the
 * issues (paths and messages stay zod's). Equivalence tests keep them in step with the schemas:
 * test/model/parse-search.equivalence.test.ts and test/schemas/booking-in-place.test.ts.
 */

export type Rec = Record<string, unknown>;

export const isObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isNum = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
export const isInt = (v: unknown): boolean => Number.isSafeInteger(v);
export const isNonNegInt = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
export const isStr = (v: unknown): boolean => typeof v === 'string';
export const optNullStr = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';
export const optNullNum = (v: unknown): boolean => v === undefined || v === null || isNum(v);
export const optNullInt = (v: unknown): boolean => v === undefined || v === null || isInt(v);
export const optNullNonNegInt = (v: unknown): boolean => v === undefined || v === null || isNonNegInt(v);
export const optNullBool = (v: unknown): boolean => v === undefined || v === null || typeof v === 'boolean';
/** Absent, null, or passing `check` (a `z.nullish(...)` field). */
export const orNull = (v: unknown, check: (v: unknown) => boolean): boolean => v === undefined || v === null || check(v);

export function isPaxCount(v: unknown): boolean {
  return isObj(v) && isNonNegInt(v.adult) && isNonNegInt(v.child) && isNonNegInt(v.infant);
}

function isRawPricing(v: Rec): boolean {
  return (
    optNullNum(v.base_fare) &&
    optNullNum(v.service_fee) &&
    optNullNum(v.published_fare) &&
    optNullNum(v.final_fare) &&
    optNullNum(v.tax_and_surcharge) &&
    optNullNum(v.previous_total_amount)
  );
}

export function isPricing(v: unknown): boolean {
  if (!isObj(v)) return false;
  return (
    isStr(v.currency) &&
    isNum(v.base_fare) &&
    isNum(v.service_fee) &&
    optNullNum(v.tax_and_surcharge) &&
    isNum(v.published_fare) &&
    isNum(v.final_fare) &&
    optNullNum(v.previous_total_amount) &&
    optNullBool(v.price_changed) &&
    optNullNum(v.markup_percent) &&
    orNull(v.raw, (raw) => isObj(raw) && isRawPricing(raw))
  );
}

function isPlace(v: unknown, timeKey: 'departure_time' | 'arrival_time'): boolean {
  return (
    isObj(v) &&
    isStr(v.airport_code) &&
    optNullStr(v.airport_name) &&
    optNullStr(v.city_code) &&
    optNullStr(v.city_name) &&
    optNullStr(v.country_name) &&
    optNullStr(v.terminal) &&
    optNullStr(v[timeKey])
  );
}

export function isSegment(v: unknown): boolean {
  if (!isObj(v)) return false;
  const a = v.airline;
  const ground = v.ground_time_minutes;
  const seats = v.seats_available;
  return (
    isObj(a) &&
    isStr(a.code) &&
    optNullStr(a.name) &&
    isStr(a.flight_number) &&
    optNullStr(a.fare_class) &&
    isPlace(v.origin, 'departure_time') &&
    isPlace(v.destination, 'arrival_time') &&
    optNullStr(v.cabin_class) &&
    optNullNonNegInt(v.duration_minutes) &&
    optNullNonNegInt(ground) &&
    optNullStr(v.baggage_allowance) &&
    optNullStr(v.cabin_baggage_allowance) &&
    optNullInt(seats)
  );
}

function every(v: unknown, check: (item: unknown) => boolean): boolean {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (!check(v[i])) return false;
  return true;
}

/** LegSchema. */
function isLeg(v: unknown): boolean {
  return (
    isObj(v) &&
    (v.direction === 'outbound' || v.direction === 'inbound') &&
    optNullNonNegInt(v.stop_count) &&
    every(v.segments, isSegment)
  );
}

/** ItineraryItemSchema. */
function isItineraryItem(v: unknown): boolean {
  return (
    isObj(v) &&
    optNullStr(v.item_code) &&
    optNullStr(v.result_index) &&
    orNull(v.journey_type, (jt) => jt === 'one_way' || jt === 'round_trip') &&
    optNullBool(v.is_refundable) &&
    optNullStr(v.fare_name) &&
    optNullStr(v.fare_class) &&
    optNullStr(v.airline_remark) &&
    every(v.legs, isLeg)
  );
}

/** DuplicateEntrySchema. */
function isDuplicate(v: unknown): boolean {
  return (
    isObj(v) &&
    isStr(v.pnr) &&
    isStr(v.status) &&
    optNullStr(v.bms_booking_code) &&
    optNullStr(v.member_code) &&
    optNullStr(v.origin_city_code) &&
    optNullStr(v.destination_city_code) &&
    optNullStr(v.created_at)
  );
}

/**
 * `pax_rules` that PaxRulesSchema hands back as they are: groups of `{ isVisible, isMandatoryIfVisible }`
 * booleans. (The schema itself keeps only such rules and never fails; anything else goes through it.)
 */
function isCleanPaxRules(v: unknown): boolean {
  if (!isObj(v)) return false;
  for (const group in v) {
    if (group === '__proto__') return false; // the schema's copy would not keep it as a key
    const rules = v[group];
    if (!isObj(rules)) return false;
    for (const field in rules) {
      if (field === '__proto__') return false;
      const rule = rules[field];
      if (!isObj(rule) || typeof rule.isVisible !== 'boolean' || typeof rule.isMandatoryIfVisible !== 'boolean') return false;
    }
  }
  return true;
}

/** What one booking answer requires beyond BookingSchema (the schemas' `itineraryFields` and the like). */
export interface BookingAnswerShape {
  /** Fields that must be present and not null. */
  required?: readonly (keyof Booking)[];
  /** `duplicates_found` a boolean and `duplicates` an array (save-passengers normalises both). */
  duplicates?: boolean;
  /** `pnr` a non-empty string (book). */
  pnr?: boolean;
}

/**
 * True exactly when the booking answer schema described by `shape` (BookingSchema plus its required
 * fields) accepts `v` and returns it unchanged. Checks in place; copies nothing.
 */
export function isBookingAnswer(v: unknown, shape: BookingAnswerShape = {}): boolean {
  if (!isObj(v)) return false;
  for (const key of shape.required ?? []) if (orNull(v[key], () => false)) return false;
  if (shape.duplicates && (typeof v.duplicates_found !== 'boolean' || !Array.isArray(v.duplicates))) return false;
  if (shape.pnr && !(typeof v.pnr === 'string' && v.pnr.length > 0)) return false;
  return (
    isStr(v.booking_id) &&
    optNullStr(v.trace_id) &&
    optNullStr(v.itinerary_code) &&
    isStr(v.status) &&
    optNullStr(v.pnr) &&
    optNullStr(v.bms_booking_code) &&
    optNullBool(v.is_domestic) &&
    orNull(v.pax_count, isPaxCount) &&
    optNullStr(v.expires_at) &&
    optNullNum(v.remaining_seconds) &&
    orNull(v.pricing, isPricing) &&
    orNull(v.pax_rules, isCleanPaxRules) &&
    orNull(v.itinerary_items, (items) => every(items, isItineraryItem)) &&
    optNullBool(v.duplicates_found) &&
    orNull(v.duplicates, (dups) => every(dups, isDuplicate)) &&
    optNullBool(v.passport_required)
  );
}
