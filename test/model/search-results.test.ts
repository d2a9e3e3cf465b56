import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SearchResults, isSelection, searchOfSelection } from '../../src/model/search-results.js';
import { sumAmounts, sumPricing } from '../../src/model/money.js';
import { RequestValidationError } from '../../src/errors.js';
import type { FlightOption } from '../../src/schemas/common.js';
import { coupled, copy, independent, oneWay, pricing } from './fixtures.js';

const clock = { now: () => 0 };
const make = (data = oneWay(), source: 'supplier_a' | 'supplier_b' = 'supplier_a') =>
  SearchResults.create(data, { source, requestId: 'req_1', clock });

/** Expects a RequestValidationError whose first issue names `path` and matches `message`. */
function expectRefusal(fn: () => unknown, path: string, message: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(RequestValidationError);
  const err = caught as RequestValidationError;
  expect(err.issues[0]?.path).toBe(path);
  expect(err.issues[0]?.message).toMatch(message);
}

describe('SearchResults: the wire data and getters', () => {
  it('exposes the response and its fields', () => {
    const data = { ...oneWay(), future_field: { kept: true } };
    const r = make(data);
    expect(r.data).toBe(data);
    expect(r.trace_id).toBe(data.trace_id);
    expect(r.currency).toBe('INR');
    expect(r.journey_type).toBe('one_way');
    expect(r.is_domestic).toBe(true);
    expect(r.round_trip_style).toBeNull();
    expect(r.pax_count).toEqual({ adult: 1, child: 0, infant: 0 });
    expect(r.outbound).toBe(data.outbound);
    expect(r.inbound).toEqual([]);
    expect(r.source).toBe('supplier_a');
    expect(r.requestId).toBe('req_1');
    expect((r.data as unknown as Record<string, unknown>).future_field).toEqual({ kept: true });
  });

  it('takes its deadline from the response: offers for supplier A, a trace for supplier B', () => {
    const a = make(oneWay(), 'supplier_a');
    expect(a.deadline.kind).toBe('offer');
    expect(a.deadline.remainingMs()).toBe(600_000);
    const b = make({ ...oneWay(), remaining_seconds: null, expires_at: null }, 'supplier_b');
    expect(b.deadline.kind).toBe('trace');
    expect(b.deadline.estimated).toBe(true);
    expect(b.deadline.remainingMs()).toBe(900_000);
    const capped = make({ ...oneWay(), remaining_seconds: 5_000 }, 'supplier_b');
    expect(capped.deadline.remainingMs()).toBe(900_000);
  });

  it('knows the scenario', () => {
    expect([make(oneWay()).isRoundTrip, make(oneWay()).style, make(oneWay()).expectedIndexCount()]).toEqual([
      false,
      null,
      1,
    ]);
    expect([
      make(coupled()).isRoundTrip,
      make(coupled()).style,
      make(coupled()).expectedIndexCount(),
    ]).toEqual([true, 'coupled', 1]);
    const ind = make(independent(), 'supplier_b');
    expect([ind.isRoundTrip, ind.style, ind.expectedIndexCount()]).toEqual([true, 'independent', 2]);
  });

  it('infers the style from the shape when a round trip omits round_trip_style', () => {
    expect(make({ ...coupled(), round_trip_style: undefined }).style).toBe('coupled');
    expect(make({ ...independent(), round_trip_style: null }).style).toBe('independent');
  });
});

describe('returnsFor', () => {
  it("coupled: the outbound's own inbound_options", () => {
    const r = make(coupled());
    const out = r.outbound[1]!;
    expect(r.returnsFor(out)).toBe(out.inbound_options);
  });
  it('independent: the shared inbound list', () => {
    const r = make(independent(), 'supplier_b');
    expect(r.returnsFor(r.outbound[0]!)).toBe(r.inbound);
  });
  it('one-way: nothing', () => {
    const r = make();
    expect(r.returnsFor(r.outbound[0]!)).toEqual([]);
  });
  it('refuses an outbound from another search', () => {
    const r = make(coupled());
    expectRefusal(() => r.returnsFor(coupled().outbound[0]!), 'outbound', /not an option of this search/);
  });
});

