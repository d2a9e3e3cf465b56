/**
 * The search hot path, a measured exception to "fast by compiling" (ARCHITECTURE: a second copy
 * needs a measured, user-visible cost written beside it). A search answer can hold several hundred
 * options (megabytes of JSON). Budget: the SDK's search handling of the 8.6 MB coupled fixture
 * (bench/parse-search.ts) within 1.30 × `JSON.parse`. Measured in one run (2026-11-25, Node 22.23,
 * 2 shared vCPUs at load ≈ 7; docs/performance.md, "Search response parsing"): JSON.parse 26.7 ms;
 * + this checker (and SearchResults) 1.70×; + `z.compile(SearchResponseSchema)` 4.96×; + zod's
 * interpreter 4.79× (quieter runs: checker 1.17–1.36×).
 * The compiled parser copies every object of the tree (and allocates a closure per optional field),
 * so it misses the budget by far; this checker validates in place and copies nothing. Only when it
 * says no does the schema run (core/reader.ts), so issues, repairs and errors stay zod's.
 *
 * It must accept exactly what `SearchResponseSchema` accepts:
 * test/model/parse-search.equivalence.test.ts proves both agree on generated and mutated answers
 * and fails until a change to the search schemas is mirrored here.
 */

import { isObject } from './guards.js';

type Rec = Record<string, unknown>;

const isNum = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isInt = (v: unknown): boolean => Number.isSafeInteger(v);
const isNonNegInt = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const isStr = (v: unknown): boolean => typeof v === 'string';
const optNullStr = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';
const optNullNum = (v: unknown): boolean => v === undefined || v === null || isNum(v);
const optNullInt = (v: unknown): boolean => v === undefined || v === null || isInt(v);
const optNullNonNegInt = (v: unknown): boolean => v === undefined || v === null || isNonNegInt(v);
const optNullBool = (v: unknown): boolean => v === undefined || v === null || typeof v === 'boolean';
/** Absent, null, or passing `check` (a `z.nullish(...)` field). */
const orNull = (v: unknown, check: (v: unknown) => boolean): boolean => v === undefined || v === null || check(v);

function isPaxCount(v: unknown): boolean {
  return isObject(v) && isNonNegInt(v.adult) && isNonNegInt(v.child) && isNonNegInt(v.infant);
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

function isPricing(v: unknown): boolean {
  if (!isObject(v)) return false;
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
    orNull(v.raw, (raw) => isObject(raw) && isRawPricing(raw))
  );
}

function isPlace(v: unknown, timeKey: 'departure_time' | 'arrival_time'): boolean {
  return (
    isObject(v) &&
    isStr(v.airport_code) &&
    optNullStr(v.airport_name) &&
    optNullStr(v.city_code) &&
    optNullStr(v.city_name) &&
    optNullStr(v.country_name) &&
    optNullStr(v.terminal) &&
    optNullStr(v[timeKey])
  );
}

function isSegment(v: unknown): boolean {
  if (!isObject(v)) return false;
  const a = v.airline;
  const ground = v.ground_time_minutes;
  const seats = v.seats_available;
  return (
    isObject(a) &&
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

/** InboundOptionSchema (and FlightOptionSchema without `inbound_options`). */
function isOption(v: unknown): v is Rec {
  if (!isObject(v)) return false;
  const group = v.group_id;
  const segments = v.segments;
  if (!(
    isStr(v.result_index) &&
    typeof v.is_refundable === 'boolean' &&
    isNonNegInt(v.stop_count) &&
    optNullStr(v.fare_name) &&
    optNullStr(v.fare_class) &&
    optNullStr(v.airline_remark) &&
    optNullInt(group) &&
    isPricing(v.pricing) &&
    Array.isArray(segments)
  ))
    return false;
  for (let i = 0; i < segments.length; i++) if (!isSegment(segments[i])) return false;
  return true;
}

function isFlightOption(v: unknown): boolean {
  if (!isOption(v)) return false;
  const nested = v.inbound_options;
  if (nested === undefined) return true;
  if (!Array.isArray(nested)) return false;
  for (let i = 0; i < nested.length; i++) if (!isOption(nested[i])) return false;
  return true;
}

function isOptionList(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (!isFlightOption(v[i])) return false;
  return true;
}

/**
 * True exactly when `SearchResponseSchema.safeParse(v)` succeeds. Checks in place; copies nothing.
 * (A missing `inbound` is allowed: the schema defaults it to `[]`.)
 */
export function isSearchResponse(v: unknown): boolean {
  if (!isObject(v)) return false;
  const style = v.round_trip_style;
  const jt = v.journey_type;
  const exp = v.expires_at;
  const rem = v.remaining_seconds;
  return (
    isStr(v.trace_id) &&
    isStr(v.currency) &&
    (jt === 'one_way' || jt === 'round_trip') &&
    typeof v.is_domestic === 'boolean' &&
    isPaxCount(v.pax_count) &&
    (style === undefined || style === null || style === 'independent' || style === 'coupled') &&
    isOptionList(v.outbound) &&
    (v.inbound === undefined || v.inbound === null || isOptionList(v.inbound)) &&
    (exp === undefined || exp === null || typeof exp === 'string') &&
    (rem === undefined || rem === null || isNum(rem))
  );
}


/** The answer as read (`T`: SearchResponse, which this checker proves) when it is valid (a missing `inbound` gets its `[]` on a shallow copy), else undefined. */
export function readSearchInPlace<T>(json: unknown): T | undefined {
  if (!isSearchResponse(json)) return undefined;
  const inbound = (json as Rec).inbound;
  return (inbound === undefined || inbound === null ? { ...(json as Rec), inbound: [] } : json) as T;
}
