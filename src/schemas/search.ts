/* eslint-disable @typescript-eslint/no-empty-object-type -- named types derived from their schemas: `interface X extends Fields<typeof XShape> {}` (ARCHITECTURE, "Each contract once") */
import { todayLocal } from '../dates.js';
import { FlightOptionSchema, PaxCountSchema, SOURCES, nullableString, orEmpty } from './common.js';
import { answer, type Fields } from './answer.js';
import { readSearchInPlace } from './search-check.js';
import { dateTimeInput, iataCode, TraceIdSchema } from './inputs.js';
import { z } from './zod.js';

/** Cabin names accepted by `flights.search`, and the digit code each is sent as (spec §4.1). */
const CABIN_CODES = {
  all: '1',
  economy: '2',
  premium_economy: '3',
  business: '4',
  premium_business: '5',
  first: '6',
} as const;
/** A cabin `flights.search` accepts. */
export type CabinClass = keyof typeof CABIN_CODES;

/** Journey types with their wire codes. `multi_city` is refused locally (see docs/search.md). */
const JOURNEY_CODES = { one_way: '1', round_trip: '2', multi_city: '3' } as const;
/** A journey type `flights.search` accepts (`multi_city` is refused locally). */
export type JourneyType = keyof typeof JOURNEY_CODES;

const count = (_field: string) =>
  z
    .number({ error: 'must be a whole number from 0 to 9' })
    .check(
      z.int('must be a whole number from 0 to 9'),
      z.gte(0, 'must be a whole number from 0 to 9'),
      z.lte(9, 'must be at most 9'),
    );

/**
 * A departure date-time not in the past. "Today" is the process's local date: the service reads
 * dates without a zone, and a partner's server normally runs in the zone its travellers book in
 * (see docs/passengers.md, Dates). Today itself is accepted, whatever the hour.
 */
const departureTime = dateTimeInput.check(
  z.superRefine((value: string, ctx) => {
    const today = todayLocal();
    const day = value.slice(0, 10);
    if (day < today)
      ctx.addIssue({ code: 'custom', message: `is in the past (${day}; today is ${today}, local time)` });
  }),
);

/**
 * `flights.search` input: wire field names with natural values. Counts are numbers, times are a
 * `Date` or an ISO string, the cabin is a name. Everything is serialised to the wire's strings.
 */
export const SearchParamsSchema = z
  .strictObject({
    origin: iataCode,
    destination: iataCode,
    preferred_departure_time: departureTime,
    preferred_return_departure_time: z.optional(dateTimeInput),
    adult_count: z._default(count('adult_count'), 1),
    child_count: z._default(count('child_count'), 0),
    infant_count: z._default(count('infant_count'), 0),
    direct_flight: z._default(z.boolean(), false),
    flight_cabin_class: z.optional(z.enum(Object.keys(CABIN_CODES) as [CabinClass, ...CabinClass[]])),
    journey_type: z.optional(z.enum(['one_way', 'round_trip', 'multi_city'])),
    source: z._default(z.enum(SOURCES), 'supplier_a'),
  })
  .check(
    z.superRefine((p, ctx) => {
      if (p.adult_count < 1)
        ctx.addIssue({ code: 'custom', path: ['adult_count'], message: 'at least one adult is required' });
      if (p.infant_count > p.adult_count)
        ctx.addIssue({
          code: 'custom',
          path: ['infant_count'],
          message: 'must not exceed adult_count (one infant per adult)',
        });
      if (p.origin === p.destination)
        ctx.addIssue({ code: 'custom', path: ['destination'], message: 'must differ from origin' });
      if (p.journey_type === 'multi_city')
        ctx.addIssue({
          code: 'custom',
          path: ['journey_type'],
          message: 'multi_city is not defined by the v1 contract; search each leg as a one_way journey',
        });
      const roundTrip =
        p.journey_type === 'round_trip' ||
        (p.journey_type === undefined && p.preferred_return_departure_time);
      if (roundTrip && !p.preferred_return_departure_time)
        ctx.addIssue({
          code: 'custom',
          path: ['preferred_return_departure_time'],
          message: 'required for a round_trip',
        });
      if (p.journey_type === 'one_way' && p.preferred_return_departure_time)
        ctx.addIssue({
          code: 'custom',
          path: ['preferred_return_departure_time'],
          message: 'must be omitted for a one_way journey',
        });
      if (p.preferred_return_departure_time && p.preferred_return_departure_time < p.preferred_departure_time)
        ctx.addIssue({
          code: 'custom',
          path: ['preferred_return_departure_time'],
          message: 'must not be before preferred_departure_time',
        });
    }),
  );
