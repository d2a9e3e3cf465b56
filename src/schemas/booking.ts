import {
  BookingStatusSchema,
  PaxCountSchema,
  PricingSchema,
  SegmentSchema,
  nullableString,
  orEmpty,
  wholeCount,
  type BookingStatus,
  type PaxCount,
  type Pricing,
  type Segment,
} from './common.js';
import { TraceIdSchema } from './inputs.js';
import { isBookingAnswer, type BookingAnswerShape } from './in-place.js';
import { z } from './zod.js';

/** A passenger-rules flag pair; a field is mandatory when both are true (spec §2). */
export interface PaxRule {
  isVisible: boolean;
  isMandatoryIfVisible: boolean;
}
export const PaxRuleSchema: z.ZodMiniType<PaxRule> = z.looseObject({
  isVisible: z.boolean(),
  isMandatoryIfVisible: z.boolean(),
});
/** One group of `pax_rules` (`leadPax`, `adult`, …): passenger field name → rule. */
export type PaxRuleGroup = Record<string, PaxRule>;
/**
 * `pax_rules`: group → field name → rule. The shape of non-lead groups is "not shown" (spec §2):
 * groups and rules of another shape are kept out of this typed view instead of failing the call.
 */
export type PaxRules = Record<string, PaxRuleGroup>;

function isRule(v: unknown): v is PaxRule {
  return typeof v === 'object' && v !== null && typeof (v as PaxRule).isVisible === 'boolean' && typeof (v as PaxRule).isMandatoryIfVisible === 'boolean';
}
/** Keeps the groups and rules that have the documented shape; never fails. */
export const PaxRulesSchema: z.ZodMiniType<PaxRules> = z.pipe(
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
) as unknown as z.ZodMiniType<PaxRules>;

/** One leg of an itinerary item. */
export interface Leg {
  direction: 'outbound' | 'inbound';
  stop_count?: number | null;
  segments: Segment[];
}
export const LegSchema: z.ZodMiniType<Leg> = z.looseObject({
  direction: z.enum(['outbound', 'inbound']),
  stop_count: z.nullish(wholeCount),
  segments: z.array(SegmentSchema),
});

/** Itinerary item (spec §2). Its complete field set is "not shown": unknown fields are kept at run time. */
export interface ItineraryItem {
  item_code?: string | null;
  result_index?: string | null;
  journey_type?: 'one_way' | 'round_trip' | null;
  is_refundable?: boolean | null;
  fare_name?: string | null;
  fare_class?: string | null;
  airline_remark?: string | null;
  legs: Leg[];
}
export const ItineraryItemSchema: z.ZodMiniType<ItineraryItem> = z.looseObject({
  item_code: nullableString,
  result_index: nullableString,
  journey_type: z.nullish(z.enum(['one_way', 'round_trip'])),
  is_refundable: z.nullish(z.boolean()),
  fare_name: nullableString,
  fare_class: nullableString,
  airline_remark: nullableString,
  legs: z.array(LegSchema),
});

/** A possible duplicate booking reported by save-passengers (supplier_b only). */
export interface DuplicateEntry {
  pnr: string;
  /** Upper-case, e.g. `CONFIRMED`. */
  status: string;
  bms_booking_code?: string | null;
  member_code?: string | null;
  origin_city_code?: string | null;
  destination_city_code?: string | null;
  /** ISO 8601 UTC with milliseconds. */
  created_at?: string | null;
}
export const DuplicateEntrySchema: z.ZodMiniType<DuplicateEntry> = z.looseObject({
  pnr: z.string(),
  status: z.string(),
  bms_booking_code: nullableString,
  member_code: nullableString,
  origin_city_code: nullableString,
  destination_city_code: nullableString,
  created_at: nullableString,
});

/**
 * A booking as any endpoint returns it (spec §2). Which fields each answer carries is in the
 * spec's endpoint sections; everything but `booking_id` and `status` may be absent.
 */
