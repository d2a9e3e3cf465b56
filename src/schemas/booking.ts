/* eslint-disable @typescript-eslint/no-empty-object-type -- named types derived from their schemas: `interface X extends Fields<typeof XShape> {}` (ARCHITECTURE, "Each contract once") */
import {
  BookingStatusSchema,
  PaxCountSchema,
  PricingSchema,
  SegmentSchema,
  nullableString,
  orEmpty,
  wholeCount,
} from './common.js';
import { answer, type Fields } from './answer.js';
import { TraceIdSchema } from './inputs.js';
import { LIST_LIMIT } from './plain/vocabulary.js';
import { z } from './zod.js';

const PaxRuleShape = z.looseObject({
  isVisible: z.boolean(),
  isMandatoryIfVisible: z.boolean(),
});
/** A passenger-rules flag pair; a field is mandatory when both are true (spec §2). */
export interface PaxRule extends Fields<typeof PaxRuleShape> {}
export const PaxRuleSchema: z.ZodMiniType<PaxRule> = PaxRuleShape;
/** One group of `pax_rules` (`leadPax`, `adult`, …): passenger field name → rule. */
export type PaxRuleGroup = Record<string, PaxRule>;
/**
 * `pax_rules`: group → field name → rule. The shape of non-lead groups is "not shown" (spec §2):
 * groups and rules of another shape are kept out of this typed view instead of failing the call.
 */
export type PaxRules = Record<string, PaxRuleGroup>;

function isRule(v: unknown): v is PaxRule {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as PaxRule).isVisible === 'boolean' &&
    typeof (v as PaxRule).isMandatoryIfVisible === 'boolean'
  );
}
/** Keeps the groups and rules that have the documented shape; never fails. */
export const PaxRulesSchema = z.pipe(
  z.unknown(),
  z.transform((value): PaxRules => {
    const out: PaxRules = {};
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
    for (const [group, rules] of Object.entries(value)) {
      if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) continue;
      const kept: PaxRuleGroup = {};
      for (const [field, rule] of Object.entries(rules)) if (isRule(rule)) kept[field] = rule;
      out[group] = kept;
    }
    return out;
  }),
);

const LegShape = z.looseObject({
  direction: z.enum(['outbound', 'inbound']),
  stop_count: z.nullish(wholeCount),
  segments: z.array(SegmentSchema),
});
/** One leg of an itinerary item. */
export interface Leg extends Fields<typeof LegShape> {}
export const LegSchema: z.ZodMiniType<Leg> = LegShape;

const ItineraryItemShape = z.looseObject({
  item_code: nullableString,
  result_index: nullableString,
  journey_type: z.nullish(z.enum(['one_way', 'round_trip'])),
  is_refundable: z.nullish(z.boolean()),
  fare_name: nullableString,
  fare_class: nullableString,
  airline_remark: nullableString,
  /** The flown legs: required (the SDK reads the travel dates and the result indices from them). */
  legs: z.array(LegSchema),
});
/** Itinerary item (spec §2). Its complete field set is "not shown": unknown fields are kept at run time. */
export interface ItineraryItem extends Fields<typeof ItineraryItemShape> {}
export const ItineraryItemSchema: z.ZodMiniType<ItineraryItem> = ItineraryItemShape;

const DuplicateEntryShape = z.looseObject({
  pnr: z.string(),
  /** Upper-case, e.g. `CONFIRMED`. */
  status: z.string(),
  bms_booking_code: nullableString,
  member_code: nullableString,
  origin_city_code: nullableString,
  destination_city_code: nullableString,
  /** ISO 8601 UTC with milliseconds. */
  created_at: nullableString,
});
/** A possible duplicate booking reported by save-passengers (supplier_b only). */
export interface DuplicateEntry extends Fields<typeof DuplicateEntryShape> {}
export const DuplicateEntrySchema: z.ZodMiniType<DuplicateEntry> = DuplicateEntryShape;

/**
 * Every booking field (spec §2). `booking_id` and `status` are required everywhere (the SDK acts
 * on them); each answer below makes its own further fields required.
 */