/** What a caller passes to `flights.search`. */
export type SearchParams = z.input<typeof SearchParamsSchema>;

/** The search request exactly as it goes on the wire: every value a string (spec §4.1). */
interface SearchRequestBody {
  direct_flight: 'true' | 'false';
  adult_count: string;
  child_count: string;
  infant_count: string;
  flight_cabin_class?: string;
  journey_type: string;
  preferred_departure_time: string;
  preferred_return_departure_time?: string;
  origin: string;
  destination: string;
  source: string;
}

/** Validates and serialises search params. Throws a ZodError on bad input. */
export function toSearchRequestBody(params: z.output<typeof SearchParamsSchema>): SearchRequestBody {
  const journey: JourneyType =
    params.journey_type ?? (params.preferred_return_departure_time ? 'round_trip' : 'one_way');
  const body: SearchRequestBody = {
    direct_flight: params.direct_flight ? 'true' : 'false',
    adult_count: String(params.adult_count),
    child_count: String(params.child_count),
    infant_count: String(params.infant_count),
    journey_type: JOURNEY_CODES[journey],
    preferred_departure_time: params.preferred_departure_time,
    origin: params.origin,
    destination: params.destination,
    source: params.source,
  };
  if (params.flight_cabin_class) body.flight_cabin_class = CABIN_CODES[params.flight_cabin_class];
  if (params.preferred_return_departure_time)
    body.preferred_return_departure_time = params.preferred_return_departure_time;
  return body;
}

const SearchResponseShape = z.looseObject({
  /** The search handle: needed by fare rules and create-booking, valid about 15 minutes. */
  trace_id: z.string(),
  currency: z.string(),
  /** Required: `SearchResults` and the index checks are built on it. */
  journey_type: z.enum(['one_way', 'round_trip']),
  is_domestic: z.boolean(),
  /** Required: the passenger preflight counts travellers against it. */
  pax_count: PaxCountSchema,
  /** `independent`: separate `outbound[]` and `inbound[]`; `coupled`: returns nested in each outbound. */
  round_trip_style: z.nullish(z.enum(['independent', 'coupled'])),
  outbound: z.array(FlightOptionSchema),
  /** Empty for one-way and coupled round trips (absent or null reads as `[]`). */
  inbound: orEmpty(FlightOptionSchema),
  /** Present when the supplier provides it. */
  expires_at: z.nullish(z.string()),
  /** Present when the supplier provides it. */
  remaining_seconds: z.nullish(z.number()),
});
/** `POST /v1/flights/search/` response (spec §4.1), before it becomes `SearchResults`. */
export interface SearchResponse extends Fields<typeof SearchResponseShape> {}
export const SearchResponseSchema: z.ZodMiniType<SearchResponse> = SearchResponseShape;
/**
 * The search answer: a malformed option is dropped (and reported), not fatal. Read on the measured
 * exception path: the in-place checker of search-check.ts first (see the figures there).
 */
export const SearchAnswer = answer(SearchResponseSchema, {
  droppable: ['outbound.*', 'inbound.*', 'outbound.*.inbound_options.*'],
  fastPath: readSearchInPlace<SearchResponse>,
});

const FareRuleShape = z.looseObject({
  airline: nullableString,
  origin: nullableString,
  destination: nullableString,
  rule_text: z.string(),
});
/** One fare rule (spec §2). */
export interface FareRule extends Fields<typeof FareRuleShape> {}
export const FareRuleSchema: z.ZodMiniType<FareRule> = FareRuleShape;

/** `POST /v1/flights/fare-rules/` request. */
export const FareRulesParamsSchema = z.strictObject({
  trace_id: TraceIdSchema,
  result_index: z.string().check(z.minLength(1, 'is required')),
});
/** What `flights.fareRules` takes: a search's `trace_id` and one option's `result_index`. */
export type FareRulesParams = z.input<typeof FareRulesParamsSchema>;

const FareRulesResponseShape = z.looseObject({
  trace_id: nullableString,
  result_index: nullableString,
  /** The offer's window, when reported. */
  expires_at: nullableString,
  remaining_seconds: z.nullish(z.number()),
  /** Always an array (absent or null reads as `[]`). */
  rules: orEmpty(FareRuleSchema),
});
/** `POST /v1/flights/fare-rules/` response (spec §4.2). */
export interface FareRulesResponse extends Fields<typeof FareRulesResponseShape> {}
export const FareRulesResponseSchema: z.ZodMiniType<FareRulesResponse> = FareRulesResponseShape;
/** A malformed rule is dropped (and reported), not fatal. */
export const FareRulesAnswer = answer(FareRulesResponseSchema, { droppable: ['rules.*'] });
