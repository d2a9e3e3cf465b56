import { z } from './zod.js';

/**
 * Wire schemas shared by several resources (spec §2), each beside its named type. Response
 * objects are `looseObject`s: unknown fields are kept at run time (a field the service adds
 * tomorrow reaches the caller untouched) but are not part of the types, so a typo such as
 * `pricing.final_fair` does not compile. Fields the spec marks "may be absent", "present in some
 * responses" or "not shown" are optional and, where a null is plausible, nullable. What the SDK
 * itself needs is decided per response by the tolerant reader (core/reader.ts).
 */

/** A field the spec types as "string or null", which may also be absent in practice. */
export const nullableString = z.nullish(z.string());
const nullableNumber = z.nullish(z.number());
/** An array the wire may send as null or leave out, read as `[]`. */
export const orEmpty = <T extends z.core.SomeType>(item: T) =>
  z.pipe(z.nullish(z.array(item)), z.transform((v: z.output<T>[] | null | undefined) => v ?? []));
/** A whole number, zero or more. */
export const wholeCount = z.number().check(z.int(), z.nonnegative());

/** Passenger counts by type. */
export interface PaxCount {
  adult: number;
  child: number;
  infant: number;
}
export const PaxCountSchema: z.ZodMiniType<PaxCount> = z.looseObject({
  adult: wholeCount,
  child: wholeCount,
  infant: wholeCount,
});

/** Original pre-markup amounts (`pricing.raw`), present in some responses. */
export interface RawPricing {
  base_fare?: number | null;
  service_fee?: number | null;
  published_fare?: number | null;
  final_fare?: number | null;
  tax_and_surcharge?: number | null;
  previous_total_amount?: number | null;
}
export const RawPricingSchema: z.ZodMiniType<RawPricing> = z.looseObject({
  base_fare: nullableNumber,
  service_fee: nullableNumber,
  published_fare: nullableNumber,
  final_fare: nullableNumber,
  tax_and_surcharge: nullableNumber,
  previous_total_amount: nullableNumber,
});

/**
 * The pricing object (spec §2), on every option, itinerary and booking. Top-level amounts are
 * post-markup and are what is billed; `final_fare` is the amount charged.
 */
export interface Pricing {
  /** Currency code; INR throughout. */
  currency: string;
  base_fare: number;
  service_fee: number;
  /** Itinerary-level responses only (create-booking, reprice, get-booking). */
  tax_and_surcharge?: number | null;
  published_fare: number;
  /** The amount charged for the booking. */
  final_fare: number;
  /** Itinerary-level responses only. */
  previous_total_amount?: number | null;
  /** Itinerary-level responses only: true when the fare moved during reprice. */
  price_changed?: boolean | null;
  /** Present in some responses: the partner's flat markup percentage. */
  markup_percent?: number | null;
  /** Present in some responses: the original pre-markup amounts. */
  raw?: RawPricing | null;
}
export const PricingSchema: z.ZodMiniType<Pricing> = z.looseObject({
  currency: z.string(),
  base_fare: z.number(),
  service_fee: z.number(),
  tax_and_surcharge: nullableNumber,
  published_fare: z.number(),
  final_fare: z.number(),
  previous_total_amount: nullableNumber,
  price_changed: z.nullish(z.boolean()),
  markup_percent: nullableNumber,
  raw: z.nullish(RawPricingSchema),
});

/** Where a segment starts or ends. "Some fields may be absent" (spec §2); the airport code never is. */
export interface Place {
  airport_code: string;
  airport_name?: string | null;
  city_code?: string | null;
  city_name?: string | null;
  country_name?: string | null;
  terminal?: string | null;
}
/** Segment origin: ISO 8601 `departure_time` without zone (airport local time), when given. */
export interface SegmentOrigin extends Place {
  departure_time?: string | null;
}
/** Segment destination: as the origin, with `arrival_time` in place of `departure_time`. */
export interface SegmentDestination extends Place {
  arrival_time?: string | null;
}

const placeShape = {
  airport_code: z.string(),
  airport_name: nullableString,
  city_code: nullableString,
  city_name: nullableString,
  country_name: nullableString,
  terminal: nullableString,
};
export const SegmentOriginSchema: z.ZodMiniType<SegmentOrigin> = z.looseObject({ ...placeShape, departure_time: nullableString });
export const SegmentDestinationSchema: z.ZodMiniType<SegmentDestination> = z.looseObject({ ...placeShape, arrival_time: nullableString });

/** The operating airline of a segment. */
export interface SegmentAirline {
  code: string;
  name?: string | null;
  flight_number: string;
  fare_class?: string | null;
}
export const SegmentAirlineSchema: z.ZodMiniType<SegmentAirline> = z.looseObject({
  code: z.string(),
  name: nullableString,
  flight_number: z.string(),
  fare_class: nullableString,
});

/** One flown segment (spec §2). */
export interface Segment {
  airline: SegmentAirline;
  origin: SegmentOrigin;
  destination: SegmentDestination;
  /** Lower-case name, e.g. `economy`. */
  cabin_class?: string | null;
  duration_minutes?: number | null;
  ground_time_minutes?: number | null;
  /** Free text. */
  baggage_allowance?: string | null;
  /** Free text. */
  cabin_baggage_allowance?: string | null;
  seats_available?: number | null;
}
export const SegmentSchema: z.ZodMiniType<Segment> = z.looseObject({
  airline: SegmentAirlineSchema,
  origin: SegmentOriginSchema,
  destination: SegmentDestinationSchema,
  cabin_class: nullableString,
  duration_minutes: z.nullish(wholeCount),
  ground_time_minutes: z.nullish(wholeCount),
  baggage_allowance: nullableString,
  cabin_baggage_allowance: nullableString,
  seats_available: z.nullish(z.number().check(z.int())),
});

/** A return option nested in a coupled outbound: it carries the real combined fare of the pair. */
export interface InboundOption {
  /** The index to send to create-booking (alone) for this outbound-and-return pair. */
  result_index: string;
  is_refundable: boolean;
  stop_count: number;
  fare_name?: string | null;
  fare_class?: string | null;
  airline_remark?: string | null;
  group_id?: number | null;
  pricing: Pricing;
  segments: Segment[];
}

/** A flight option (search result). `inbound_options` only on coupled round trips. */
export interface FlightOption extends InboundOption {
  /** Coupled round trips: the returns that pair with this outbound, each with its combined fare. */
  inbound_options?: InboundOption[];
}

const flightOptionShape = {
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
export const InboundOptionSchema: z.ZodMiniType<InboundOption> = z.looseObject(flightOptionShape);
export const FlightOptionSchema: z.ZodMiniType<FlightOption> = z.looseObject({
  ...flightOptionShape,
  inbound_options: z.optional(z.array(InboundOptionSchema)),
});

/** Booking statuses (spec §3). */
export const BOOKING_STATUSES = ['draft', 'passenger_saved', 'priced', 'confirmed', 'failed', 'cancelled'] as const;
/** A booking status (spec §3). A status the service adds later is passed through as it came. */
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Tolerant: any string is read (a future status must not break a call); the type names the six. */
export const BookingStatusSchema = z.string() as unknown as z.ZodMiniType<BookingStatus>;

/** The two upstream suppliers. */
export const SOURCES = ['supplier_a', 'supplier_b'] as const;
/** An upstream supplier (`source` of the search request). */
export type Source = (typeof SOURCES)[number];
