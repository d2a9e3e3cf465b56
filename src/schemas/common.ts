/* eslint-disable @typescript-eslint/no-empty-object-type -- named types derived from their schemas: `interface X extends Fields<typeof XShape> {}` (ARCHITECTURE, "Each contract once") */
import type { Fields } from './answer.js';
import type { BookingStatus } from './plain/vocabulary.js';
import { z } from './zod.js';

/**
 * Wire schemas shared by several resources (spec §2), each beside its named type. Response
 * objects are `looseObject`s: unknown fields are kept at run time (a field the service adds
 * tomorrow reaches the caller untouched) but are not part of the types, so a typo such as
 * `pricing.final_fair` does not compile. Each named type is derived from its schema
 * (`interface Pricing extends Fields<typeof …> {}`); the field docs live on the schema. Fields the
 * spec marks "may be absent", "present in some responses" or "not shown" are optional and
 * nullable, and a malformed one reads as absent; a required field, missing or malformed, makes the
 * answer a ResponseValidationError (core/call/reader.ts).
 */

/** A field the spec types as "string or null", which may also be absent in practice. */
export const nullableString = z.nullish(z.string());
const nullableNumber = z.nullish(z.number());
/** An array the wire may send as null or leave out, read as `[]`. */
export const orEmpty = <T extends z.core.SomeType>(item: T) =>
  z.pipe(
    z.nullish(z.array(item)),
    z.transform((v: z.output<T>[] | null | undefined) => v ?? []),
  );
/** A whole number, zero or more. */
export const wholeCount = z.number().check(z.int(), z.nonnegative());

const PaxCountShape = z.looseObject({
  adult: wholeCount,
  child: wholeCount,
  infant: wholeCount,
});
/** Passenger counts by type. */
export interface PaxCount extends Fields<typeof PaxCountShape> {}
export const PaxCountSchema: z.ZodMiniType<PaxCount> = PaxCountShape;

const RawPricingShape = z.looseObject({
  base_fare: nullableNumber,
  service_fee: nullableNumber,
  published_fare: nullableNumber,
  final_fare: nullableNumber,
  /** Itinerary level only. */
  tax_and_surcharge: nullableNumber,
  /** Itinerary level only. */
  previous_total_amount: nullableNumber,
});
/** Original pre-markup amounts (`pricing.raw`), present in some responses: every amount optional. */
export interface RawPricing extends Fields<typeof RawPricingShape> {}
export const RawPricingSchema: z.ZodMiniType<RawPricing> = RawPricingShape;

const PricingShape = z.looseObject({
  /** Currency code; INR throughout. Required: the amounts mean nothing without it. */
  currency: z.string(),
  base_fare: z.number(),
  service_fee: z.number(),
  /** Itinerary-level responses only (create-booking, reprice, get-booking). */
  tax_and_surcharge: nullableNumber,
  published_fare: z.number(),
  /** The amount charged for the booking. Required: the SDK compares and reports it. */
  final_fare: z.number(),
  /** Itinerary-level responses only. */
  previous_total_amount: nullableNumber,
  /** Itinerary-level responses only: true when the fare moved during reprice. */
  price_changed: z.nullish(z.boolean()),
  /** Present in some responses: the partner's flat markup percentage. */
  markup_percent: nullableNumber,
  /** Present in some responses: the original pre-markup amounts. */
  raw: z.nullish(RawPricingSchema),
});
/**
 * The pricing object (spec §2), on every option, itinerary and booking. Top-level amounts are
 * post-markup and are what is billed; `final_fare` is the amount charged.
 */
export interface Pricing extends Fields<typeof PricingShape> {}
export const PricingSchema: z.ZodMiniType<Pricing> = PricingShape;

