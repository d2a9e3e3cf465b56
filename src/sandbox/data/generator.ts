/**
 * Deterministic flight generation. Flight content depends only on (seed, route, date, supplier,
 * cabin, direct flag), so the same search always shows the same flights; result indices come from a
 * separate per-search generator so every trace has its own.
 */
import { legs, type LegTemplate } from './legs.js';
import { rngFor } from '../state/random.js';
import type { FareMeta, GenerateInput, LegData, Offer } from './offers.js';

export type { FareMeta, GenerateInput, LegData, Offer, RawPrice } from './offers.js';

/** A displayed outbound option: its own leg plus, when coupled, its priced return pairs. */
export interface DisplayOption {
  /** The offer its `result_index` books: itself, or its cheapest pair when coupled. */
  offer: Offer;
  meta: FareMeta;
  segments: LegData['segments'];
  inboundOptions?: Offer[];
}

/** The generated content of one search. */
export interface Generated {
  outbound: DisplayOption[];
  inbound: Offer[];
  offers: Map<string, Offer>;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

function single(t: LegTemplate, id: string): Offer {
  const { leg, raw, ...meta } = t;
  return { ...meta, result_index: id, legs: [leg], raw };
}

/** Combined fare of an outbound and inbound pair: 3% off the base, as round-trip fares usually are. */
function pair(o: LegTemplate, i: LegTemplate, id: string): Offer {
  const base = Math.round((o.raw.base_fare + i.raw.base_fare) * 0.97);
  const tax = o.raw.tax_and_surcharge + i.raw.tax_and_surcharge;
  const fee = o.raw.service_fee + i.raw.service_fee;
  const total = round2(base + tax + fee);
  return {
    result_index: id,
    legs: [o.leg, i.leg],
    raw: {
      base_fare: base,
      tax_and_surcharge: tax,
      service_fee: fee,
      published_fare: total,
      final_fare: total,
    },
    is_refundable: o.is_refundable && i.is_refundable,
    fare_name: o.fare_name,
    fare_class: o.fare_class,
    airline_remark: o.airline_remark,
    group_id: o.group_id,
  };
}

/** Generates every option of a search, registering each bookable offer under its result index. */
export function generate(input: GenerateInput): Generated {
  const offers = new Map<string, Offer>();
  const add = (o: Offer): Offer => (offers.set(o.result_index, o), o);
  const outT = legs(input, input.origin, input.destination, input.departDate, 'outbound', input.optionCount);
  const meta = ({ leg: _l, raw: _r, ...m }: LegTemplate): FareMeta => m;
  if (!input.returnDate) {
    const outbound = outT.map((t) => {
      const offer = add(single(t, input.ids()));
      return { offer, meta: meta(t), segments: t.leg.segments };
    });
    return { outbound, inbound: [], offers };
  }
  if (input.style === 'independent') {
    const inT = legs(
      input,
      input.destination,
      input.origin,
      input.returnDate,
      'inbound',
      input.inboundOptionCount,
    );
    const outbound = outT.map((t) => ({
      offer: add(single(t, input.ids())),
      meta: meta(t),
      segments: t.leg.segments,
    }));
    return { outbound, inbound: inT.map((t) => add(single(t, input.ids()))), offers };
  }
  const k = input.inboundOptionCount;
  const pool = legs(
    input,
    input.destination,
    input.origin,
    input.returnDate,
    'inbound',
    Math.max(k, Math.min(2 * k, 40)),
  );
  const rng = rngFor(
    input.seed,
    'pairs',
    input.origin.code,
    input.destination.code,
    input.departDate,
    input.returnDate,
  );
  const order = pool.map((_, i) => i);
  const outbound = outT.map((t) => {
    // Partial Fisher–Yates: each outbound gets its own k distinct returns from the pool.
    for (let j = 0; j < k; j++) {
      const r = j + Math.floor(rng() * (order.length - j));
      [order[j], order[r]] = [order[r] as number, order[j] as number];
    }
    const pairs = order
      .slice(0, k)
      .map((i) => add(pair(t, pool[i] as LegTemplate, input.ids())))
      .sort((a, b) => a.raw.final_fare - b.raw.final_fare);
    const cheapest = pairs[0] as Offer;
    return { offer: cheapest, meta: meta(t), segments: t.leg.segments, inboundOptions: pairs };
  });
  return { outbound, inbound: [], offers };
}