export interface Booking {
  /** Permanent identifier (UUID). */
  booking_id: string;
  /** The search the booking was created from. */
  trace_id?: string | null;
  itinerary_code?: string | null;
  status: BookingStatus;
  /** The airline booking reference, once confirmed. */
  pnr?: string | null;
  /** Returned by book. */
  bms_booking_code?: string | null;
  is_domestic?: boolean | null;
  pax_count?: PaxCount | null;
  /** End of the fare lock: ISO 8601 without zone (create-booking, fare-rules). */
  expires_at?: string | null;
  remaining_seconds?: number | null;
  pricing?: Pricing | null;
  /** Returned by create-booking: which passenger fields the airline requires. */
  pax_rules?: PaxRules | null;
  itinerary_items?: ItineraryItem[] | null;
  /** Returned by save-passengers. */
  duplicates_found?: boolean | null;
  duplicates?: DuplicateEntry[] | null;
  /** Whether travel documents are required; exact placement "not shown" (spec §2). */
  passport_required?: boolean | null;
}

/** Every booking field (spec §2); each response below makes its own fields required. */
const bookingFields = {
  booking_id: z.string(),
  trace_id: nullableString,
  itinerary_code: nullableString,
  status: BookingStatusSchema,
  pnr: nullableString,
  bms_booking_code: nullableString,
  is_domestic: z.nullish(z.boolean()),
  pax_count: z.nullish(PaxCountSchema),
  expires_at: nullableString,
  remaining_seconds: z.nullish(z.number()),
  pricing: z.nullish(PricingSchema),
  pax_rules: z.nullish(PaxRulesSchema),
  itinerary_items: z.nullish(z.array(ItineraryItemSchema)),
  duplicates_found: z.nullish(z.boolean()),
  duplicates: z.nullish(z.array(DuplicateEntrySchema)),
  passport_required: z.nullish(z.boolean()),
};

/** A booking as any endpoint returns it. */
export const BookingSchema: z.ZodMiniType<Booking> = z.looseObject(bookingFields);

/** `POST /v1/flights/booking/` request. */
export const CreateBookingParamsSchema = z.strictObject({
  trace_id: TraceIdSchema,
  result_indices: z
    .array(z.string().check(z.minLength(1, 'must be a non-empty result_index')), {
      error: 'must be an array of result_index strings',
    })
    .check(z.minLength(1, 'must hold 1 or 2 result indices'), z.maxLength(2, 'must hold 1 or 2 result indices')),
});

/**
 * What the spec lists for an itinerary-level answer. Required in the types and schemas; the
 * tolerant reader still passes an answer without them (reporting drift) unless the SDK needs them.
 */
export interface ItineraryBooking extends Booking {
  trace_id: string;
  itinerary_code: string;
  is_domestic: boolean;
  pax_count: PaxCount;
  pricing: Pricing;
  itinerary_items: ItineraryItem[];
}
const itineraryFields = {
  ...bookingFields,
  trace_id: z.string(),
  itinerary_code: z.string(),
  is_domestic: z.boolean(),
  pax_count: PaxCountSchema,
  pricing: PricingSchema,
  itinerary_items: z.array(ItineraryItemSchema),
};

/** `POST /v1/flights/booking/` response (spec §4.3): a `draft` with its fare lock and pax_rules. */
export type CreateBookingResponse = ItineraryBooking;
export const CreateBookingResponseSchema: z.ZodMiniType<CreateBookingResponse> = z.looseObject(itineraryFields);

/** `POST …/passengers/` response (spec §4.4). `duplicates` is always an array (empty when none). */
export interface SavePassengersResponse extends ItineraryBooking {
  duplicates_found: boolean;
  duplicates: DuplicateEntry[];
}
export const SavePassengersResponseSchema: z.ZodMiniType<SavePassengersResponse> = z.looseObject({
  ...itineraryFields,
  duplicates_found: z.pipe(z.nullish(z.boolean()), z.transform((v) => v === true)),
  duplicates: orEmpty(DuplicateEntrySchema),
}) as unknown as z.ZodMiniType<SavePassengersResponse>;

/** `POST …/reprice/` response (spec §4.5): `pricing.final_fare` is the fare book will charge. */
export interface RepriceResponse extends Booking {
  pricing: Pricing;
  itinerary_items: ItineraryItem[];
}
export const RepriceResponseSchema: z.ZodMiniType<RepriceResponse> = z.looseObject({
  ...bookingFields,
  pricing: PricingSchema,
  itinerary_items: z.array(ItineraryItemSchema),
});

/** `POST …/book/` response (spec §4.6): `confirmed`, with the PNR. */
export interface BookResponse extends Booking {
  pnr: string;
  pricing: Pricing;
  itinerary_items: ItineraryItem[];
}
export const BookResponseSchema: z.ZodMiniType<BookResponse> = z.looseObject({
  ...bookingFields,
  pnr: z.string().check(z.minLength(1)),
  pricing: PricingSchema,
  itinerary_items: z.array(ItineraryItemSchema),
});