describe('select', () => {
  it('one-way: the outbound index and its pricing', () => {
    const r = make();
    const out = r.outbound[1]!;
    const sel = r.select(out);
    expect(sel.result_indices).toEqual([out.result_index]);
    expect(sel.pricing).toEqual(out.pricing);
    expect(sel).toMatchObject({
      trace_id: r.trace_id,
      journey_type: 'one_way',
      round_trip_style: null,
      source: 'supplier_a',
    });
    expect(sel.inbound).toBeUndefined();
    expect(sel.deadline).toBe(r.deadline);
  });

  it("coupled: only the chosen inbound option's index, with its combined pricing", () => {
    const r = make(coupled());
    const out = r.outbound[0]!;
    const back = r.returnsFor(out)[2]!;
    const sel = r.select(out, back);
    expect(sel.result_indices).toEqual([back.result_index]);
    expect(sel.result_indices).not.toContain(out.result_index);
    expect(sel.pricing).toEqual(back.pricing);
    expect(sel.pricing.final_fare).toBe(45000);
    expect(sel).toMatchObject({
      journey_type: 'round_trip',
      round_trip_style: 'coupled',
      outbound: out,
      inbound: back,
    });
  });

  it('independent: [outbound, inbound] with both fares summed exactly', () => {
    const r = make(independent(), 'supplier_b');
    const out = r.outbound[0]!; // 3000.1
    const back = r.inbound[0]!; // 3200.2
    const sel = r.select(out, back);
    expect(sel.result_indices).toEqual([out.result_index, back.result_index]);
    expect(sel.pricing.final_fare).toBe(6200.3);
    expect(sel.pricing.published_fare).toBe(6200.3);
    expect(sel.pricing.service_fee).toBe(301);
    expect(sel.pricing.base_fare).toBe(5899.3);
    expect(sel.pricing.raw).toEqual({
      base_fare: 2000.2,
      service_fee: 200.4,
      published_fare: 2200.6,
      final_fare: 2200.6,
    });
    expect(sel.pricing.currency).toBe('INR');
    expect(sel.pricing.markup_percent).toBe(5);
    expect(sel.round_trip_style).toBe('independent');
  });

  it('accepts copies of its own options (e.g. after a JSON round trip) and returns its own objects', () => {
    const c = make(coupled());
    const out = c.outbound[1]!;
    const back = c.returnsFor(out)[1]!;
    const sel = c.select(copy(out), copy(back));
    expect(sel.outbound).toBe(out);
    expect(sel.inbound).toBe(back);
    const i = make(independent(), 'supplier_b');
    expect(i.select(copy(i.outbound[1]!), copy(i.inbound[1]!)).result_indices).toEqual([
      i.outbound[1]!.result_index,
      i.inbound[1]!.result_index,
    ]);
    const o = make();
    expect(o.select(copy(o.outbound[0]!)).result_indices).toEqual([o.outbound[0]!.result_index]);
  });

  it('answers the same whichever lookup runs first: own objects, copies, mistakes, isFrom', () => {
    // The lookups are built in two steps (identity first, the full index on the first copy or
    // mistake): every order of calls on one search must give the same answers.
    for (const [fixture, source] of [
      [coupled, 'supplier_a'],
      [independent, 'supplier_b'],
      [oneWay, 'supplier_a'],
    ] as const) {
      const calls = (r: ReturnType<typeof make>) => [
        () => r.select(r.outbound[1]!, r.returnsFor(r.outbound[1]!)[1]).result_indices,
        () =>
          r.select(copy(r.outbound[1]!), r.isRoundTrip ? copy(r.returnsFor(r.outbound[1]!)[1]!) : undefined)
            .result_indices,
        () => r.isFrom(r.returnsFor(r.outbound[0]!)[0] ?? r.outbound[0]),
        () => {
          try {
            return r.select(r.outbound[0]!, r.isRoundTrip ? r.outbound[1]! : undefined).result_indices;
          } catch (e) {
            return (e as RequestValidationError).issues;
          }
        },
      ];
      const data = fixture();
      const expected = calls(make(structuredClone(data), source)).map((c) => c());
      for (let first = 0; first < expected.length; first++) {
        const fns = calls(make(structuredClone(data), source));
        const order = [first, ...fns.keys()].filter((v, i, a) => a.indexOf(v) === i);
        const got: unknown[] = [];
        for (const i of order) got[i] = fns[i]!();
        expect(got).toEqual(expected);
      }
    }
  });

  it('never mutates the response', () => {
    const data = independent();
    const before = copy(data);
    const r = make(data, 'supplier_b');
    r.select(r.outbound[0]!, r.inbound[1]!);
    r.sortBy('price');
    r.filter({ maxStops: 0 });
    expect(data).toEqual(before);
  });

  it('gives a plain object that JSON.stringify serialises without the SearchResults', () => {
    const r = make(coupled());
    const out = r.outbound[0]!;
    const sel = r.select(out, r.returnsFor(out)[0]);
    const json = JSON.parse(JSON.stringify(sel)) as Record<string, unknown>;
    expect(Object.keys(json).sort()).toEqual(
      [
        'deadline',
        'inbound',
        'journey_type',
        'outbound',
        'pricing',
        'result_indices',
        'round_trip_style',
        'source',
        'trace_id',
      ].sort(),
    );
    expect(json.deadline).toMatchObject({ remainingMs: 600_000, basis: 'remaining_seconds' });
    expect(isSelection(sel)).toBe(true);
    expect(isSelection(json)).toBe(false);
    expect(isSelection({ ...sel })).toBe(true);
    expect(isSelection({ trace_id: 'x' })).toBe(false);
    expect(searchOfSelection(sel)).toBe(r);
    expect(searchOfSelection(json as never)).toBeUndefined();
    expect(Object.isFrozen(sel)).toBe(true);
  });
});