const bookingFields = {
  /** Permanent identifier (UUID). */
  booking_id: z.string(),
  /** The search the booking was created from. */
  trace_id: nullableString,
  itinerary_code: nullableString,
  /** See spec §3. A status the service adds later is passed through as it came. */
  status: BookingStatusSchema,
  /** The airline booking reference, once confirmed. */
  pnr: nullableString,
  /** Returned by book. */
  bms_booking_code: nullableString,
  is_domestic: z.nullish(z.boolean()),
  pax_count: z.nullish(PaxCountSchema),
  /** End of the fare lock: ISO 8601 without zone (create-booking, fare-rules). */
  expires_at: nullableString,
  remaining_seconds: z.nullish(z.number()),
  pricing: z.nullish(PricingSchema),
  /** Returned by create-booking: which passenger fields the airline requires. */
  pax_rules: z.nullish(PaxRulesSchema),
  itinerary_items: z.nullish(z.array(ItineraryItemSchema)),
  /** Returned by save-passengers. */
  duplicates_found: z.nullish(z.boolean()),
  /** Returned by save-passengers. */
  duplicates: z.nullish(z.array(DuplicateEntrySchema)),
  /** Whether travel documents are required; exact placement "not shown" (spec §2). */
  passport_required: z.nullish(z.boolean()),
};
const BookingShape = z.looseObject(bookingFields);
/**
 * A booking as any endpoint returns it (spec §2). Which fields each answer carries is in the
 * spec's endpoint sections; everything but `booking_id` and `status` may be absent.
 */
export interface Booking extends Fields<typeof BookingShape> {}
export const BookingSchema: z.ZodMiniType<Booking> = BookingShape;

/** `POST /v1/flights/booking/` request. */
export const CreateBookingParamsSchema = z.strictObject({
  trace_id: TraceIdSchema,
  result_indices: z
    .array(z.string().check(z.minLength(1, 'must be a non-empty result_index')), {
      error: 'must be an array of result_index strings',
    })
    .check(
      z.minLength(1, 'must hold 1 or 2 result indices'),
      z.maxLength(2, 'must hold 1 or 2 result indices'),
    ),
});

/** What the spec lists for an itinerary-level answer (create-booking §4.3, save-passengers §4.4): required. */
const itineraryFields = {
  ...bookingFields,
  /** The search the booking was created from. */
  trace_id: z.string(),
  itinerary_code: z.string(),
  is_domestic: z.boolean(),
  pax_count: PaxCountSchema,
  pricing: PricingSchema,
  itinerary_items: z.array(ItineraryItemSchema),
};
const ItineraryBookingShape = z.looseObject(itineraryFields);
/** An itinerary-level answer: every field spec §4.3 and §4.4 list is there. */
export interface ItineraryBooking extends Fields<typeof ItineraryBookingShape> {}

/** `POST /v1/flights/booking/` response (spec §4.3): a `draft` with its fare lock and pax_rules. */
export type CreateBookingResponse = ItineraryBooking;
export const CreateBookingResponseSchema: z.ZodMiniType<CreateBookingResponse> = ItineraryBookingShape;
/** create-booking's answer. A missing booking_id or status is settled by listing (resources/create/create.ts). */
export const CreateBookingAnswer = answer(CreateBookingResponseSchema);

const SavePassengersShape = z.looseObject({
  ...itineraryFields,
  /** Always a boolean (absent reads as false). */
  duplicates_found: z.pipe(
    z.nullish(z.boolean()),
    z.transform((v) => v === true),
  ),
  /** Always an array (empty when none). */
  duplicates: orEmpty(DuplicateEntrySchema),
});
/** `POST …/passengers/` response (spec §4.4). `duplicates` is always an array (empty when none). */
export interface SavePassengersResponse extends Fields<typeof SavePassengersShape> {}
export const SavePassengersResponseSchema: z.ZodMiniType<SavePassengersResponse> = SavePassengersShape;
/** save-passengers' answer: a malformed duplicate entry is dropped, not fatal. */
export const SavePassengersAnswer = answer(SavePassengersResponseSchema, { droppable: ['duplicates.*'] });

const RepriceShape = z.looseObject({
  ...bookingFields,
  /** The latest pricing: `final_fare` is the fare book will charge. */
  pricing: PricingSchema,
  itinerary_items: z.array(ItineraryItemSchema),
});
/** `POST …/reprice/` response (spec §4.5): `pricing.final_fare` is the fare book will charge. */
export interface RepriceResponse extends Fields<typeof RepriceShape> {}
export const RepriceResponseSchema: z.ZodMiniType<RepriceResponse> = RepriceShape;
export const RepriceAnswer = answer(RepriceResponseSchema);

