import type { Hooks, Logger } from '../core/options.js';
import { readResponse, type ReadPlan } from '../core/reader.js';
import { ResponseValidationError } from '../errors.js';
import { SearchResponseSchema, type SearchResponse } from '../schemas/search.js';
import { isNonNegInt, isNum, isObj, isPaxCount, isPricing, isSegment, isStr, optNullInt, optNullStr, type Rec } from '../schemas/in-place.js';
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
    (v.inbound === undefined || v.inbound === null || isOptionList(v.inbound)) &&
    (exp === undefined || exp === null || typeof exp === 'string') &&
    (rem === undefined || rem === null || isNum(rem))
  );
}


/** What the search answer must carry for the SDK to act; a malformed option is dropped, not fatal. */
export const SEARCH_READ_PLAN: ReadPlan = {
  essential: ['trace_id', 'outbound'],
  droppable: ['outbound.*', 'inbound.*', 'outbound.*.inbound_options.*'],
};

/** Where drift is reported while reading a search (hooks and logger of the client). */
export interface SearchReadInit {
  requestId?: string | undefined;
  endpoint?: string | undefined;
  hooks?: Hooks | undefined;
  logger?: Logger | undefined;
}

/**
 * Validates a search response against the contract and returns it, typed. No copy is made of a
 * valid response (the object becomes `SearchResults.data`), except that a missing `inbound` gets
 * its default `[]` on a shallow copy of the top level. Unknown fields are kept. An answer that
 * breaks the contract is read tolerantly (core/reader.ts): malformed options are dropped and
 * reported through `onContractDrift`; only a missing `trace_id` or `outbound` list is fatal.
 *
 * @throws ResponseValidationError (with the raw body) when the answer cannot be used at all.
 */
export function validateSearchResponse(json: unknown, init: SearchReadInit = {}): SearchResponse {
  if (isSearchResponse(json)) {
    const v = json as SearchResponse;
    const inbound = (json as Rec).inbound;
    return inbound === undefined || inbound === null ? { ...v, inbound: [] } : v;
  }
  const endpoint = init.endpoint ?? 'POST /v1/flights/search/';
  const [method, path] = endpoint.split(' ') as [string, string];
  const traceId = isObj(json) && typeof json.trace_id === 'string' ? json.trace_id : undefined;
  return readResponse(SearchResponseSchema, json, SEARCH_READ_PLAN, {
    endpoint: 'search',
    method,
    path,
    status: 200,
    requestId: init.requestId,
    ids: { trace_id: traceId },
    hooks: init.hooks ?? {},
    logger: init.logger ?? {},
  });
}

/**
 * The whole search response path: JSON text or an already parsed body → validated →
 * `SearchResults`. Pass `receivedAt` (monotonic, `performance.now()` when the response arrived)
 * so the deadline counts from arrival, not from when parsing finished.
 *
 * @throws ResponseValidationError on invalid JSON or an unusable answer; never a TypeError later.
 */
export function parseSearchResponse(json: unknown, meta: SearchMeta & SearchReadInit): SearchResults {
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
        body: json,
        cause,
      });
    }
  }
  const data = validateSearchResponse(body, meta);
  return new SearchResults(data, { ...meta, receivedAt });
}
