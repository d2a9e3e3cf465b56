/**
 * The fast search validator must enforce exactly the contract of `SearchResponseSchema`: for any
 * generated or mutated response, both accept or both reject; an accepted response comes out equal
 * to zod's output; a rejected one carries zod's own issue paths. If the schemas change, this fails
 * until src/schemas/search-check.ts is brought in step. (It stays for a measured reason, written
 * beside it and in docs/performance.md.)
 */
import type { ContractDriftEvent } from '../../src/index.js';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseSearchResponse, validateSearchResponse } from '../../src/core/call/parse-search.js';
import { isSearchResponse } from '../../src/schemas/search-check.js';
import { SearchResponseSchema } from '../../src/schemas/search.js';
import { ResponseValidationError } from '../../src/errors.js';
import { coupled, independent, oneWay } from './fixtures.js';
import { allPaths, mutate } from '../helpers/mutate.js';

const str = fc.string({ maxLength: 6 });
const nullableStr = fc.option(str, { nil: null });
const amount = fc.oneof(
  fc.integer({ min: -1_000_000, max: 100_000_000 }).map((p) => p / 100),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const nat = fc.nat({ max: 2000 });
/**
 * Any JSON but an own `__proto__` key: zod copies every object, and copying such a key drops it
 * (`out.__proto__ = value` sets no property), while the reader returns the object as parsed. Both
 * accept it; only the outputs differ, so `toEqual` would report a difference that is zod's copy.
 */
const json = (maxDepth: number) =>
  fc.jsonValue({ maxDepth }).filter((v) => !JSON.stringify(v).includes('"__proto__"'));
/** Unknown fields the service may add: any JSON. */
const extra = { future_field: json(1) };

function rec<T extends Record<string, fc.Arbitrary<unknown>>>(model: T, required: (keyof T & string)[]) {
  return fc.record({ ...model, ...extra }, { requiredKeys: required });
}

const place = (timeKey: 'departure_time' | 'arrival_time') =>
  rec(
    {
      airport_code: str,
      airport_name: str,
      city_code: str,
      city_name: str,
      country_name: str,
      terminal: nullableStr,
      [timeKey]: str,
    },
    ['airport_code', timeKey],
  );
const segment = rec(
  {
    airline: rec({ code: str, name: str, flight_number: str, fare_class: nullableStr }, [
      'code',
      'flight_number',
    ]),
    origin: place('departure_time'),
    destination: place('arrival_time'),
    cabin_class: str,
    duration_minutes: nat,
    ground_time_minutes: nat,
    baggage_allowance: nullableStr,
    cabin_baggage_allowance: nullableStr,
    seats_available: fc.integer({ min: -5, max: 500 }),
  },
  ['airline', 'origin', 'destination', 'duration_minutes'],
);
const raw = rec(
  {
    base_fare: amount,
    service_fee: amount,
    published_fare: amount,
    final_fare: amount,
    tax_and_surcharge: amount,
    previous_total_amount: amount,
  },
  [],
);
const pricing = rec(
  {
    currency: str,
    base_fare: amount,
    service_fee: amount,
    tax_and_surcharge: amount,
    published_fare: amount,
    final_fare: amount,
    previous_total_amount: fc.option(amount, { nil: null }),
    price_changed: fc.boolean(),
    markup_percent: amount,
    raw,
  },
  ['currency', 'base_fare', 'service_fee', 'published_fare', 'final_fare'],
);
const inboundOption = rec(
  {
    result_index: fc.uuid(),
    is_refundable: fc.boolean(),
    stop_count: fc.nat({ max: 3 }),
    fare_name: nullableStr,
    fare_class: nullableStr,
    airline_remark: nullableStr,
    group_id: fc.integer({ min: -3, max: 100 }),
    pricing,
    segments: fc.array(segment, { maxLength: 2 }),
  },
  ['result_index', 'is_refundable', 'stop_count', 'pricing', 'segments'],
);
const flightOption = fc
  .tuple(inboundOption, fc.option(fc.array(inboundOption, { maxLength: 2 }), { nil: undefined }))
  .map(([o, nested]) => (nested === undefined ? o : { ...o, inbound_options: nested }));
const response = rec(
  {
    trace_id: fc.uuid(),
    currency: str,
    journey_type: fc.constantFrom('one_way', 'round_trip'),
    is_domestic: fc.boolean(),
    pax_count: rec({ adult: fc.nat(9), child: fc.nat(9), infant: fc.nat(9) }, ['adult', 'child', 'infant']),
    round_trip_style: fc.constantFrom('independent', 'coupled', null),
    outbound: fc.array(flightOption, { maxLength: 3 }),
    inbound: fc.array(flightOption, { maxLength: 2 }),
    expires_at: nullableStr,
    remaining_seconds: fc.option(amount, { nil: null }),
  },
  ['trace_id', 'currency', 'journey_type', 'is_domestic', 'pax_count', 'outbound'],
);

/** Values a field can be broken with: every JSON type and the edges of the number checks. */
const replacement = fc.oneof(
  fc.constantFrom<unknown>(
    undefined,
    null,
    '',
    'x',
    'coupled',
    'round_trip',
    0,
    -1,
    1.5,
    2 ** 53,
    -0,
    true,
    false,
    [],
    {},
    Number.NaN,
    Infinity,
  ),
  json(2),
);

const mutated = fc
  .tuple(
    fc.oneof(response, fc.constantFrom<unknown>(oneWay(), coupled(), independent())),
    fc.nat(),
    replacement,
    fc.boolean(),
  )
  .map(([base, n, value, remove]) => {
    const paths = allPaths(base);
    if (paths.length === 0) return value;
    return mutate(base, paths[n % paths.length]!, value, remove);
  });

function agree(candidate: unknown): void {
  const zod = SearchResponseSchema.safeParse(candidate);
  expect(isSearchResponse(candidate)).toBe(zod.success);
  if (zod.success) {
    expect(validateSearchResponse(candidate)).toEqual(zod.data);
  } else {
    // Outside the contract the reader is tolerant: a malformed option is dropped, a malformed
    // optional field reads as absent; what is returned still passes the schema (types never lie),
    // and a required field missing or malformed throws, with the body.
    const drifts: ContractDriftEvent[] = [];
    let caught: unknown;
    let read: unknown;
    try {
      read = parseSearchResponse(structuredClone(candidate), {
        source: 'supplier_a',
        clock: { now: () => 0 },
        hooks: { onContractDrift: (d) => drifts.push(d) },
      }).data;
    } catch (e) {
      caught = e;
    }
    if (caught === undefined) {
      expect(SearchResponseSchema.safeParse(read).success).toBe(true);
      expect(drifts.length).toBeGreaterThan(0);
    } else {
      expect(caught).toBeInstanceOf(ResponseValidationError);
      for (const issue of (caught as ResponseValidationError).issues)
        expect(issue.path).not.toMatch(/^(outbound|inbound)\.\d+(\.|$)/);
      expect((caught as ResponseValidationError).body).toEqual(candidate);
    }
  }
}

describe('the fast search validator and SearchResponseSchema agree', () => {
  it('on generated valid responses (unknown fields included)', () => {
    fc.assert(
      fc.property(response, (r) => {
        expect(SearchResponseSchema.safeParse(r).success).toBe(true);
        agree(r);
      }),
      { numRuns: 300 },
    );
  });

  it('on responses with one field replaced or removed anywhere', () => {
    fc.assert(fc.property(mutated, agree), { numRuns: 3000 });
  });

  it('on the hand-built fixtures and their breaks', () => {
    for (const f of [oneWay(), coupled(), independent()]) {
      agree(f);
      for (const p of allPaths(f)) {
        agree(mutate(f, p, undefined, true));
        agree(mutate(f, p, null, false));
        agree(mutate(f, p, 'x', false));
        for (const bad of [-1, -1.5, 2 ** 53, true, [], {}]) agree(mutate(f, p, bad, false));
      }
    }
  });
});
