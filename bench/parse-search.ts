/**
 * Search response parsing: what the SDK adds on top of `JSON.parse` for a large coupled search
 * response (300 outbound options × 20 inbound options, every Segment field of spec §2).
 *
 *   TS_NODE_TRANSPILE_ONLY=true node --loader ts-node/esm bench/parse-search.ts
 *
 * (A) `JSON.parse(text)` alone; (B) the SDK's whole path: `JSON.parse(text)`, contract validation
 * (the in-place checker, schemas/search-check.ts), `SearchResults` construction, and one
 * `select(out, returnsFor(out)[0])`; (C) `JSON.parse` + the compiled schema
 * (`SearchAnswer.compiled`, z.compile); (Z) `JSON.parse` + zod's interpreter. All measured in one
 * run, interleaved, after a warm-up; the figures are ratios of medians to A. Budget: B ≤ 1.30×;
 * the checker is kept only while C misses it.
 */
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseSearchResponse } from '../src/core/call/parse-search.js';
import { SearchAnswer, SearchResponseSchema } from '../src/schemas/search.js';

const AIRPORTS = [
  ['DEL', 'Indira Gandhi International Airport', 'New Delhi', 'India'],
  ['BOM', 'Chhatrapati Shivaji Maharaj International Airport', 'Mumbai', 'India'],
  ['DXB', 'Dubai International Airport', 'Dubai', 'United Arab Emirates'],
  ['LHR', 'Heathrow Airport', 'London', 'United Kingdom'],
  ['SIN', 'Changi Airport', 'Singapore', 'Singapore'],
] as const;
const AIRLINES = [
  ['AI', 'Air India'],
  ['6E', 'IndiGo'],
  ['EK', 'Emirates'],
  ['UK', 'Vistara'],
] as const;

/** A deterministic pseudo-random generator, so every run parses the same bytes. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function uuid(r: () => number): string {
  const hex = () => Math.floor(r() * 16).toString(16);
  const part = (n: number) => Array.from({ length: n }, hex).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-a${part(3)}-${part(12)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function place(r: () => number, code: number, time: string, key: 'departure_time' | 'arrival_time') {
  const a = AIRPORTS[code % AIRPORTS.length]!;
  return {
    airport_code: a[0],
    airport_name: a[1],
    city_code: a[0],
    city_name: a[2],
    country_name: a[3],
    terminal: r() < 0.2 ? null : `T${1 + Math.floor(r() * 3)}`,
    [key]: time,
  };
}

function segment(r: () => number, from: number, to: number, day: number, hour: number) {
  const al = AIRLINES[Math.floor(r() * AIRLINES.length)]!;
  const duration = 60 + Math.floor(r() * 600);
  const arrH = (hour + Math.floor(duration / 60)) % 24;
  return {
    airline: {
      code: al[0],
      name: al[1],
      flight_number: String(100 + Math.floor(r() * 900)),
      fare_class: 'Y',
    },
    origin: place(
      r,
      from,
      `2026-12-${pad(day)}T${pad(hour)}:${pad(Math.floor(r() * 60))}:00`,
      'departure_time',
    ),
    destination: place(
      r,
      to,
      `2026-12-${pad(day)}T${pad(arrH)}:${pad(Math.floor(r() * 60))}:00`,
      'arrival_time',
    ),
    cabin_class: 'economy',
    duration_minutes: duration,
    ground_time_minutes: Math.floor(r() * 180),
    baggage_allowance: '25 Kilograms',
    cabin_baggage_allowance: '7 Kg',
    seats_available: Math.floor(r() * 9) + 1,
  };
}

function pricing(r: () => number) {
  const base = Math.round(r() * 4_000_000) / 100 + 3000;
  const fee = Math.round(r() * 50_000) / 100;
  const rawBase = Math.round((base / 1.05) * 100) / 100;
  const rawFee = Math.round((fee / 1.05) * 100) / 100;
  return {
    currency: 'INR',
    base_fare: base,
    service_fee: fee,
    published_fare: Math.round((base + fee) * 100) / 100,
    final_fare: Math.round((base + fee) * 100) / 100,
    markup_percent: 5,
    raw: {
      base_fare: rawBase,
      service_fee: rawFee,
      published_fare: Math.round((rawBase + rawFee) * 100) / 100,
      final_fare: Math.round((rawBase + rawFee) * 100) / 100,
    },
  };
}

function option(r: () => number, from: number, to: number, day: number) {
  const stops = r() < 0.5 ? 0 : 1;
  const hour = Math.floor(r() * 20);
  const segments =
    stops === 0
      ? [segment(r, from, to, day, hour)]
      : [segment(r, from, 4, day, hour), segment(r, 4, to, day, (hour + 3) % 24)];
  return {
    result_index: uuid(r),
    is_refundable: r() < 0.5,
    stop_count: stops,
    fare_name: r() < 0.5 ? 'Saver' : 'Flexi',
    fare_class: r() < 0.3 ? null : 'Y',
    airline_remark: r() < 0.7 ? null : 'Non-refundable within 24 hours of departure',
    group_id: Math.floor(r() * 10),
    pricing: pricing(r),
    segments,
  };
}

/** A realistic coupled round-trip response (the shape supplier A and international supplier B send). */
export function makeCoupledSearchResponse(outboundCount = 300, inboundPerOutbound = 20, seed = 42) {
  const r = rng(seed);
  const outbound = Array.from({ length: outboundCount }, () => {
    const inbound_options = Array.from({ length: inboundPerOutbound }, () => option(r, 3, 0, 15));
    const cheapest = inbound_options.reduce((a, b) => (b.pricing.final_fare < a.pricing.final_fare ? b : a));
    // The outbound carries the cheapest pair's fare and its index as a display-only token (spec §4.1).
    return {
      ...option(r, 0, 3, 1),
      result_index: cheapest.result_index,
      pricing: cheapest.pricing,
      inbound_options,
    };
  });
  return {
    trace_id: uuid(r),
    currency: 'INR',
    journey_type: 'round_trip',
    is_domestic: false,
    pax_count: { adult: 2, child: 1, infant: 0 },
    round_trip_style: 'coupled',
    outbound,
    inbound: [],
    expires_at: '2026-11-21T10:15:00',
    remaining_seconds: 540,
  };
}