describe('select: wrong pairings are refused before anything is sent', () => {
  it("coupled: an inbound from another outbound's options", () => {
    const r = make(coupled());
    const other = r.returnsFor(r.outbound[1]!)[0]!;
    expectRefusal(
      () => r.select(r.outbound[0]!, other),
      'inbound',
      /not one of this outbound's inbound_options \(coupled round trip: pick from results\.returnsFor\(outbound\)\)/,
    );
    expectRefusal(
      () => r.select(r.outbound[0]!, copy(other)),
      'inbound',
      /not one of this outbound's inbound_options/,
    );
  });

  it('an outbound or an inbound from another search, even when structurally alike', () => {
    for (const [fixture, source] of [
      [coupled, 'supplier_a'],
      [independent, 'supplier_b'],
      [oneWay, 'supplier_a'],
    ] as const) {
      const r = make(fixture(), source);
      const foreign = make(fixture(), source);
      const fOut = foreign.outbound[0]!;
      expectRefusal(
        () => r.select(fOut, foreign.returnsFor(fOut)[0]),
        'outbound',
        /not an option of this search/,
      );
      if (r.isRoundTrip)
        expectRefusal(
          () => r.select(r.outbound[0]!, foreign.returnsFor(fOut)[0]),
          'inbound',
          /not an option of this search/,
        );
    }
  });

  it('a missing inbound on a round trip', () => {
    for (const [fixture, source] of [
      [coupled, 'supplier_a'],
      [independent, 'supplier_b'],
    ] as const) {
      const r = make(fixture(), source);
      expectRefusal(() => r.select(r.outbound[0]!), 'inbound', /required for a round trip/);
    }
  });

  it('an inbound on a one-way', () => {
    const r = make();
    expectRefusal(
      () => r.select(r.outbound[0]!, r.outbound[1]!),
      'inbound',
      /must be omitted: this is a one-way search/,
    );
  });

  it('an outbound passed as the inbound', () => {
    const c = make(coupled());
    expectRefusal(() => c.select(c.outbound[0]!, c.outbound[1]!), 'inbound', /is an outbound option/);
    expectRefusal(() => c.select(c.outbound[0]!, c.outbound[0]!), 'inbound', /is an outbound option/);
    expectRefusal(() => c.select(c.outbound[0]!, copy(c.outbound[0]!)), 'inbound', /is an outbound option/);
    const i = make(independent(), 'supplier_b');
    expectRefusal(() => i.select(i.outbound[0]!, i.outbound[1]!), 'inbound', /is an outbound option/);
    expectRefusal(() => i.select(i.outbound[0]!, copy(i.outbound[1]!)), 'inbound', /is an outbound option/);
  });

  it('an inbound passed as the outbound', () => {
    const c = make(coupled());
    const back = c.returnsFor(c.outbound[0]!)[1]!;
    // Option 1 is the cheapest: its index is also the outbound's display-only token.
    expect(back.result_index).toBe(c.outbound[0]!.result_index);
    expectRefusal(() => c.select(back as FlightOption, c.outbound[0]!), 'outbound', /is a return option/);
    expectRefusal(() => c.select(copy(back) as FlightOption), 'outbound', /is a return option/);
    const i = make(independent(), 'supplier_b');
    expectRefusal(() => i.select(i.inbound[0]!, i.inbound[1]!), 'outbound', /is a return option/);
    expectRefusal(() => i.select(copy(i.inbound[0]!), i.inbound[1]!), 'outbound', /is a return option/);
  });

  it('something that is not an option at all', () => {
    const r = make();
    expectRefusal(() => r.select(undefined as never), 'outbound', /must be a flight option/);
    expectRefusal(() => r.select({} as never), 'outbound', /no result_index/);
  });
});

