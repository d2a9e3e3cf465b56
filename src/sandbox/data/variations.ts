/**
 * The `variations` option: every 2xx answer varies *within* the contract, the way a real service
 * (or two suppliers behind it) may: absent optional fields, allowed nulls, unknown extra fields and
 * reordered option lists. Seeded: the n-th varied answer of a sandbox draws from (seed, n), so the
 * same seed and the same calls give the same answers. Only what the spec allows is varied:
 *
 * - absent: `pricing.markup_percent` and `pricing.raw` ("present in some responses"), a segment
 *   place's `airport_name`, `city_code`, `city_name`, `country_name`, `terminal` ("some fields may
 *   be absent"), the search's `expires_at` / `remaining_seconds` ("present when the supplier
 *   provides them"), `passport_required` ("placement not shown"), a list entry's
 *   `wallet_debited_inr`, `amount_raw`, `markup_percent_applied` ("present in some responses");
 * - null: an option's `fare_class` and `airline_remark`, an itinerary item's `fare_name`,
 *   `fare_class` and `airline_remark` ("string or null");
 * - unknown fields (see EXTRAS) on answers, options, pricing, segments, items and entries;
 * - order: `outbound[]`, `inbound[]`, each `inbound_options[]` and fare `rules[]` (the spec gives no
 *   order; the bookings list stays most recent first, as §4.8 says).
 */
import type { Rng } from '../state/random.js';
import type { EndpointName } from '../state/state.js';
import { isObject } from '../../schemas/plain/guards.js';

type Obj = Record<string, unknown>;

const objects = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** Segment place fields that may be absent; the airport code and the times always stay. */
const PLACE_OPTIONAL = ['airport_name', 'city_code', 'city_name', 'country_name', 'terminal'] as const;

/** Unknown fields a variation may add: names no part of the contract uses, values of every JSON type. */
export const EXTRAS: ReadonlyArray<readonly [string, (rng: Rng) => unknown]> = [
  ['ext_ref', (rng) => `X${Math.floor(rng() * 1e8)}`],
  ['cache_hit', (rng) => rng() < 0.5],
  ['debug', (rng) => ({ node: Math.floor(rng() * 64), ms: Math.round(rng() * 900) })],
  ['tags', (rng) => (rng() < 0.5 ? [] : ['promo', 'web'])],
  ['note', () => null],
];

/** The random choices of one answer. */
class Variation {
  constructor(private readonly rng: Rng) {}

  chance(p: number): boolean {
    return this.rng() < p;
  }

  /** Deletes each of `keys` with probability `p`. */
  drop(o: Obj, keys: readonly string[], p: number): void {
    for (const k of keys) if (k in o && this.chance(p)) delete o[k];
  }

  /** Sets each of `keys` to null with probability `p`. */
  nullify(o: Obj, keys: readonly string[], p: number): void {
    for (const k of keys) if (k in o && this.chance(p)) o[k] = null;
  }

  /** Adds one unknown field with probability `p`. */
  extra(o: Obj, p: number): void {
    if (!this.chance(p)) return;
    const [name, value] = EXTRAS[Math.floor(this.rng() * EXTRAS.length)] as (typeof EXTRAS)[number];
    o[name] = value(this.rng);
  }

  /** Fisher–Yates, in place. */
  shuffle(list: unknown): void {
    if (!Array.isArray(list)) return;
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(this.rng() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
  }

  pricing(p: unknown): void {
    if (!isObject(p)) return;
    this.drop(p, ['markup_percent', 'raw'], 0.3);
    this.extra(p, 0.05);
  }

  segments(list: unknown): void {
    for (const s of objects(list)) {
      for (const place of [s.origin, s.destination])
        if (isObject(place)) this.drop(place, PLACE_OPTIONAL, 0.15);
      this.extra(s, 0.05);
    }
  }

  option(o: Obj): void {
    this.nullify(o, ['fare_class', 'airline_remark'], 0.25);
    this.pricing(o.pricing);
    this.segments(o.segments);
    this.extra(o, 0.1);
    if (Array.isArray(o.inbound_options)) {
      this.shuffle(o.inbound_options);
      for (const i of objects(o.inbound_options)) this.option(i);
    }
  }

  search(a: Obj): void {
    this.drop(a, ['expires_at', 'remaining_seconds'], 0.3);
    this.shuffle(a.outbound);
    this.shuffle(a.inbound);
    for (const o of [...objects(a.outbound), ...objects(a.inbound)]) this.option(o);
    this.extra(a, 0.5);
  }

  fareRules(a: Obj): void {
    this.shuffle(a.rules);
    for (const r of objects(a.rules)) this.extra(r, 0.1);
    this.extra(a, 0.3);
  }

  booking(a: Obj): void {
    this.drop(a, ['passport_required'], 0.4);
    this.pricing(a.pricing);
    for (const item of objects(a.itinerary_items)) {
      this.nullify(item, ['fare_name', 'fare_class', 'airline_remark'], 0.25);
      for (const leg of objects(item.legs)) this.segments(leg.segments);
      this.extra(item, 0.2);
    }
    for (const d of objects(a.duplicates)) this.extra(d, 0.2);
    this.extra(a, 0.3);
  }

  list(a: Obj): void {
    for (const e of objects(a.results)) {
      this.drop(e, ['wallet_debited_inr', 'amount_raw', 'markup_percent_applied'], 0.35);
      this.extra(e, 0.2);
    }
    this.extra(a, 0.2);
  }

  autocomplete(a: Obj): void {
    for (const r of objects(a.results)) this.extra(r, 0.1);
    this.extra(a, 0.2);
  }
}

/**
 * A varied copy of a 2xx answer of `endpoint` (the answer itself is not touched: it may share
 * objects with the sandbox's state).
 */
export function vary(endpoint: EndpointName, answer: unknown, rng: Rng): unknown {
  if (!isObject(answer)) return answer;
  const copy = JSON.parse(JSON.stringify(answer)) as Obj;
  const v = new Variation(rng);
  switch (endpoint) {
    case 'search':
      v.search(copy);
      break;
    case 'fareRules':
      v.fareRules(copy);
      break;
    case 'list':
      v.list(copy);
      break;
    case 'autocomplete':
      v.autocomplete(copy);
      break;
    default:
      v.booking(copy);
  }
  return copy;
}