const BookShape = z.looseObject({
  ...bookingFields,
  /** The airline booking reference: required (with `status: 'confirmed'` it is the success). */
  pnr: z.string().check(z.minLength(1)),
  /**
   * The pricing of the confirmed booking (spec §4.6): `final_fare` is what the wallet was debited.
   * Required, as on every confirmed book the service sends (1.1 typed it optional): an answer
   * without it is settled by reading the booking (core/wire/failure.ts rule 11), whose `pricing` is
   * required too, so a `BookResult` always carries it.
   */
  pricing: PricingSchema,
  /** As `pricing`: listed by spec §4.6, optional so that a confirmed book never fails on it. */
  itinerary_items: z.nullish(z.array(ItineraryItemSchema)),
});
/** `POST …/book/` response (spec §4.6): `confirmed`, with the PNR. */
export interface BookResponse extends Fields<typeof BookShape> {}
export const BookResponseSchema: z.ZodMiniType<BookResponse> = BookShape;
export const BookAnswer = answer(BookResponseSchema);

const RetrieveShape = z.looseObject({
  ...bookingFields,
  /** The search the booking was created from. */
  trace_id: z.string(),
  /** The latest pricing. */
  pricing: PricingSchema,
  itinerary_items: z.array(ItineraryItemSchema),
});
/** `GET /v1/flights/booking/{id}/` response (spec §4.7): `pricing` is the latest. */
export interface RetrieveBookingResponse extends Fields<typeof RetrieveShape> {}
export const RetrieveBookingResponseSchema: z.ZodMiniType<RetrieveBookingResponse> = RetrieveShape;
export const RetrieveBookingAnswer = answer(RetrieveBookingResponseSchema);

const BookingListEntryShape = z.looseObject({
  /** The booking_id. */
  id: z.string(),
  status: BookingStatusSchema,
  pnr: nullableString,
  trace_id: nullableString,
  itinerary_code: nullableString,
  currency: nullableString,
  amount_charged: z.nullish(z.number()),
  /** Present in some responses. */
  wallet_debited_inr: z.nullish(z.number()),
  /** Present in some responses. */
  amount_raw: z.nullish(z.number()),
  /** Present in some responses. */
  markup_percent_applied: z.nullish(z.number()),
  /** Element shape "not shown" (spec §2). */
  passengers: z.nullish(z.array(z.unknown())),
  /** Element shape "not shown" (spec §2). */
  flight_segments: z.nullish(z.array(z.unknown())),
  /** ISO 8601 UTC. */
  created_at: nullableString,
  /** ISO 8601 UTC. */
  modified_at: nullableString,
});
/** One entry of the bookings list (spec §2). `id` is the booking_id. */
export interface BookingListEntry extends Fields<typeof BookingListEntryShape> {}
export const BookingListEntrySchema: z.ZodMiniType<BookingListEntry> = BookingListEntryShape;

const BookingListShape = z.looseObject({
  count: z.nullish(wholeCount),
  /** The next page's URL, or null on the last page. */
  next: nullableString,
  previous: nullableString,
  results: z.array(BookingListEntrySchema),
});
/** `GET /v1/bookings/` response (spec §4.8). */
export interface BookingListResponse extends Fields<typeof BookingListShape> {}
export const BookingListResponseSchema: z.ZodMiniType<BookingListResponse> = BookingListShape;
/** A malformed entry is dropped (and reported), not fatal. */
export const BookingListAnswer = answer(BookingListResponseSchema, { droppable: ['results.*'] });

/** `bookings.list` parameters. */
export const ListParamsSchema = z.strictObject({
  limit: z.optional(
    z
      .number()
      .check(
        z.int('must be a whole number'),
        z.gte(1, 'must be at least 1'),
        z.lte(LIST_LIMIT.max, `must be at most ${LIST_LIMIT.max} (spec §4.8)`),
      ),
  ),
  offset: z.optional(z.number().check(z.int('must be a whole number'), z.gte(0, 'must not be negative'))),
});
/** What `bookings.list` takes: `limit` (default 25, at most 100) and `offset`. */
export type ListParams = z.input<typeof ListParamsSchema>;