/**
 * A full garbage collection before each timed call, so neither side pays for the other's garbage
 * (each parse allocates tens of MB; without this the medians swing by ±50 % from run to run).
 * Works without `--expose-gc` on the command line.
 */
function makeGc(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  return typeof gc === 'function' ? gc : () => {};
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface BenchResult {
  name: string;
  ratio: number;
  details: Record<string, unknown>;
}

/** Runs the benchmark; `iterations` timed rounds of A and B each, interleaved, after `warmup`. */
export async function run(options: { iterations?: number; warmup?: number } = {}): Promise<BenchResult> {
  const iterations = options.iterations ?? 60;
  const warmup = options.warmup ?? 10;
  const text = JSON.stringify(makeCoupledSearchResponse());
  const meta = { source: 'supplier_a' as const, requestId: 'bench' };

  const a = (): unknown => JSON.parse(text);
  const b = (): unknown => {
    const results = parseSearchResponse(JSON.parse(text), meta);
    const out = results.outbound[0]!;
    return results.select(out, results.returnsFor(out)[0]);
  };
  // For information: the same path with the zod schema instead of the SDK's validator.
  const z = (): unknown => SearchResponseSchema.parse(JSON.parse(text));
  // The same with the compiled schema (z.compile): the candidate to replace the checker.
  const compiled = SearchAnswer.compiled;
  const c = (): unknown => compiled.parse(JSON.parse(text));

  const times = { a: [] as number[], b: [] as number[], c: [] as number[], z: [] as number[] };
  let sink: unknown;
  const gc = makeGc();
  for (let i = 0; i < warmup + iterations; i++) {
    // Rotate the order so neither side always runs right after a garbage collection.
    const keys = ['a', 'b', 'c', 'z'] as const;
    const order = keys.map((_, j) => keys[(i + j) % keys.length]!);
    for (const k of order) {
      const fn = { a, b, c, z }[k];
      // Drop the previous result before collecting, so it is not counted in the next run.
      sink = undefined; // eslint-disable-line no-useless-assignment
      gc();
      const t0 = performance.now();
      sink = fn();
      const dt = performance.now() - t0;
      if (i >= warmup) times[k].push(dt);
    }
  }
  void sink;
  const A = median(times.a);
  const B = median(times.b);
  const Z = median(times.z);
  const C = median(times.c);
  return {
    name: 'search response parsing (300 × 20 coupled)',
    ratio: B / A,
    details: {
      responseBytes: Buffer.byteLength(text),
      iterations,
      warmup,
      jsonParseMedianMs: +A.toFixed(2),
      sdkPathMedianMs: +B.toFixed(2),
      checkerRatio: +(B / A).toFixed(2),
      compiledPathMedianMs: +C.toFixed(2),
      compiledRatio: +(C / A).toFixed(2),
      zodPathMedianMs: +Z.toFixed(2),
      zodRatio: +(Z / A).toFixed(2),
      node: process.version,
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await run();
  console.log(`${result.name}: B/A = ${result.ratio.toFixed(2)}× (budget ≤ 1.30×)`);
  console.log(result.details);
}
