import * as z from 'zod';

/**
 * Wire schemas shared by several resources (spec §2). Response objects are `looseObject`s:
 * unknown fields are kept, so a field the service adds tomorrow reaches the caller untouched.
 */

/** A field the spec types as "string or null", which may also be absent in practice. */
export const nullableString = z.string().nullable().optional();

/** Passenger counts by type. */
export const PaxCountSchema = z.looseObject({
  adult: z.number().int().nonnegative(),
  child: z.number().int().nonnegative(),
  infant: z.number().int().nonnegative(),
});
export type PaxCount = z.infer<typeof PaxCountSchema>;

/** Pre-markup amounts (`pricing.raw`), present in some responses. */
export const RawPricingSchema = z.looseObject({
  base_fare: z.number().optional(),
  service_fee: z.number().optional(),
  published_fare: z.number().optional(),
  final_fare: z.number().optional(),
  tax_and_surcharge: z.number().optional(),
  previous_total_amount: z.number().optional(),
});
export type RawPricing = z.infer<typeof RawPricingSchema>;

/**
 * The pricing object (spec §2). Top-level amounts are post-markup and are what is billed;
 * itinerary-level fields (`tax_and_surcharge`, `previous_total_amount`, `price_changed`) are
 * optional because option-level pricing does not carry them.
 */
export const PricingSchema = z.looseObject({
  currency: z.string(),
  base_fare: z.number(),
  service_fee: z.number(),
  tax_and_surcharge: z.number().optional(),
  published_fare: z.number(),
  final_fare: z.number(),
  previous_total_amount: z.number().nullable().optional(),
  price_changed: z.boolean().optional(),
  markup_percent: z.number().optional(),
  raw: RawPricingSchema.optional(),
});
export type Pricing = z.infer<typeof PricingSchema>;

const placeShape = {
  airport_code: z.string(),
  airport_name: z.string().optional(),
  city_code: z.string().optional(),
  city_name: z.string().optional(),
  country_name: z.string().optional(),
  terminal: nullableString,
};

/** Segment origin: "some fields may be absent" (spec §2), the airport code never is. */
export const SegmentOriginSchema = z.looseObject({ ...placeShape, departure_time: z.string() });
/** Segment destination: as origin, with `arrival_time` in place of `departure_time`. */
export const SegmentDestinationSchema = z.looseObject({ ...placeShape, arrival_time: z.string() });

/** The operating airline of a segment. */
export const SegmentAirlineSchema = z.looseObject({
  code: z.string(),
  name: z.string().optional(),
  flight_number: z.string(),
  fare_class: z.string().nullable().optional(),
});

/** One flown segment (spec §2 Segment). Times are ISO 8601 without zone (airport local time). */
export const SegmentSchema = z.looseObject({
  airline: SegmentAirlineSchema,
  origin: SegmentOriginSchema,
  destination: SegmentDestinationSchema,
  cabin_class: z.string().optional(),
  duration_minutes: z.number().int().nonnegative(),
  ground_time_minutes: z.number().int().nonnegative().optional(),
  baggage_allowance: z.string().nullable().optional(),
  cabin_baggage_allowance: z.string().nullable().optional(),
  seats_available: z.number().int().optional(),
});
export type Segment = z.infer<typeof SegmentSchema>;

const flightOptionShape = {
  result_index: z.string(),
  is_refundable: z.boolean(),
  stop_count: z.number().int().nonnegative(),
  fare_name: z.string().nullable().optional(),
  fare_class: nullableString,
  airline_remark: nullableString,
  group_id: z.number().int().optional(),
  pricing: PricingSchema,
  segments: z.array(SegmentSchema),
};

/** A return option nested in a coupled outbound: it carries the combined fare of the pair. */
export const InboundOptionSchema = z.looseObject(flightOptionShape);
export type InboundOption = z.infer<typeof InboundOptionSchema>;

/** A flight option (search result). `inbound_options` only on coupled round trips. */
export const FlightOptionSchema = z.looseObject({
  ...flightOptionShape,
  inbound_options: z.array(InboundOptionSchema).optional(),
});
export type FlightOption = z.infer<typeof FlightOptionSchema>;

/** Booking statuses (spec §3). Unknown future statuses are accepted as plain strings. */
export const BOOKING_STATUSES = ['draft', 'passenger_saved', 'priced', 'confirmed', 'failed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BookingStatusSchema = z.union([z.enum(BOOKING_STATUSES), z.string()]) as z.ZodType<
  BookingStatus | (string & {})
>;

/** The two upstream suppliers. */
export const SOURCES = ['supplier_a', 'supplier_b'] as const;
export type Source = (typeof SOURCES)[number];
