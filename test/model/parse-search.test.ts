import { describe, expect, it } from 'vitest';
import { parseSearchResponse, validateSearchResponse } from '../../src/core/call/parse-search.js';
import { SearchResults } from '../../src/model/search-results.js';
import { ResponseValidationError, formatPath } from '../../src/errors.js';
import type { ContractDriftEvent } from '../../src/index.js';
import { coupled, copy, independent, oneWay } from './fixtures.js';

const meta = { source: 'supplier_a' as const, requestId: 'req_42', clock: { now: () => 0 } };

function refusal(json: unknown): ResponseValidationError {
  try {
    parseSearchResponse(json, meta);
  } catch (e) {
    expect(e).toBeInstanceOf(ResponseValidationError);
    return e as ResponseValidationError;
  }
  throw new Error('expected a ResponseValidationError');
}

describe('parseSearchResponse: accepts the contract', () => {
  it('builds SearchResults from a parsed body or from JSON text', () => {
    for (const fixture of [oneWay, coupled, independent]) {
      const data = fixture();
      const fromObject = parseSearchResponse(copy(data), meta);
      expect(fromObject).toBeInstanceOf(SearchResults);
      expect(fromObject.data).toEqual(data);
      expect(parseSearchResponse(JSON.stringify(data), meta).data).toEqual(data);
    }
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['coupled', 'coupled'],
    ['independent', 'independent'],
  ] as const)('a one-way answer with round_trip_style %s reads as one-way, without drift', (_name, style) => {
    const body = copy(oneWay()) as ReturnType<typeof oneWay> & Record<string, unknown>;
    if (style === undefined) delete body.round_trip_style;
    else body.round_trip_style = style;
    const drift: ContractDriftEvent[] = [];
    const r = parseSearchResponse(body, { ...meta, hooks: { onContractDrift: (e) => drift.push(e) } });
    expect(r.data).toBe(body); // valid as it came: read in place
    expect(drift).toEqual([]);
    expect([r.style, r.expectedIndexCount(), r.returnsFor(r.outbound[0]!)]).toEqual([null, 1, []]);
    expect(r.select(r.outbound[0]!).result_indices).toEqual([r.outbound[0]!.result_index]);
    expect(r.round_trip_style).toBe(style);
  });

  it('does not copy a valid body', () => {
    const body = copy(coupled());
    expect(parseSearchResponse(body, meta).data).toBe(body);
  });

  it('keeps unknown fields at every level', () => {
    const body = copy(coupled()) as Record<string, unknown> & ReturnType<typeof coupled>;
    Object.assign(body, { new_top: 1 });
    Object.assign(body.outbound[0]!, { badge: 'best' });
    Object.assign(body.outbound[0]!.inbound_options![0]!.segments[0]!.origin, { gate: '12' });
    Object.assign(body.outbound[0]!.pricing, { gst: 18 });
    const r = parseSearchResponse(body, meta);
    expect((r.data as unknown as Record<string, unknown>).new_top).toBe(1);
    expect(r.outbound[0]).toMatchObject({ badge: 'best' });
    expect(r.outbound[0]!.inbound_options![0]!.segments[0]!.origin).toMatchObject({ gate: '12' });
    expect(r.outbound[0]!.pricing).toMatchObject({ gst: 18 });
  });

  it('accepts the optional and nullable fields', () => {
    const body = copy(oneWay()) as ReturnType<typeof oneWay>;
    const o = body.outbound[0]!;
    o.fare_class = null;
    o.airline_remark = null;
    o.fare_name = null;
    delete o.group_id;
    delete o.segments[0]!.origin.terminal;
    o.segments[0]!.destination.terminal = null;
    delete o.segments[0]!.ground_time_minutes;
    delete (o.pricing as unknown as Record<string, unknown>).raw;
    delete body.expires_at;
    delete body.remaining_seconds;
    delete body.round_trip_style;
    delete (body as unknown as Record<string, unknown>).inbound;
    const r = parseSearchResponse(body, meta);
    expect(r.inbound).toEqual([]);
    expect(r.data.inbound).toEqual([]);
    expect(r.deadline.estimated).toBe(true);
    expect(r.select(r.outbound[0]!).result_indices).toEqual([o.result_index]);
  });
});

