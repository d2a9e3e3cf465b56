/**
 * Priced legs: the flights of one direction of a route on one date, drawn from a generator seeded
 * by (seed, route, date, supplier, cabin, direct flag) so a search always shows the same flights.
 */
import { AIRLINES, type AirlineData } from './airlines.js';
import { AIRPORTS, distanceKm, isDomestic, type AirportData } from './airports.js';
import type { FareMeta, GenerateInput, LegData, RawPrice } from './offers.js';
import { int, pick, rngFor, type Rng } from '../state/random.js';

/** A priced leg before it gets a result index. */
export interface LegTemplate extends FareMeta {
  leg: LegData;
  raw: RawPrice;
}

const CABINS: Record<string, { name: string; mult: number; classes: string[] }> = {
  economy: { name: 'economy', mult: 1, classes: ['Y', 'B', 'M', 'H', 'K', 'Q', 'V', 'T', 'L', 'S'] },
  premium_economy: { name: 'premium_economy', mult: 1.7, classes: ['W', 'E'] },
  business: { name: 'business', mult: 3.2, classes: ['J', 'C', 'D', 'Z'] },
  premium_business: { name: 'premium_business', mult: 3.8, classes: ['J', 'C'] },
  first: { name: 'first', mult: 5.5, classes: ['F', 'A'] },
};
const CABIN_BY_CODE: Record<string, keyof typeof CABINS> = {
  '2': 'economy',
  '3': 'premium_economy',
  '4': 'business',
  '5': 'premium_business',
  '6': 'first',
};
const FARES = [
  { name: 'Saver', mult: 1, refundable: false },
  { name: 'Flexi', mult: 1.25, refundable: true },
  { name: 'Corporate', mult: 1.4, refundable: true },
  { name: 'Sale', mult: 0.92, refundable: false },
];
const REMARKS = [
  'Complimentary meal on board',
  'Free seat selection',
  'One free date change',
  'Non-refundable promotional fare',
];

const at = (ms: number): string => new Date(ms).toISOString().slice(0, 19);

function carriers(
  o: AirportData,
  d: AirportData,
  domestic: boolean,
): { nonstop: AirlineData[]; via: Array<[AirlineData, AirportData]> } {
  const eligible = domestic
    ? AIRLINES.filter((a) => a.domestic)
    : AIRLINES.filter((a) => (a.domestic ? a.code === 'AI' || a.code === '6E' : true));
  const nonstop = domestic
    ? eligible
    : eligible.filter(
        (a) =>
          a.country === o.country ||
          a.country === d.country ||
          a.hubs.includes(o.code) ||
          a.hubs.includes(d.code),
      );
  const via: Array<[AirlineData, AirportData]> = [];
  for (const a of eligible)
    for (const h of a.hubs) {
      const hub = AIRPORTS.get(h);
      if (hub && h !== o.code && h !== d.code && (!domestic || hub.country === 'India')) via.push([a, hub]);
    }
  // Keep connections that are plausible detours (no DEL–CDG–LHR), unless nothing else exists.
  const direct = distanceKm(o, d);
  const sensible = via.filter(([, hub]) => distanceKm(o, hub) + distanceKm(hub, d) <= direct * 1.35 + 400);
  return { nonstop: nonstop.length ? nonstop : eligible, via: sensible.length ? sensible : via };
}

function place(a: AirportData, rng: Rng): Record<string, unknown> {
  return {
    airport_code: a.code,
    airport_name: a.name,
    city_code: a.cityCode,
    city_name: a.city,
    country_name: a.country,
    terminal: pick(rng, a.terminals),
  };
}

function flightMinutes(a: AirportData, b: AirportData): number {
  return Math.round((distanceKm(a, b) / 780) * 12 + 7) * 5; // km / 780 km/h in hours → 5-minute steps, plus taxi
}

