import { ResponseValidationError, toIssues } from '../errors.js';
import { SearchResponseSchema, type SearchResponse } from '../schemas/search.js';
import { SearchResults, type SearchMeta } from './search-results.js';

/**
 * The search hot path. A search response can hold several hundred options (megabytes of JSON);
 * a zod parse of it costs more than `JSON.parse` itself, mostly because it copies every object.
 * `isSearchResponse` checks exactly the contract of `SearchResponseSchema` in place, without
 * copying; only when it says no does zod run, to produce the issues (so error paths and messages
 * are zod's). test/model/parse-search.equivalence.test.ts proves both accept and reject alike.
 * Keep the two in step: a change to the search schemas must be mirrored here (that test fails
 * until it is).
 */

type Rec = Record<string, unknown>;

const isObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isInt = (v: unknown): boolean => Number.isSafeInteger(v);
const isNonNegInt = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const isStr = (v: unknown): boolean => typeof v === 'string';
const optStr = (v: unknown): boolean => v === undefined || typeof v === 'string';
const optNullStr = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';
const optNum = (v: unknown): boolean => v === undefined || isNum(v);

function isPaxCount(v: unknown): boolean {
  return isObj(v) && isNonNegInt(v.adult) && isNonNegInt(v.child) && isNonNegInt(v.infant);
}

function isRawPricing(v: Rec): boolean {
  return (
    optNum(v.base_fare) &&
    optNum(v.service_fee) &&
    optNum(v.published_fare) &&
    optNum(v.final_fare) &&
    optNum(v.tax_and_surcharge) &&
    optNum(v.previous_total_amount)
  );
}

function isPricing(v: unknown): boolean {
  if (!isObj(v)) return false;
  const raw = v.raw;
  const prev = v.previous_total_amount;
  const changed = v.price_changed;
  return (
    isStr(v.currency) &&
    isNum(v.base_fare) &&
    isNum(v.service_fee) &&
    optNum(v.tax_and_surcharge) &&
    isNum(v.published_fare) &&
    isNum(v.final_fare) &&
    (prev === undefined || prev === null || isNum(prev)) &&
    (changed === undefined || typeof changed === 'boolean') &&
    optNum(v.markup_percent) &&
    (raw === undefined || (isObj(raw) && isRawPricing(raw)))
  );
}

function isPlace(v: unknown, timeKey: 'departure_time' | 'arrival_time'): boolean {
  return (
    isObj(v) &&
    isStr(v.airport_code) &&
    optStr(v.airport_name) &&
    optStr(v.city_code) &&
    optStr(v.city_name) &&
    optStr(v.country_name) &&
    optNullStr(v.terminal) &&
    isStr(v[timeKey])
  );
}

function isSegment(v: unknown): boolean {
  if (!isObj(v)) return false;
  const a = v.airline;
  const ground = v.ground_time_minutes;
  const seats = v.seats_available;
  return (
    isObj(a) &&
    isStr(a.code) &&
    optStr(a.name) &&
    isStr(a.flight_number) &&
    optNullStr(a.fare_class) &&
    isPlace(v.origin, 'departure_time') &&
    isPlace(v.destination, 'arrival_time') &&
    optStr(v.cabin_class) &&
    isNonNegInt(v.duration_minutes) &&
    (ground === undefined || isNonNegInt(ground)) &&
    optNullStr(v.baggage_allowance) &&
    optNullStr(v.cabin_baggage_allowance) &&
    (seats === undefined || isInt(seats))
  );
}

/** InboundOptionSchema (and FlightOptionSchema without `inbound_options`). */
function isOption(v: unknown): v is Rec {
  if (!isObj(v)) return false;
  const group = v.group_id;
  const segments = v.segments;
  if (!(
    isStr(v.result_index) &&
    typeof v.is_refundable === 'boolean' &&
    isNonNegInt(v.stop_count) &&
    optNullStr(v.fare_name) &&
    optNullStr(v.fare_class) &&
    optNullStr(v.airline_remark) &&
    (group === undefined || isInt(group)) &&
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
  if (!isObj(v)) return false;
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
    (v.inbound === undefined || isOptionList(v.inbound)) &&
    (exp === undefined || exp === null || typeof exp === 'string') &&
    (rem === undefined || rem === null || isNum(rem))
  );
}


/**
 * Validates a search response against the contract and returns it, typed. No copy is made of a
 * valid response (the object becomes `SearchResults.data`), except that a missing `inbound` gets
 * its default `[]` on a shallow copy of the top level. Unknown fields are kept.
 *
 * @throws ResponseValidationError naming every contract break (`outbound[3].pricing.final_fare`).
 */
export function validateSearchResponse(
  json: unknown,
  init: { requestId?: string | undefined; endpoint?: string | undefined } = {},
): SearchResponse {
  if (isSearchResponse(json)) {
    const v = json as SearchResponse;
    return (json as Rec).inbound === undefined ? { ...v, inbound: [] } : v;
  }
  const parsed = SearchResponseSchema.safeParse(json);
  // Reached only on a contract break; should the fast check ever be stricter than the schema,
  // the schema's verdict wins.
  if (parsed.success) return parsed.data;
  throw new ResponseValidationError(toIssues(parsed.error.issues), {
    requestId: init.requestId,
    status: 200,
    endpoint: init.endpoint ?? 'POST /v1/flights/search/',
    cause: parsed.error,
  });
}

/**
 * The whole search response path: JSON text or an already parsed body → validated →
 * `SearchResults`. Pass `receivedAt` (monotonic, `performance.now()` when the response arrived)
 * so the deadline counts from arrival, not from when parsing finished.
 *
 * @throws ResponseValidationError on invalid JSON or a contract break; never a TypeError later.
 */
export function parseSearchResponse(
  json: unknown,
  meta: SearchMeta & { endpoint?: string | undefined },
): SearchResults {
  const receivedAt = meta.receivedAt ?? (meta.clock ?? { now: () => performance.now() }).now();
  let body = json;
  if (typeof json === 'string') {
    try {
      body = JSON.parse(json);
    } catch (cause) {
      throw new ResponseValidationError([{ path: '', message: 'the body is not valid JSON' }], {
        requestId: meta.requestId,
        status: 200,
        endpoint: meta.endpoint ?? 'POST /v1/flights/search/',
        cause,
      });
    }
  }
  const data = validateSearchResponse(body, { requestId: meta.requestId, endpoint: meta.endpoint });
  return new SearchResults(data, { ...meta, receivedAt });
}
