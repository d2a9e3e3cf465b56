/**
 * The search hot path, a measured exception to "fast by compiling" (ARCHITECTURE: a second copy
 * needs a measured, user-visible cost written beside it). A search answer can hold several hundred
 * options (megabytes of JSON). Budget: the SDK's search handling of the 8.6 MB coupled fixture
 * (bench/parse-search.ts) within 1.30 × `JSON.parse`. Measured (2026-11-25, Node 22.23, 2 shared
 * vCPUs; docs/performance.md, "Search response parsing"): this checker with SearchResults and a
 * first `select` 1.10–1.15× on quiet runs, 1.14–1.19× under load; `JSON.parse` +
 * `z.compile(SearchResponseSchema)` 3.0–3.9×; + zod's interpreter 3.6–4.1×. The compiled parser
 * copies every object of the tree (and allocates a closure per optional field), so it misses the
 * budget by far; this checker validates in place and copies nothing. Only when it says no does the
 * schema run (core/call/reader.ts), so issues, repairs and errors stay zod's.
 *
 * Why it is written out field by field (one function per schema object, one line per field, no
 * helper per field): when the previous answer has been garbage-collected, V8 drops its hidden
 * classes and, with them, the optimised code of this checker; the next answer is then checked
 * largely in V8's baseline tier (Sparkplug), where every small call costs. Measured on the fixture
 * (one process each, medians of 60): baseline tier only (`--no-turbofan`) 8.4 ms with a helper per
 * field, 4.4 ms written out; after such a GC 3.9–4.3 ms → 3.2–3.5 ms; optimised 1.75 → 1.55 ms.
 * Number tests are spelled with operators for the same reason (`x - x === 0` is
 * `Number.isFinite` for a number, `x % 1 === 0` plus the bounds is `Number.isSafeInteger`): no
 * call in the baseline tier.
 *
 * It must accept exactly what `SearchResponseSchema` accepts:
 * test/model/parse-search.equivalence.test.ts proves both agree on generated and mutated answers
 * and fails until a change to the search schemas is mirrored here.
 */

type Rec = Record<string, unknown>;

/** A module binding: no global lookup of `Array` per object (part of the form measured above). */
const isArray = Array.isArray;
const MAX = Number.MAX_SAFE_INTEGER;

/** PaxCountSchema (read once per answer, so the plain helpers are fine here). */
function isPaxCount(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || isArray(v)) return false;
  const p = v as Rec;
  const whole = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  return whole(p.adult) && whole(p.child) && whole(p.infant);
}

/** SegmentAirlineSchema. */
function isAirline(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || isArray(v)) return false;
  const a = v as Rec;
  let x = a.code;
  if (typeof x !== 'string') return false;
  x = a.name;
  if (typeof x !== 'string' && x != null) return false;
  x = a.flight_number;
  if (typeof x !== 'string') return false;
  x = a.fare_class;
  if (typeof x !== 'string' && x != null) return false;
  return true;
}

/** SegmentOriginSchema (a Place with `departure_time`). */
function isOrigin(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || isArray(v)) return false;
  const p = v as Rec;
  let x = p.airport_code;
  if (typeof x !== 'string') return false;
  x = p.airport_name;
  if (typeof x !== 'string' && x != null) return false;
  x = p.city_code;
  if (typeof x !== 'string' && x != null) return false;
  x = p.city_name;
  if (typeof x !== 'string' && x != null) return false;
  x = p.country_name;
  if (typeof x !== 'string' && x != null) return false;
  x = p.terminal;
  if (typeof x !== 'string' && x != null) return false;
  x = p.departure_time;
  if (typeof x !== 'string' && x != null) return false;
  return true;
}

/**
 * SegmentDestinationSchema (a Place with `arrival_time`). A twin of isOrigin rather than one
 * function taking the time key: each property read then sees one object shape and a fixed name.
 */
function isDestination(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || isArray(v)) return false;
  const p = v as Rec;
  let x = p.airport_code;
  if (typeof x !== 'string') return false;
  x = p.airport_name;
  if (typeof x !== 'string' && x != null) return false;
  x = p.city_code;
  if (typeof x !== 'string' && x != null) return false;
  x = p.city_name;
  if (typeof x !== 'string' && x != null) return false;
  x = p.country_name;
  if (typeof x !== 'string' && x != null) return false;
  x = p.terminal;
  if (typeof x !== 'string' && x != null) return false;
  x = p.arrival_time;
  if (typeof x !== 'string' && x != null) return false;
  return true;
}

/** SegmentSchema. */
function isSegment(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || isArray(v)) return false;
  const s = v as Rec;
  if (!isAirline(s.airline) || !isOrigin(s.origin) || !isDestination(s.destination)) return false;
  let x = s.cabin_class;
  if (typeof x !== 'string' && x != null) return false;
  x = s.duration_minutes;
  if (x != null && !(typeof x === 'number' && x % 1 === 0 && x >= 0 && x <= MAX)) return false;
  x = s.ground_time_minutes;
  if (x != null && !(typeof x === 'number' && x % 1 === 0 && x >= 0 && x <= MAX)) return false;
  x = s.baggage_allowance;
  if (typeof x !== 'string' && x != null) return false;
  x = s.cabin_baggage_allowance;
  if (typeof x !== 'string' && x != null) return false;
  x = s.seats_available;
  if (x != null && !(typeof x === 'number' && x % 1 === 0 && x >= -MAX && x <= MAX)) return false;
  return true;
}

