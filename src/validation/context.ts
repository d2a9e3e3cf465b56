import type { Booking, PaxRules } from '../schemas/booking.js';
import type { PaxCount, Source } from '../schemas/common.js';
import { datePart } from '../dates.js';
import { isObject } from '../schemas/plain/guards.js';
import { searchOfSelection, type Selection } from '../model/search-results.js';

/** What the validator knows about the booking the passengers are for. Every field is optional. */
export interface PassengerContext {
  /** Unknown when only a booking_id is known and the client never saw the search. */
  supplier?: Source;
  passport_required?: boolean;
  is_domestic?: boolean;
  pax_count?: PaxCount;
  pax_rules?: PaxRules;
  /** Local travel dates from the booking's segments, YYYY-MM-DD: the first departure and the last departure/arrival. */
  firstTravelDate?: string;
  lastTravelDate?: string;
  /** Every segment's [origin, destination] IATA pair of the booking. */
  sectors?: Array<{ origin: string; destination: string }>;
  /** "Today" as YYYY-MM-DD, for dob/passport checks. Defaults to the process's local date. */
  today?: string;
}

const SUPPLIERS: readonly string[] = ['supplier_a', 'supplier_b'];

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

function iata(v: unknown): string | undefined {
  return typeof v === 'string' && /^[A-Za-z]{3}$/.test(v.trim()) ? v.trim().toUpperCase() : undefined;
}

/**
 * Builds the context from whatever booking response the client holds: create-booking (with
 * `pax_rules`), retrieve, save-passengers, reprice, or any partial object. Fields that are absent
 * or malformed are left out (never guessed), and this function never throws.
 *
 * `supplier` wins over a `source`/`supplier` field on the object (the service does not return one;
 * the SDK may have attached it from the search).
 */
export function passengerContextFromBooking(booking: Partial<Booking>, supplier?: Source): PassengerContext {
  const ctx: PassengerContext = {};
  try {
    if (supplier && SUPPLIERS.includes(supplier)) ctx.supplier = supplier;
    if (!isObject(booking)) return ctx;
    const b = booking as Record<string, unknown>;
    if (!ctx.supplier) {
      const own = b['source'] ?? b['supplier'];
      if (typeof own === 'string' && SUPPLIERS.includes(own)) ctx.supplier = own as Source;
    }
    if (typeof b['passport_required'] === 'boolean') ctx.passport_required = b['passport_required'];
    if (typeof b['is_domestic'] === 'boolean') ctx.is_domestic = b['is_domestic'];
    const pc = b['pax_count'];
    if (isObject(pc) && isCount(pc['adult']) && isCount(pc['child']) && isCount(pc['infant'])) {
      ctx.pax_count = { adult: pc['adult'], child: pc['child'], infant: pc['infant'] };
    }
    if (isObject(b['pax_rules'])) ctx.pax_rules = b['pax_rules'] as PaxRules;

    const departures: string[] = [];
    const all: string[] = [];
    const sectors: Array<{ origin: string; destination: string }> = [];
    for (const item of list(b['itinerary_items'])) {
      if (!isObject(item)) continue;
      for (const leg of list(item['legs'])) {
        if (!isObject(leg)) continue;
        for (const seg of list(leg['segments'])) {
          if (!isObject(seg)) continue;
          const origin = isObject(seg['origin']) ? seg['origin'] : {};
          const destination = isObject(seg['destination']) ? seg['destination'] : {};
          const dep = datePart(origin['departure_time']);
          const arr = datePart(destination['arrival_time']);
          if (dep) departures.push(dep);
          if (dep) all.push(dep);
          if (arr) all.push(arr);
          const o = iata(origin['airport_code']);
          const d = iata(destination['airport_code']);
          if (o && d && !sectors.some((s) => s.origin === o && s.destination === d))
            sectors.push({ origin: o, destination: d });
        }
      }
    }
    // ISO dates sort as strings.
    const first = [...(departures.length ? departures : all)].sort()[0];
    const last = [...all].sort().at(-1);
    if (first) ctx.firstTravelDate = first;
    if (last) ctx.lastTravelDate = last;
    if (sectors.length) ctx.sectors = sectors;
  } catch {
    // A hostile object (throwing getter, proxy): keep what was read so far.
  }
  return ctx;
}

/**
 * What a selection tells about the booking it will become, before create-booking is sent: the
 * supplier, the travel dates and segments of the chosen options, and the search's passenger
 * counts (when the live search is at hand). Not `is_domestic`: without the booking's
 * `passport_required` it would guess the document rule. Never throws; junk gives `{}`.
 */
export function passengerContextFromSelection(selection: unknown): PassengerContext {
  try {
    if (!isObject(selection)) return {};
    const s = selection as Record<string, unknown>;
    const legs = [s['outbound'], s['inbound']].filter(isObject).map((o) => ({ segments: o['segments'] }));
    const source = typeof s['source'] === 'string' ? (s['source'] as Source) : undefined;
    const counts = searchOfSelection(selection as unknown as Selection)?.pax_count;
    return passengerContextFromBooking(
      {
        itinerary_items: [{ legs }],
        ...(counts ? { pax_count: counts } : {}),
      } as unknown as Partial<Booking>,
      source,
    );
  } catch {
    return {};
  }
}
