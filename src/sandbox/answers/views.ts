/**
 * JSON shapes of the fake service's responses. Amounts are stored pre-markup; markup is applied
 * here, when rendering for a given partner, so one trace or booking renders correctly for anyone.
 */
import { isoUtc } from '../state/clock.js';
import type { DisplayOption, FareMeta, Offer, RawPrice } from '../data/generator.js';
import type { BookingRecord, Partner } from '../state/state.js';

/** Rounds to paise. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Applies a flat markup percentage. */
export const markup = (amount: number, percent: number): number => round2(amount * (1 + percent / 100));

/** Option-level pricing: no itinerary-only fields (spec §2 Pricing). */
function optionPricing(raw: RawPrice, percent: number): Record<string, unknown> {
  return {
    currency: 'INR',
    base_fare: markup(raw.base_fare, percent),
    service_fee: markup(raw.service_fee, percent),
    published_fare: markup(raw.published_fare, percent),
    final_fare: markup(raw.final_fare, percent),
    markup_percent: percent,
    raw: {
      base_fare: raw.base_fare,
      service_fee: raw.service_fee,
      published_fare: raw.published_fare,
      final_fare: raw.final_fare,
    },
  };
}

/** Option-level fare attributes (spec §2 Flight option). */
const fareMeta = (m: FareMeta): FareMeta => ({
  is_refundable: m.is_refundable,
  fare_name: m.fare_name,
  fare_class: m.fare_class,
  airline_remark: m.airline_remark,
  group_id: m.group_id,
});

/** An inbound option of a coupled outbound: the pair's combined fare, the inbound leg's segments. */
function inboundOption(o: Offer, percent: number): Record<string, unknown> {
  const leg = o.legs[o.legs.length - 1];
  return {
    result_index: o.result_index,
    ...fareMeta(o),
    stop_count: leg?.stop_count ?? 0,
    pricing: optionPricing(o.raw, percent),
    segments: leg?.segments ?? [],
  };
}

/** A displayed outbound option (coupled: the display-only token and the "starting from" fare). */
export function outboundOption(d: DisplayOption, percent: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    result_index: d.offer.result_index,
    ...fareMeta(d.meta),
    stop_count: d.segments.length - 1,
    pricing: optionPricing(d.offer.raw, percent),
    segments: d.segments,
  };
  if (d.inboundOptions) out.inbound_options = d.inboundOptions.map((o) => inboundOption(o, percent));
  return out;
}

/** A plain one-leg option (one-way outbound, independent outbound or inbound). */
export function singleOption(o: Offer, percent: number): Record<string, unknown> {
  return inboundOption(o, percent);
}

/**
 * The booking's current pre-markup price. supplier_b's SSR amounts are billed as a surcharge:
 * they are folded into `tax_and_surcharge` (and so into `published_fare` and `final_fare`), as the
 * Pricing object (spec §2) has no field of its own for them.
 */
export function currentRaw(b: BookingRecord): RawPrice {
  const base = round2(b.lockedRaw.base_fare + b.priceDelta);
  const tax = round2(b.lockedRaw.tax_and_surcharge + b.ssrAmount);
  const total = round2(base + tax + b.lockedRaw.service_fee);
  return {
    base_fare: base,
    tax_and_surcharge: tax,
    service_fee: b.lockedRaw.service_fee,
    published_fare: total,
    final_fare: total,
  };
}

/** What `book` debits: the post-markup final fare. */
export function amountDue(b: BookingRecord, partner: Partner): number {
  return markup(currentRaw(b).final_fare, partner.markupPercent);
}

/** Itinerary-level pricing (create-booking, save-passengers, reprice, book, get-booking). */
export function bookingPricing(b: BookingRecord, percent: number): Record<string, unknown> {
  const raw = currentRaw(b);
  const prev = b.previousRawFinal ?? raw.final_fare;
  const m = (n: number): number => markup(n, percent);
  return {
    currency: 'INR',
    base_fare: m(raw.base_fare),
    service_fee: m(raw.service_fee),
    tax_and_surcharge: m(raw.tax_and_surcharge),
    published_fare: m(raw.published_fare),
    final_fare: m(raw.final_fare),
    previous_total_amount: m(prev),
    price_changed: b.priceChanged,
    markup_percent: percent,
    raw: { ...raw, previous_total_amount: prev },
  };
}

/** Itinerary items as the wire shows them: the fields spec §2 lists for an itinerary item. */
export function itineraryItems(b: BookingRecord): Array<Record<string, unknown>> {
  return b.items.map((i) => ({
    item_code: i.item_code,
    result_index: i.result_index,
    journey_type: i.journey_type,
    is_refundable: i.is_refundable,
    fare_name: i.fare_name,
    fare_class: i.fare_class,
    airline_remark: i.airline_remark,
    legs: i.legs,
  }));
}

/** A list entry (spec §2 Booking list entry). */
export function listEntry(b: BookingRecord, partner: Partner): Record<string, unknown> {
  const charged = b.debits.reduce((s, d) => s + d.amount, 0);
  const due = amountDue(b, partner);
  return {
    id: b.id,
    status: b.status,
    // The list table types `pnr` as a string: a booking without one (not confirmed) omits it.
    ...(b.pnr ? { pnr: b.pnr } : {}),
    trace_id: b.traceId,
    itinerary_code: b.itineraryCode,
    currency: 'INR',
    amount_charged: b.status === 'confirmed' ? round2(charged || due) : due,
    wallet_debited_inr: round2(charged),
    amount_raw: currentRaw(b).final_fare,
    markup_percent_applied: partner.markupPercent,
    passengers: (b.passengers ?? []).map((p) => ({
      first_name: p.first_name,
      last_name: p.last_name,
      pax_type: p.pax_type,
      is_lead: p.is_lead,
    })),
    flight_segments: b.items.flatMap((i) =>
      i.legs.flatMap((l) =>
        l.segments.map((s) => {
          const seg = s as {
            airline: { code: string; flight_number: string };
            origin: Record<string, string>;
            destination: Record<string, string>;
          };
          return {
            direction: l.direction,
            airline_code: seg.airline.code,
            flight_number: seg.airline.flight_number,
            origin: seg.origin.airport_code,
            destination: seg.destination.airport_code,
            departure_time: seg.origin.departure_time,
            arrival_time: seg.destination.arrival_time,
          };
        }),
      ),
    ),
    created_at: isoUtc(b.createdAt),
    modified_at: isoUtc(b.modifiedAt),
  };
}