/** `pricing.raw`: absent, null, or RawPricingSchema (every amount optional). */
function isOptionalRawPricing(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v !== 'object' || isArray(v)) return false;
  const r = v as Rec;
  let x = r.base_fare;
  if (x != null && (typeof x !== 'number' || x - x !== 0)) return false;
  x = r.service_fee;
  if (x != null && (typeof x !== 'number' || x - x !== 0)) return false;
  x = r.published_fare;
  if (x != null && (typeof x !== 'number' || x - x !== 0)) return false;
  x = r.final_fare;
  if (x != null && (typeof x !== 'number' || x - x !== 0)) return false;
  x = r.tax_and_surcharge;
  if (x != null && (typeof x !== 'number' || x - x !== 0)) return false;
  x = r.previous_total_amount;
  if (x != null && (typeof x !== 'number' || x - x !== 0)) return false;
  return true;
}

/** PricingSchema. */
function isPricing(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || isArray(v)) return false;
  const p = v as Rec;
  let x = p.currency;
  if (typeof x !== 'string') return false;
  x = p.base_fare;
  if (typeof x !== 'number' || x - x !== 0) return false;
  x = p.service_fee;
  if (typeof x !== 'number' || x - x !== 0) return false;
  x = p.tax_and_surcharge;
  if (x != null && (typeof x !== 'number' || x - x !== 0)) return false;
  x = p.published_fare;
  if (typeof x !== 'number' || x - x !== 0) return false;
  x = p.final_fare;
  if (typeof x !== 'number' || x - x !== 0) return false;
  x = p.previous_total_amount;
  if (x != null && (typeof x !== 'number' || x - x !== 0)) return false;
  x = p.price_changed;
  if (typeof x !== 'boolean' && x != null) return false;
  x = p.markup_percent;
  if (x != null && (typeof x !== 'number' || x - x !== 0)) return false;
  return isOptionalRawPricing(p.raw);
}

/** InboundOptionSchema (and FlightOptionSchema without `inbound_options`). */
function isOption(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || isArray(v)) return false;
  const o = v as Rec;
  let x = o.result_index;
  if (typeof x !== 'string') return false;
  x = o.is_refundable;
  if (typeof x !== 'boolean') return false;
  x = o.stop_count;
  if (!(typeof x === 'number' && x % 1 === 0 && x >= 0 && x <= MAX)) return false;
  x = o.fare_name;
  if (typeof x !== 'string' && x != null) return false;
  x = o.fare_class;
  if (typeof x !== 'string' && x != null) return false;
  x = o.airline_remark;
  if (typeof x !== 'string' && x != null) return false;
  x = o.group_id;
  if (x != null && !(typeof x === 'number' && x % 1 === 0 && x >= -MAX && x <= MAX)) return false;
  if (!isPricing(o.pricing)) return false;
  const segments = o.segments;
  if (!isArray(segments)) return false;
  for (let i = 0; i < segments.length; i++) if (!isSegment(segments[i])) return false;
  return true;
}

/** `z.array(FlightOptionSchema)`: each option, and its `inbound_options` when present. */
function isOptionList(v: unknown): boolean {
  if (!isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    const option: unknown = v[i];
    if (!isOption(option)) return false;
    const nested = (option as Rec).inbound_options;
    if (nested === undefined) continue;
    if (!isArray(nested)) return false;
    for (let j = 0; j < nested.length; j++) if (!isOption(nested[j])) return false;
  }
  return true;
}

/**
 * True exactly when `SearchResponseSchema.safeParse(v)` succeeds. Checks in place; copies nothing.
 * (A missing `inbound` is allowed: the schema defaults it to `[]`.)
 */
export function isSearchResponse(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || isArray(v)) return false;
  const r = v as Rec;
  const style = r.round_trip_style;
  const jt = r.journey_type;
  const exp = r.expires_at;
  const rem = r.remaining_seconds;
  return (
    typeof r.trace_id === 'string' &&
    typeof r.currency === 'string' &&
    (jt === 'one_way' || jt === 'round_trip') &&
    typeof r.is_domestic === 'boolean' &&
    isPaxCount(r.pax_count) &&
    (style === undefined || style === null || style === 'independent' || style === 'coupled') &&
    isOptionList(r.outbound) &&
    (r.inbound === undefined || r.inbound === null || isOptionList(r.inbound)) &&
    (exp === undefined || exp === null || typeof exp === 'string') &&
    (rem === undefined || rem === null || (typeof rem === 'number' && Number.isFinite(rem)))
  );
}

/** The answer as read (`T`: SearchResponse, which this checker proves) when it is valid (a missing `inbound` gets its `[]` on a shallow copy), else undefined. */
export function readSearchInPlace<T>(json: unknown): T | undefined {
  if (!isSearchResponse(json)) return undefined;
  const inbound = (json as Rec).inbound;
  return (inbound === undefined || inbound === null ? { ...(json as Rec), inbound: [] } : json) as T;
}