describe('parseSearchResponse: a tolerant reader', () => {
  function read(json: unknown) {
    const drifts: ContractDriftEvent[] = [];
    const results = parseSearchResponse(json, { ...meta, hooks: { onContractDrift: (d) => drifts.push(d) } });
    return { results, drifts };
  }

  it('drops an option with a wrong type deep in it, keeps the others, and reports the path', () => {
    const body = copy(coupled()) as ReturnType<typeof coupled>;
    const total = body.outbound.length;
    const bad = body.outbound[1]!.result_index;
    (body.outbound[1]!.pricing as unknown as Record<string, unknown>).final_fare = '50500.75';
    const { results, drifts } = read(body);
    expect(results.outbound).toHaveLength(total - 1);
    expect(results.outbound.map((o) => o.result_index)).not.toContain(bad);
    expect(drifts).toEqual([
      expect.objectContaining({
        endpoint: 'search',
        path: 'outbound[1]',
        action: 'dropped',
        requestId: 'req_42',
        message: expect.stringMatching(/outbound\[1\]\.pricing\.final_fare/),
      }),
    ]);
  });

  it('drops a nested return on its own, not its outbound', () => {
    const body = copy(coupled()) as ReturnType<typeof coupled>;
    const returns = body.outbound[0]!.inbound_options!.length;
    delete (body.outbound[0]!.inbound_options![2]!.segments[0]!.airline as unknown as Record<string, unknown>)
      .flight_number;
    const { results, drifts } = read(body);
    expect(results.outbound[0]!.inbound_options).toHaveLength(returns - 1);
    expect(drifts.map((d) => d.path)).toEqual(['outbound[0].inbound_options[2]']);
  });

  it('accepts what the spec allows to be absent or null (a segment without departure_time, null markup)', () => {
    const body = copy(oneWay()) as ReturnType<typeof oneWay>;
    delete (body.outbound[0]!.segments[0]!.origin as unknown as Record<string, unknown>).departure_time;
    (body.outbound[0]!.pricing as unknown as Record<string, unknown>).markup_percent = null;
    (body.outbound[0]!.pricing as unknown as Record<string, unknown>).tax_and_surcharge = null;
    const { results, drifts } = read(body);
    expect(results.outbound).toHaveLength(oneWay().outbound.length);
    expect(drifts).toEqual([]);
  });

  it('refuses only an unusable answer: no trace_id, no outbound list, not an object — with the body', () => {
    const body = copy(coupled()) as ReturnType<typeof coupled>;
    delete (body as unknown as Record<string, unknown>).trace_id;
    const err = refusal(body);
    expect(err.issues.map((i) => i.path)).toEqual(['trace_id']);
    expect(err.body).toBe(body);
    expect(err.status).toBe(200);
    expect(err.requestId).toBe('req_42');
    expect(refusal({ ...oneWay(), outbound: null }).issues[0]?.path).toBe('outbound');
    expect(refusal([]).issues[0]?.path).toBe('');
    expect(refusal(null).issues[0]?.path).toBe('');
  });

  it('refuses a malformed required field (journey_type, pax_count.adult): the type promises it', () => {
    expect(refusal({ ...oneWay(), journey_type: 'multi_city' }).issues.map((i) => i.path)).toEqual([
      'journey_type',
    ]);
    expect(
      refusal({ ...oneWay(), pax_count: { adult: '1', child: 0, infant: 0 } }).issues.map((i) => i.path),
    ).toEqual(['pax_count.adult']);
  });

  it('reads a null inbound list as empty, and a malformed optional field as absent (reported as drift)', () => {
    expect(read({ ...oneWay(), inbound: null }).results.inbound).toEqual([]);
    const { results, drifts } = read({ ...oneWay(), round_trip_style: 'both', remaining_seconds: 'soon' });
    expect(drifts.map((d) => d.path).sort()).toEqual(['remaining_seconds', 'round_trip_style']);
    expect(results.data.round_trip_style).toBeUndefined();
    expect('remaining_seconds' in results.data).toBe(false);
  });

  it('refuses text that is not JSON', () => {
    expect(refusal('<html>').issues).toEqual([{ path: '', message: 'the body is not valid JSON' }]);
  });

  it('uses the given endpoint in the message', () => {
    expect(() => validateSearchResponse({}, { endpoint: 'POST /x' })).toThrow(
      /^Unexpected response from POST \/x/,
    );
  });
});

describe('formatPath', () => {
  it('writes dotted paths with [i] for array positions', () => {
    expect(formatPath(['outbound', 3, 'pricing', 'final_fare'])).toBe('outbound[3].pricing.final_fare');
    expect(formatPath([0, 'a'])).toBe('[0].a');
    expect(formatPath([])).toBe('');
  });
});
