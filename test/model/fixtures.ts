/**
 * Small hand-built search responses for the model tests: one-way, coupled and independent round
 * trips. Built by hand (not by the sandbox) so the tests pin the spec's shapes, nothing else.
 */
import type { FlightOption, InboundOption, Pricing, Segment } from '../../src/schemas/common.js';
import type { SearchResponse } from '../../src/schemas/search.js';

let counter = 0;
/** A deterministic UUID-shaped id. */
export function id(prefix = 'r'): string {
  counter += 1;
  return `${prefix}${String(counter).padStart(7, '0')}-0000-4000-8000-000000000000`.slice(0, 36);
}

export function pricing(final: number, extra: Partial<Pricing> = {}): Pricing {
  const fee = 150.5;
  return {
    currency: 'INR',
    base_fare: Math.round((final - fee) * 100) / 100,
    service_fee: fee,
    published_fare: final,
    final_fare: final,
    markup_percent: 5,
    raw: { base_fare: 1000.1, service_fee: 100.2, published_fare: 1100.3, final_fare: 1100.3 },
    ...extra,
  };
}

export function segment(
  from: string,
  to: string,
  dep: string,
  arr: string,
  opts: { airline?: string; duration?: number; ground?: number } = {},
): Segment {
  return {
    airline: { code: opts.airline ?? 'AI', name: 'Air India', flight_number: '101', fare_class: 'Y' },
    origin: {
      airport_code: from,
      airport_name: `${from} Airport`,
      city_code: from,
      city_name: from,
      country_name: 'India',
      terminal: 'T1',
      departure_time: dep,
    },
    destination: {
      airport_code: to,
      airport_name: `${to} Airport`,
      city_code: to,
      city_name: to,
      country_name: 'India',
      terminal: null,
      arrival_time: arr,
    },
    cabin_class: 'economy',
    duration_minutes: opts.duration ?? 120,
    ground_time_minutes: opts.ground ?? 0,
    baggage_allowance: '15 Kg',
    cabin_baggage_allowance: '7 Kg',
    seats_available: 9,
  };
}

export function option(
  final: number,
  opts: {
    stops?: number;
    dep?: string;
    airline?: string;
    refundable?: boolean;
    duration?: number;
    index?: string;
  } = {},
): FlightOption {
  const dep = opts.dep ?? '2026-12-01T08:00:00';
  const segments =
    (opts.stops ?? 0) === 0
      ? [
          segment('DEL', 'BOM', dep, '2026-12-01T10:00:00', {
            airline: opts.airline,
            duration: opts.duration,
          }),
        ]
      : [
          segment('DEL', 'AMD', dep, '2026-12-01T09:30:00', {
            airline: opts.airline,
            duration: opts.duration ?? 90,
            ground: 60,
          }),
          segment('AMD', 'BOM', '2026-12-01T10:30:00', '2026-12-01T11:45:00', {
            airline: opts.airline,
            duration: 75,
          }),
        ];
  return {
    result_index: opts.index ?? id(),
    is_refundable: opts.refundable ?? true,
    stop_count: opts.stops ?? 0,
    fare_name: 'Saver',
    fare_class: 'Y',
    airline_remark: null,
    group_id: 1,
    pricing: pricing(final),
    segments,
  };
}

const base = {
  currency: 'INR',
  pax_count: { adult: 1, child: 0, infant: 0 },
  expires_at: '2026-12-01T06:15:00',
  remaining_seconds: 600,
};

export function oneWay(): SearchResponse {
  return {
    ...base,
    trace_id: id('t'),
    journey_type: 'one_way',
    is_domestic: true,
    round_trip_style: null,
    outbound: [
      option(5400.5, { dep: '2026-12-01T09:00:00', airline: '6E' }),
      option(4200.25, { dep: '2026-12-01T06:00:00', stops: 1, refundable: false }),
      option(6100, { dep: '2026-12-01T07:30:00', duration: 100 }),
    ],
    inbound: [],
  };
}

export function independent(): SearchResponse {
  return {
    ...base,
    trace_id: id('t'),
    journey_type: 'round_trip',
    is_domestic: true,
    round_trip_style: 'independent',
    outbound: [option(3000.1), option(2500.75, { stops: 1 })],
    inbound: [option(3200.2, { dep: '2026-12-05T18:00:00' }), option(2800.9, { dep: '2026-12-05T07:00:00' })],
  };
}

function inboundOption(final: number): InboundOption {
  return option(final, { dep: '2026-12-05T18:00:00' });
}

/** Each outbound's own index is the display-only token copied from its cheapest inbound option. */
export function coupled(): SearchResponse {
  const make = (fares: number[], opts: Parameters<typeof option>[1] = {}): FlightOption => {
    const inbound_options = fares.map(inboundOption);
    const cheapest = inbound_options.reduce((a, b) => (b.pricing.final_fare < a.pricing.final_fare ? b : a));
    return {
      ...option(cheapest.pricing.final_fare, opts),
      result_index: cheapest.result_index,
      pricing: cheapest.pricing,
      inbound_options,
    };
  };
  return {
    ...base,
    trace_id: id('t'),
    journey_type: 'round_trip',
    is_domestic: false,
    round_trip_style: 'coupled',
    outbound: [make([41000.5, 39000.25, 45000]), make([52000, 50500.75], { stops: 1 })],
    inbound: [],
  };
}

/** A deep copy, as an object that went through JSON (e.g. stored in a session and read back). */
export function copy<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}