describe('checkResultIndices', () => {
  it('one-way: one outbound index', () => {
    const r = make();
    expect(r.checkResultIndices([r.outbound[0]!.result_index])).toEqual([]);
    expect(r.checkResultIndices([])).toEqual([
      { path: 'result_indices', message: 'expected 1 entry for a one-way search (spec §4.1), got 0' },
    ]);
    expect(r.checkResultIndices(['nope'])[0]).toMatchObject({
      path: 'result_indices[0]',
      message: expect.stringMatching(/not a result_index of this search/),
    });
  });

  it('coupled: one inbound_options index, never the display token with another', () => {
    const r = make(coupled());
    const out = r.outbound[0]!;
    const options = r.returnsFor(out);
    expect(r.checkResultIndices([options[0]!.result_index])).toEqual([]);
    expect(r.checkResultIndices(r.select(out, options[2]).result_indices)).toEqual([]);
    const issues = r.checkResultIndices([out.result_index, options[0]!.result_index]);
    expect(issues.map((i) => i.path)).toEqual(['result_indices', 'result_indices[0]']);
    expect(issues[1]!.message).toMatch(/display-only token/);
    expect(r.checkResultIndices(['x'])).toHaveLength(1);
  });

  it('independent: [outbound, inbound] in that order', () => {
    const r = make(independent(), 'supplier_b');
    const o = r.outbound[0]!.result_index;
    const i = r.inbound[0]!.result_index;
    expect(r.checkResultIndices([o, i])).toEqual([]);
    expect(r.checkResultIndices([o])).toEqual([
      {
        path: 'result_indices',
        message: 'expected 2 entries for an independent round trip (spec §4.1), got 1',
      },
    ]);
    expect(r.checkResultIndices([i, o]).map((x) => x.path)).toEqual([
      'result_indices[0]',
      'result_indices[1]',
    ]);
    expect(r.checkResultIndices([o, 'zzz'])).toEqual([
      { path: 'result_indices[1]', message: `not a result_index of this search (trace_id ${r.trace_id})` },
    ]);
  });
});

describe('UI helpers', () => {
  const r = make();
  const [a, b, c] = r.outbound as [FlightOption, FlightOption, FlightOption];
  it('sorts by price, duration (with ground time) and departure, into a new array', () => {
    expect(r.sortBy('price')).toEqual([b, a, c]);
    // a: 120, b: 90 + 60 ground + 75 = 225, c: 100
    expect(r.sortBy('duration')).toEqual([c, a, b]);
    expect(r.sortBy('departure')).toEqual([b, c, a]);
    expect(r.sortBy('price')).not.toBe(r.outbound);
    expect(r.outbound).toEqual([a, b, c]);
    expect(r.sortBy('price', [c, a])).toEqual([a, c]);
  });
  it('filters by stops, airline and refundability', () => {
    expect(r.filter({ maxStops: 0 })).toEqual([a, c]);
    expect(r.filter({ airline: '6e' })).toEqual([a]);
    expect(r.filter({ airline: ['AI', '6E'], refundable: true })).toEqual([a, c]);
    expect(r.filter({ refundable: false })).toEqual([b]);
    expect(r.filter({})).toEqual([a, b, c]);
  });
  it('finds the cheapest (coupled: the starting-from fare)', () => {
    expect(r.cheapest()).toBe(b);
    const cp = make(coupled());
    expect(cp.cheapest()).toBe(cp.outbound[0]);
    expect(make({ ...oneWay(), outbound: [] }).cheapest()).toBeUndefined();
  });
  it('tells whether an option came from this search', () => {
    const cp = make(coupled());
    expect(cp.isFrom(cp.outbound[0])).toBe(true);
    expect(cp.isFrom(cp.returnsFor(cp.outbound[1]!)[1])).toBe(true);
    expect(cp.isFrom(copy(cp.outbound[1]))).toBe(true);
    expect(cp.isFrom(coupled().outbound[0])).toBe(false);
    expect(cp.isFrom(null)).toBe(false);
  });
});

describe('exact money', () => {
  it('adds 0.1 and 0.2 to 0.3', () => {
    expect(sumAmounts(0.1, 0.2)).toBe(0.3);
    expect(sumAmounts(1.005, 2)).toBe(3.005);
    expect(sumAmounts(100, 200)).toBe(300);
  });

  it('sums any two 2-decimal amounts as their integer-paise sum (property)', () => {
    const paise = fc.integer({ min: 0, max: 10_000_000_00 });
    fc.assert(
      fc.property(paise, paise, (x, y) => {
        const a = x / 100;
        const b = y / 100;
        expect(sumAmounts(a, b)).toBe((x + y) / 100);
        const sum = sumPricing(pricing(a), { ...pricing(b), raw: { final_fare: b } });
        expect(sum.final_fare).toBe((x + y) / 100);
        expect(sum.raw).toEqual({ final_fare: sumAmounts(1100.3, b) });
      }),
    );
  });

  it('refuses to add different currencies', () => {
    expect(() => sumPricing(pricing(1), { ...pricing(1), currency: 'USD' })).toThrow(RangeError);
  });
});
