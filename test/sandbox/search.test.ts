import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import {
  AutocompleteResponseSchema,
  ErrorEnvelopeSchema,
  FareRulesResponseSchema,
  SearchResponseSchema,
} from '../../src/schemas/index.js';
import { BASE, roundTrip, searchBody, wire } from './helpers.js';

const sandbox = createSandbox({ now: Date.UTC(2031, 0, 1) });
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
const api = wire(BASE, sandbox.apiKey);
const search = (body: Record<string, unknown>) => api.post('/v1/flights/search/', body);

describe('search validation (spec §4.1)', () => {
  it.each([
    ['a number instead of a string', { adult_count: 1 }, 'adult_count: must be a string'],
    ['a count over 9', { adult_count: '10' }, 'adult_count: must be an integer string from 0 to 9'],
    ['multi-city', { journey_type: '3' }, 'multi-city is not supported'],
    ['a bad journey type', { journey_type: '4' }, 'journey_type'],
    ['a date without time', { preferred_departure_time: '2031-03-10' }, 'YYYY-MM-DDTHH:mm:ss'],
    ['an impossible date', { preferred_departure_time: '2031-02-30T08:00:00' }, 'preferred_departure_time'],
    [
      'a round trip without return date',
      { journey_type: '2' },
      'preferred_return_departure_time: This field is required',
    ],
    ['a 4-letter airport', { origin: 'DELH' }, 'origin: must be a 3-letter IATA airport code'],
    ['a bad cabin', { flight_cabin_class: '7' }, 'flight_cabin_class'],
    ['an unknown supplier', { source: 'supplier_c' }, "source: must be 'supplier_a' or 'supplier_b'"],
    [
      'a departure in the past',
      { preferred_departure_time: '2030-12-31T08:00:00' },
      'must not be in the past',
    ],
    ['same origin and destination', { destination: 'DEL' }, 'destination: must differ from origin'],
    ['a bad direct_flight', { direct_flight: 'yes' }, 'direct_flight'],
  ])('rejects %s with 400 and a clear detail', async (_name, over, detail) => {
    const res = await search(searchBody(over));
    expect(res.status).toBe(400);
    const env = ErrorEnvelopeSchema.parse(res.json);
    expect((env.errors[0]?.detail as string[]).join(' ')).toContain(detail);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('answers an unknown but well-formed airport with empty results', async () => {
    const res = await search(searchBody({ destination: 'XYZ' }));
    expect(res.status).toBe(200);
    expect(res.json.outbound).toEqual([]);
  });
});

describe('search shapes', () => {
  it("one-way: outbound only, the supplier's round_trip_style, parses with SearchResponseSchema", async () => {
    const res = await search(searchBody());
    const s = SearchResponseSchema.parse(res.json);
    expect(s.journey_type).toBe('one_way');
    expect(s.round_trip_style).toBe('coupled'); // supplier_a: always coupled
    expect(res.json).not.toHaveProperty('source'); // sent on the request only (spec §1 Suppliers)
    const b = (await search(searchBody({ source: 'supplier_b' }))).json;
    expect(b.round_trip_style).toBe('independent'); // supplier_b, domestic
    expect(s.outbound).toHaveLength(24);
    expect(s.inbound).toEqual([]);
    expect(s.is_domestic).toBe(true);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('fills every segment and option field', async () => {
    const s = SearchResponseSchema.parse(
      (await search(searchBody({ origin: 'BLR', destination: 'CCU' }))).json,
    );
    const oneStop = s.outbound.find((o) => o.stop_count === 1);
    expect(oneStop?.segments).toHaveLength(2);
    expect(oneStop?.segments[0]?.ground_time_minutes).toBeGreaterThan(0);
    for (const o of s.outbound) {
      expect(o).toMatchObject({
        is_refundable: expect.any(Boolean),
        fare_name: expect.any(String),
        fare_class: expect.any(String),
        group_id: expect.any(Number),
      });
      expect('airline_remark' in o).toBe(true);
      for (const seg of o.segments) {
        expect(seg.airline).toMatchObject({
          code: expect.any(String),
          name: expect.any(String),
          flight_number: expect.any(String),
          fare_class: expect.any(String),
        });
        expect(seg.origin).toMatchObject({
          airport_code: expect.any(String),
          airport_name: expect.any(String),
          city_code: expect.any(String),
          city_name: expect.any(String),
          country_name: 'India',
          terminal: expect.any(String),
        });
        expect(seg.origin.departure_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
        expect(seg.destination.arrival_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
        expect(seg).toMatchObject({
          cabin_class: 'economy',
          baggage_allowance: expect.any(String),
          cabin_baggage_allowance: expect.any(String),
          seats_available: expect.any(Number),
        });
      }
    }
  });

  it('direct_flight true gives nonstop options only', async () => {
    const s = SearchResponseSchema.parse((await search(searchBody({ direct_flight: 'true' }))).json);
    expect(s.outbound.every((o) => o.stop_count === 0 && o.segments.length === 1)).toBe(true);
  });

  it('supplier_a round trips are coupled, domestic included', async () => {
    const s = SearchResponseSchema.parse((await search(roundTrip('DEL', 'BOM', 'supplier_a'))).json);
    expect(s.round_trip_style).toBe('coupled');
    expect(s.inbound).toEqual([]);
    expect(s.outbound[0]?.inbound_options).toHaveLength(6);
  });

  it('supplier_b round trips are independent domestically and coupled internationally', async () => {
    const dom = SearchResponseSchema.parse((await search(roundTrip('DEL', 'BOM', 'supplier_b'))).json);
    expect(dom.round_trip_style).toBe('independent');
    expect(dom.inbound).toHaveLength(6);
    expect(dom.outbound[0]?.inbound_options).toBeUndefined();
    expect(dom.inbound[0]?.segments[0]?.origin.airport_code).toBe('BOM');
    const intl = SearchResponseSchema.parse((await search(roundTrip('BOM', 'DXB', 'supplier_b'))).json);
    expect(intl.round_trip_style).toBe('coupled');
    expect(intl.is_domestic).toBe(false);
  });

  it('coupled outbound shows the cheapest pair: its result_index and "starting from" fare', async () => {
    const s = SearchResponseSchema.parse((await search(roundTrip('DEL', 'SIN', 'supplier_a'))).json);
    for (const out of s.outbound) {
      const options = out.inbound_options ?? [];
      const cheapest = [...options].sort((a, b) => a.pricing.final_fare - b.pricing.final_fare)[0];
      expect(out.result_index).toBe(cheapest?.result_index);
      expect(out.pricing.final_fare).toBe(cheapest?.pricing.final_fare);
      expect(options.every((o) => o.segments[0]?.origin.airport_code === 'SIN')).toBe(true);
      expect(new Set(options.map((o) => o.result_index)).size).toBe(options.length);
    }
  });

  it('supplier_a offers live 5-10 minutes, supplier_b 15 minutes (expires_at in UTC)', async () => {
    const a = SearchResponseSchema.parse((await search(searchBody())).json);
    expect(a.remaining_seconds).toBeGreaterThanOrEqual(300);
    expect(a.remaining_seconds).toBeLessThanOrEqual(600);
    const before = sandbox.control.now().getTime();
    const b = SearchResponseSchema.parse((await search(searchBody({ source: 'supplier_b' }))).json);
    const after = sandbox.control.now().getTime();
    expect(b.remaining_seconds).toBe(900);
    // The sandbox's clock moves with real time (seconds may turn between the search and now()):
    // expires_at is UTC without a zone, 900 s after a moment within the search.
    expect(b.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const expiresMs = Date.parse(`${b.expires_at}Z`);
    expect(expiresMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 900_000);
    expect(expiresMs).toBeLessThanOrEqual(after + 900_000);
  });

  it('supports 300 outbound options with 20 inbound options each', async () => {
    const big = createSandbox({ optionCount: 300, inboundOptionCount: 20 });
    const bigServer = setupServer(...big.handlers);
    server.close();
    bigServer.listen({ onUnhandledFrame: 'error' });
    try {
      const res = await wire(BASE, big.apiKey).post(
        '/v1/flights/search/',
        roundTrip('DEL', 'LHR', 'supplier_a'),
      );
      const s = SearchResponseSchema.parse(res.json);
      expect(s.outbound).toHaveLength(300);
      expect(s.outbound.every((o) => o.inbound_options?.length === 20)).toBe(true);
    } finally {
      bigServer.close();
      server.listen({ onUnhandledFrame: 'error' });
    }
  });
});

describe('determinism', () => {
  const strip = (s: { outbound: Array<{ segments: unknown; pricing: unknown }> }) =>
    s.outbound.map((o) => [o.segments, o.pricing]);

  it('gives identical flights for the same seed and search, and new indices per trace', async () => {
    const first = (await search(searchBody())).json;
    const second = (await search(searchBody())).json;
    expect(strip(second)).toEqual(strip(first));
    expect(second.trace_id).not.toBe(first.trace_id);
    expect(second.outbound[0].result_index).not.toBe(first.outbound[0].result_index);
  });

  it('gives the same trace and indices in a fresh sandbox with the same seed', async () => {
    const run = async (seed: number) => {
      const sb = createSandbox({ seed });
      const srv = setupServer(...sb.handlers);
      server.close();
      srv.listen();
      try {
        return (await wire(BASE, sb.apiKey).post('/v1/flights/search/', searchBody())).json;
      } finally {
        srv.close();
        server.listen({ onUnhandledFrame: 'error' });
      }
    };
    const [a, b, c] = [await run(42), await run(42), await run(43)];
    // The sandbox's clock moves with real time: a second may turn between the two runs, so the
    // countdown fields are compared within that second and everything else exactly.
    const timeless = ({ expires_at: _e, remaining_seconds: _r, ...rest }: Record<string, unknown>) => rest;
    expect(timeless(b)).toEqual(timeless(a));
    expect(Math.abs(Date.parse(`${b.expires_at}Z`) - Date.parse(`${a.expires_at}Z`))).toBeLessThanOrEqual(
      2_000,
    );
    expect(Math.abs(Number(b.remaining_seconds) - Number(a.remaining_seconds))).toBeLessThanOrEqual(2);
    expect(strip(c)).not.toEqual(strip(a));
    expect(createSandbox({ seed: 42 }).apiKey).toBe(createSandbox({ seed: 42 }).apiKey);
    expect(createSandbox({ seed: 42 }).apiKey).toMatch(/^sbx_live_[0-9a-f]{32}$/);
  });
});

describe('fare rules (spec §4.2)', () => {
  it('returns rules and the offer expiry for a result of the trace', async () => {
    const s = (await search(searchBody())).json;
    const res = await api.post('/v1/flights/fare-rules/', {
      trace_id: s.trace_id,
      result_index: s.outbound[3].result_index,
    });
    const r = FareRulesResponseSchema.parse(res.json);
    expect(r.rules[0]).toMatchObject({ origin: 'DEL', rule_text: expect.any(String) });
    expect(r.expires_at).toBe(s.expires_at);
  });

  it('rejects an index of another trace with 400', async () => {
    const a = (await search(searchBody())).json;
    const b = (await search(searchBody())).json;
    const res = await api.post('/v1/flights/fare-rules/', {
      trace_id: a.trace_id,
      result_index: b.outbound[0].result_index,
    });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].detail[0]).toContain('is not a result of trace');
  });

  it('answers 409 once supplier_a offers have expired, telling the client to search again', async () => {
    const s = (await search(searchBody())).json;
    sandbox.control.advanceTime((s.remaining_seconds + 1) * 1000);
    const res = await api.post('/v1/flights/fare-rules/', {
      trace_id: s.trace_id,
      result_index: s.outbound[0].result_index,
    });
    expect(res.status).toBe(409);
    expect(res.json.errors[0].detail[0]).toContain('search again');
  });
});

describe('airport autocomplete (spec §4.9)', () => {
  it('matches code, city or name by prefix without an API key', async () => {
    const res = await api.get('/v1/airports/autocomplete/?q=del', null);
    const r = AutocompleteResponseSchema.parse(res.json);
    expect(r.results[0]).toEqual({
      code: 'DEL',
      city: 'New Delhi',
      name: 'Indira Gandhi International Airport',
    });
    expect(
      AutocompleteResponseSchema.parse(
        (await api.get('/v1/airports/autocomplete/?q=Mumb', null)).json,
      ).results.map((a) => a.code),
    ).toEqual(['BOM']);
    expect(
      AutocompleteResponseSchema.parse(
        (await api.get('/v1/airports/autocomplete/?q=heathrow', null)).json,
      ).results.map((a) => a.code),
    ).toEqual(['LHR']);
  });

  it('returns nothing for queries under two characters or without a match', async () => {
    expect((await api.get('/v1/airports/autocomplete/?q=d', null)).json).toEqual({ results: [] });
    expect((await api.get('/v1/airports/autocomplete/?q=zzz', null)).json).toEqual({ results: [] });
  });
});