/** `GET /v1/flights/booking/{id}/` response (spec §4.7): `pricing` is the latest. */
export interface RetrieveBookingResponse extends Booking {
  trace_id: string;
  pricing: Pricing;
  itinerary_items: ItineraryItem[];
}
export const RetrieveBookingResponseSchema: z.ZodMiniType<RetrieveBookingResponse> = z.looseObject({
  ...bookingFields,
  trace_id: z.string(),
  pricing: PricingSchema,
  itinerary_items: z.array(ItineraryItemSchema),
});

/** One entry of the bookings list (spec §2). `id` is the booking_id. */
export interface BookingListEntry {
  /** The booking_id. */
  id: string;
  status: BookingStatus;
  pnr?: string | null;
  trace_id?: string | null;
  itinerary_code?: string | null;
  currency?: string | null;
  amount_charged?: number | null;
  /** Present in some responses. */
  wallet_debited_inr?: number | null;
  /** Present in some responses. */
  amount_raw?: number | null;
  /** Present in some responses. */
  markup_percent_applied?: number | null;
  /** Element shape "not shown" (spec §2). */
  passengers?: unknown[] | null;
  /** Element shape "not shown" (spec §2). */
  flight_segments?: unknown[] | null;
  /** ISO 8601 UTC. */
  created_at?: string | null;
  modified_at?: string | null;
}
export const BookingListEntrySchema: z.ZodMiniType<BookingListEntry> = z.looseObject({
  id: z.string(),
  status: BookingStatusSchema,
  pnr: nullableString,
  trace_id: nullableString,
  itinerary_code: nullableString,
  currency: nullableString,
  amount_charged: z.nullish(z.number()),
  wallet_debited_inr: z.nullish(z.number()),
  amount_raw: z.nullish(z.number()),
  markup_percent_applied: z.nullish(z.number()),
  passengers: z.nullish(z.array(z.unknown())),
  flight_segments: z.nullish(z.array(z.unknown())),
  created_at: nullableString,
  modified_at: nullableString,
});

/** `GET /v1/bookings/` response (spec §4.8). */
export interface BookingListResponse {
  count?: number | null;
  /** The next page's URL, or null on the last page. */
  next?: string | null;
  previous?: string | null;
  results: BookingListEntry[];
}
export const BookingListResponseSchema: z.ZodMiniType<BookingListResponse> = z.looseObject({
  count: z.nullish(wholeCount),
  next: nullableString,
  previous: nullableString,
  results: z.array(BookingListEntrySchema),
});

/** `bookings.list` parameters. */
export const ListParamsSchema = z.strictObject({
  limit: z.optional(
    z.number().check(z.int('must be a whole number'), z.gte(1, 'must be at least 1'), z.lte(100, 'must be at most 100 (spec §4.8)')),
  ),
  offset: z.optional(z.number().check(z.int('must be a whole number'), z.gte(0, 'must not be negative'))),
});
export type ListParams = z.input<typeof ListParamsSchema>;

const ITINERARY_FIELDS = ['trace_id', 'itinerary_code', 'is_domestic', 'pax_count', 'pricing', 'itinerary_items'] as const;

/** What each booking answer schema above requires beyond BookingSchema, for the in-place checks. */
const ANSWER_SHAPES = {
  create: { required: ITINERARY_FIELDS },
  savePassengers: { required: ITINERARY_FIELDS, duplicates: true },
  reprice: { required: ['pricing', 'itinerary_items'] },
  book: { required: ['pricing', 'itinerary_items'], pnr: true },
  retrieve: { required: ['trace_id', 'pricing', 'itinerary_items'] },
} satisfies Record<string, BookingAnswerShape>;

/**
 * In-place twins of the booking answer schemas: true exactly when the schema would accept the
 * answer and return it unchanged (the reader then skips zod). Kept in step by
 * test/schemas/booking-in-place.test.ts.
 */
export const bookingAnswerInPlace = Object.fromEntries(
  Object.entries(ANSWER_SHAPES).map(([name, shape]) => [name, (v: unknown) => isBookingAnswer(v, shape)]),
) as Record<keyof typeof ANSWER_SHAPES, (v: unknown) => boolean>;