function segment(
  rng: Rng,
  air: AirlineData,
  a: AirportData,
  b: AirportData,
  depUtc: number,
  cabin: string,
  fareClass: string,
  intl: boolean,
): [Record<string, unknown>, number] {
  const minutes = flightMinutes(a, b);
  const arrUtc = depUtc + minutes * 60_000;
  const big = cabin !== 'economy';
  return [
    {
      airline: {
        code: air.code,
        name: air.name,
        flight_number: String(int(rng, air.numbers[0], air.numbers[1])),
        fare_class: fareClass,
      },
      origin: { ...place(a, rng), departure_time: at(depUtc + a.tz * 60_000) },
      destination: { ...place(b, rng), arrival_time: at(arrUtc + b.tz * 60_000) },
      cabin_class: cabin,
      duration_minutes: minutes,
      ground_time_minutes: 0,
      baggage_allowance: intl ? (big ? '40 Kg' : '30 Kg') : big ? '35 Kg' : '15 Kg',
      cabin_baggage_allowance: big ? '10 Kg' : '7 Kg',
      seats_available: int(rng, 1, 9),
    },
    arrUtc,
  ];
}

function price(perAdultBase: number, pax: GenerateInput['pax'], intl: boolean): RawPrice {
  const base = Math.round(perAdultBase * (pax.adult + pax.child * 0.75 + pax.infant * 0.1));
  const perHeadTax = intl ? 2400 : 650;
  const tax = Math.round(base * 0.12 + perHeadTax * (pax.adult + pax.child) + 250 * pax.infant);
  const fee = (intl ? 350 : 150) * (pax.adult + pax.child);
  const total = base + tax + fee;
  return {
    base_fare: base,
    tax_and_surcharge: tax,
    service_fee: fee,
    published_fare: total,
    final_fare: total,
  };
}

/** Generates `count` priced legs for one direction of a route on one date. */
export function legs(
  input: GenerateInput,
  from: AirportData,
  to: AirportData,
  date: string,
  direction: LegData['direction'],
  count: number,
): LegTemplate[] {
  const rng = rngFor(
    input.seed,
    'flights',
    from.code,
    to.code,
    date,
    input.source,
    input.cabin,
    String(input.direct),
  );
  const domestic = isDomestic(from, to);
  const { nonstop, via } = carriers(from, to, domestic);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d) - from.tz * 60_000;
  const out: LegTemplate[] = [];
  let group = 0;
  while (out.length < count) {
    group++;
    const cabinKey =
      CABIN_BY_CODE[input.cabin] ?? (rng() < 0.8 ? 'economy' : rng() < 0.5 ? 'premium_economy' : 'business');
    const cabin = CABINS[cabinKey] as (typeof CABINS)[string];
    const oneStop = !input.direct && via.length > 0 && rng() < 0.4;
    const dep = midnightUtc + int(rng, 60, 287) * 5 * 60_000; // 05:00–23:55 local
    const segments: Array<Record<string, unknown>> = [];
    let distance: number;
    const fareClass = pick(rng, cabin.classes);
    if (oneStop) {
      const [air, hub] = pick(rng, via);
      const [s1, arr1] = segment(rng, air, from, hub, dep, cabin.name, fareClass, !domestic);
      const ground = int(rng, 12, 60) * 5;
      const [s2] = segment(rng, air, hub, to, arr1 + ground * 60_000, cabin.name, fareClass, !domestic);
      s1.ground_time_minutes = ground;
      segments.push(s1, s2);
      distance = distanceKm(from, hub) + distanceKm(hub, to);
    } else {
      const [s] = segment(rng, pick(rng, nonstop), from, to, dep, cabin.name, fareClass, !domestic);
      segments.push(s);
      distance = distanceKm(from, to);
    }
    const perAdult =
      (domestic ? 1800 + distance * 4.2 : 6000 + distance * 5.5) *
      cabin.mult *
      (0.8 + rng() * 0.9) *
      (oneStop ? 0.9 : 1);
    const variants = int(rng, 1, 3);
    for (let v = 0; v < variants && out.length < count; v++) {
      const fare = FARES[(group + v) % FARES.length] as (typeof FARES)[number];
      out.push({
        leg: { direction, stop_count: segments.length - 1, segments },
        raw: price(perAdult * fare.mult, input.pax, !domestic),
        is_refundable: fare.refundable,
        fare_name: fare.name,
        fare_class: fareClass,
        airline_remark: rng() < 0.25 ? pick(rng, REMARKS) : null,
        group_id: group,
      });
    }
  }
  return out.sort((a, b) => a.raw.final_fare - b.raw.final_fare);
}
