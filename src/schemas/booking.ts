import * as z from 'zod';
import { BookingStatusSchema, PaxCountSchema, PricingSchema, SegmentSchema, nullableString } from './common.js';

/** A passenger-rules flag pair; a field is mandatory when both are true (spec §2). */
export const PaxRuleSchema = z.looseObject({
  isVisible: z.boolean(),
  isMandatoryIfVisible: z.boolean(),
});
/** `pax_rules`: group (`leadPax`, `adult`, …) → field name → rule. */
export const PaxRulesSchema = z.record(z.string(), z.record(z.string(), PaxRuleSchema));
export type PaxRules = z.infer<typeof PaxRulesSchema>;

/** One leg of an itinerary item. */
export const LegSchema = z.looseObject({
  direction: z.enum(['outbound', 'inbound']),
  stop_count: z.number().int().nonnegative(),
  segments: z.array(SegmentSchema),
});
export type Leg = z.infer<typeof LegSchema>;

/** Itinerary item (spec §2). Its complete field set is not shown: unknown fields are kept. */
export const ItineraryItemSchema = z.looseObject({
  item_code: z.string(),
  result_index: z.string(),
  journey_type: z.enum(['one_way', 'round_trip']),
  is_refundable: z.boolean(),
  fare_name: nullableString,
  fare_class: nullableString,
  airline_remark: nullableString,
  legs: z.array(LegSchema),
});
export type ItineraryItem = z.infer<typeof ItineraryItemSchema>;

/** A possible duplicate booking reported by save-passengers (supplier_b only). */
export const DuplicateEntrySchema = z.looseObject({
  pnr: z.string(),
  status: z.string(),
  bms_booking_code: z.string().optional(),
  member_code: z.string().optional(),
  origin_city_code: z.string(),
  destination_city_code: z.string(),
  created_at: z.string(),
});
export type DuplicateEntry = z.infer<typeof DuplicateEntrySchema>;

/** Every booking field (spec §2); each response below makes its own fields required. */
const bookingFields = {
  booking_id: z.string(),
  trace_id: z.string().optional(),
  itinerary_code: z.string().optional(),
  status: BookingStatusSchema,
  pnr: z.string().nullable().optional(),
  bms_booking_code: z.string().nullable().optional(),
  is_domestic: z.boolean().optional(),
  pax_count: PaxCountSchema.optional(),
  expires_at: z.string().nullable().optional(),
  remaining_seconds: z.number().nullable().optional(),
  pricing: PricingSchema.optional(),
  pax_rules: PaxRulesSchema.optional(),
  itinerary_items: z.array(ItineraryItemSchema).optional(),
  duplicates_found: z.boolean().optional(),
  duplicates: z.array(DuplicateEntrySchema).optional(),
  passport_required: z.boolean().optional(),
};

/** A booking as any endpoint returns it. */
export const BookingSchema = z.looseObject(bookingFields);
export type Booking = z.infer<typeof BookingSchema>;

/** `POST /v1/flights/booking/` request. */
export const CreateBookingParamsSchema = z.strictObject({
  trace_id: z.string().min(1, 'is required'),
  result_indices: z
    .array(z.string().min(1, 'must be a non-empty result_index'), { error: 'must be an array of result_index strings' })
    .min(1, 'must hold 1 or 2 result indices')
    .max(2, 'must hold 1 or 2 result indices'),
});

/** `POST /v1/flights/booking/` response (spec §4.3). */
export const CreateBookingResponseSchema = z.looseObject({
  ...bookingFields,
  trace_id: z.string(),
  itinerary_code: z.string(),
  is_domestic: z.boolean(),
  pax_count: PaxCountSchema,
  pricing: PricingSchema,
  itinerary_items: z.array(ItineraryItemSchema),
});
export type CreateBookingResponse = z.infer<typeof CreateBookingResponseSchema>;

/** `POST …/passengers/` response (spec §4.4). */
export const SavePassengersResponseSchema = z.looseObject({
  ...bookingFields,
  pricing: PricingSchema,
  duplicates_found: z.boolean(),
  duplicates: z.array(DuplicateEntrySchema).default([]),
});
export type SavePassengersResponse = z.infer<typeof SavePassengersResponseSchema>;

/** `POST …/reprice/` response (spec §4.5). */
export const RepriceResponseSchema = z.looseObject({ ...bookingFields, pricing: PricingSchema });
export type RepriceResponse = z.infer<typeof RepriceResponseSchema>;

/** `POST …/book/` response (spec §4.6). */
export const BookResponseSchema = z.looseObject({
  ...bookingFields,
  pnr: z.string(),
  pricing: PricingSchema,
});
export type BookResponse = z.infer<typeof BookResponseSchema>;

/** `GET /v1/flights/booking/{id}/` response (spec §4.7). */
export const RetrieveBookingResponseSchema = z.looseObject(bookingFields);
export type RetrieveBookingResponse = z.infer<typeof RetrieveBookingResponseSchema>;

/** One entry of the bookings list (spec §2). `id` is the booking_id. */
export const BookingListEntrySchema = z.looseObject({
  id: z.string(),
  status: BookingStatusSchema,
  pnr: z.string().nullable().optional(),
  trace_id: z.string().optional(),
  itinerary_code: z.string().optional(),
  currency: z.string().optional(),
  amount_charged: z.number().nullable().optional(),
  wallet_debited_inr: z.number().nullable().optional(),
  amount_raw: z.number().nullable().optional(),
  markup_percent_applied: z.number().nullable().optional(),
  passengers: z.array(z.unknown()).optional(),
  flight_segments: z.array(z.unknown()).optional(),
  created_at: z.string(),
  modified_at: z.string().optional(),
});
export type BookingListEntry = z.infer<typeof BookingListEntrySchema>;

/** `GET /v1/bookings/` response (spec §4.8). */
export const BookingListResponseSchema = z.looseObject({
  count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(BookingListEntrySchema),
});
export type BookingListResponse = z.infer<typeof BookingListResponseSchema>;

/** `bookings.list` parameters. */
export const ListParamsSchema = z.strictObject({
  limit: z.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100 (spec §4.8)').optional(),
  offset: z.number().int('must be a whole number').min(0, 'must not be negative').optional(),
});
export type ListParams = z.input<typeof ListParamsSchema>;