/** "Some fields may be absent" (spec §2): only the airport code is required. */
const placeShape = {
  /** IATA code. */
  airport_code: z.string(),
  airport_name: nullableString,
  city_code: nullableString,
  city_name: nullableString,
  country_name: nullableString,
  terminal: nullableString,
};
const PlaceShape = z.looseObject(placeShape);
/** Where a segment starts or ends. "Some fields may be absent" (spec §2); the airport code never is. */
export interface Place extends Fields<typeof PlaceShape> {}
export const PlaceSchema: z.ZodMiniType<Place> = PlaceShape;
const SegmentOriginShape = z.looseObject({
  ...placeShape,
  /** ISO 8601 without zone (airport local time), when given. */
  departure_time: nullableString,
});
/** Segment origin: ISO 8601 `departure_time` without zone (airport local time), when given. */
export interface SegmentOrigin extends Fields<typeof SegmentOriginShape> {}
export const SegmentOriginSchema: z.ZodMiniType<SegmentOrigin> = SegmentOriginShape;
const SegmentDestinationShape = z.looseObject({
  ...placeShape,
  /** ISO 8601 without zone (airport local time), when given. */
  arrival_time: nullableString,
});
/** Segment destination: as the origin, with `arrival_time` in place of `departure_time`. */
export interface SegmentDestination extends Fields<typeof SegmentDestinationShape> {}
export const SegmentDestinationSchema: z.ZodMiniType<SegmentDestination> = SegmentDestinationShape;

const SegmentAirlineShape = z.looseObject({
  /** IATA airline code. */
  code: z.string(),
  name: nullableString,
  /** A string (spec §2). */
  flight_number: z.string(),
  fare_class: nullableString,
});
/** The operating airline of a segment. */
export interface SegmentAirline extends Fields<typeof SegmentAirlineShape> {}
export const SegmentAirlineSchema: z.ZodMiniType<SegmentAirline> = SegmentAirlineShape;

const SegmentShape = z.looseObject({
  airline: SegmentAirlineSchema,
  origin: SegmentOriginSchema,
  destination: SegmentDestinationSchema,
  /** Lower-case name, e.g. `economy`. */
  cabin_class: nullableString,
  duration_minutes: z.nullish(wholeCount),
  ground_time_minutes: z.nullish(wholeCount),
  /** Free text. */
  baggage_allowance: nullableString,
  /** Free text. */
  cabin_baggage_allowance: nullableString,
  seats_available: z.nullish(z.number().check(z.int())),
});
/** One flown segment (spec §2). */
export interface Segment extends Fields<typeof SegmentShape> {}
export const SegmentSchema: z.ZodMiniType<Segment> = SegmentShape;

const flightOptionShape = {
  /** The index to send to create-booking (for a coupled outbound: a display-only token, spec §4.1). */
  result_index: z.string(),
  is_refundable: z.boolean(),
  stop_count: wholeCount,
  fare_name: nullableString,
  fare_class: nullableString,
  airline_remark: nullableString,
  group_id: z.nullish(z.number().check(z.int())),
  pricing: PricingSchema,
  segments: z.array(SegmentSchema),
};
const InboundOptionShape = z.looseObject(flightOptionShape);
/** A return option nested in a coupled outbound: it carries the real combined fare of the pair. */
export interface InboundOption extends Fields<typeof InboundOptionShape> {}
export const InboundOptionSchema: z.ZodMiniType<InboundOption> = InboundOptionShape;
const FlightOptionShape = z.looseObject({
  ...flightOptionShape,
  /** Coupled round trips: the returns that pair with this outbound, each with its combined fare. */
  inbound_options: z.optional(z.array(InboundOptionSchema)),
});
/** A flight option (search result). `inbound_options` only on coupled round trips. */
export interface FlightOption extends Fields<typeof FlightOptionShape> {}
export const FlightOptionSchema: z.ZodMiniType<FlightOption> = FlightOptionShape;

export type { BookingStatus };
/** Tolerant: any string is read (a future status must not break a call); the type names the six. */
export const BookingStatusSchema = z.string() as unknown as z.ZodMiniType<BookingStatus>;

/** The two upstream suppliers. */
export const SOURCES = ['supplier_a', 'supplier_b'] as const;
/** An upstream supplier (`source` of the search request). */
export type Source = (typeof SOURCES)[number];
