/**
 * The `variations` option: answers vary within the contract (absent optionals, allowed nulls,
 * unknown fields, reordered options), seeded and reproducible, and the SDK takes every variety
 * without a single contract-drift report. (test/contract/ validates the same answers against the
 * OpenAPI document.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Fareway, type ContractDriftEvent, type SearchParams } from '../../src/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { EXTRAS } from '../../src/sandbox/data/variations.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';
import { BASE, pax, roundTrip, searchBody } from './helpers.js';

/** Raw calls through `sandbox.fetch` (no network, no msw). */
function raw(sandbox: Sandbox) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = async (method: string, path: string, body?: unknown): Promise<{ json: any }> => {
    const init: RequestInit = {
      method,
      headers: { Authorization: `Api-Key ${sandbox.apiKey}`, 'Content-Type': 'application/json' },
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await sandbox.fetch(new Request(BASE + path, init));
    if (!res?.ok) throw new Error(`${method} ${path}: ${res?.status}`);
    return { json: await res.json() };
  };
  return {
    post: (path: string, body?: unknown) => call('POST', path, body),
    get: (path: string) => call('GET', path),
  };
}

const trips: Array<[string, SearchParams]> = [
  [
    'supplier_a domestic one-way',
    { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(30) },
  ],
  [
    'supplier_b domestic one-way',
    { origin: 'BLR', destination: 'GOI', preferred_departure_time: inDays(30), source: 'supplier_b' },
  ],
  [
    'supplier_b international one-way',
    { origin: 'DEL', destination: 'DXB', preferred_departure_time: inDays(30), source: 'supplier_b' },
  ],
  [
    'supplier_a international coupled round trip',
    {
      origin: 'DEL',
      destination: 'LHR',
      preferred_departure_time: inDays(30),
      preferred_return_departure_time: inDays(37),
      adult_count: 2,
      child_count: 1,
    },
  ],
  [
    'supplier_b international coupled round trip',
    {
      origin: 'BOM',
      destination: 'SIN',
      preferred_departure_time: inDays(30),
      preferred_return_departure_time: inDays(40),
      source: 'supplier_b',
    },
  ],
  [
    'supplier_b domestic independent round trip',
    {
      origin: 'DEL',
      destination: 'BLR',
      preferred_departure_time: inDays(30),
      preferred_return_departure_time: inDays(33),
      source: 'supplier_b',
      infant_count: 1,
    },
  ],
];

const clients: Fareway[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

/** A client on `sandbox.fetch` that records every contract drift it reports. */
function client(sandbox: Sandbox, drift: ContractDriftEvent[]): Fareway {
  const c = new Fareway({
    apiKey: sandbox.apiKey,
    baseUrl: BASE,
    logger: null,
    rateLimits: false,
    fetch: async (input, init) =>
      (await sandbox.fetch(new Request(input, init))) ?? new Response(null, { status: 404 }),
    hooks: { onContractDrift: (e) => drift.push(e) },
  });
  clients.push(c);
  return c;
}

describe('the SDK takes every variation', () => {
  it.each([3, 11, 42, 99])(
    'seed %i: every flow for both suppliers books, with no drift reported',
    async (seed) => {
      const sandbox = createSandbox({ seed, variations: true, partners: [{ walletBalance: 100_000_000 }] });
      const drift: ContractDriftEvent[] = [];
      const fareway = client(sandbox, drift);
      expect((await fareway.airports.autocomplete('del')).results.length).toBeGreaterThan(0);
      for (const [name, params] of trips) {
        const results = await fareway.flights.search(params);
        const out = results.outbound[0]!;
        const selection = results.select(out, results.returnsFor(out)[0]);
        expect((await fareway.flights.fareRules(selection)).rules.length, name).toBeGreaterThan(0);
        const { booking } = await fareway.bookFlight({ selection, passengers: passengersFor(results) });
        expect(booking.status, name).toBe('confirmed');
        expect(booking.pnr, name).toMatch(/^[A-Z0-9]{6}$/);
        expect(booking.pricing?.final_fare, name).toBeCloseTo(selection.pricing.final_fare, 2);
        expect((await fareway.bookings.retrieve(booking.booking_id)).pnr, name).toBe(booking.pnr);
      }
      const listed: string[] = [];
      for await (const b of fareway.bookings.list({ limit: 2 })) listed.push(b.status);
      expect(listed).toEqual(trips.map(() => 'confirmed'));
      expect(drift).toEqual([]);
    },
  );
});

describe('variations are seeded, reproducible and off by default', () => {
  /** Real time passes during a call: what depends on it is masked (its presence still counts). */
  const TIMED = new Set(['remaining_seconds', 'expires_at', 'created_at', 'modified_at']);
  const text = (json: unknown) => JSON.stringify(json, (k, v: unknown) => (TIMED.has(k) ? '*' : v));

  /** Every body of a short raw flow, as JSON text. */
  async function bodies(sandbox: Sandbox): Promise<string[]> {
    const api = raw(sandbox);
    const out: string[] = [];
    const s = await api.post('/v1/flights/search/', roundTrip('DEL', 'LHR', 'supplier_a'));
    out.push(text(s.json));
    const index = s.json.outbound[0].inbound_options[0].result_index;
    const created = await api.post('/v1/flights/booking/', {
      trace_id: s.json.trace_id,
      result_indices: [index],
    });
    out.push(text(created.json));
    const id = created.json.booking_id;
    for (const step of ['passengers', 'reprice', 'book'])
      out.push(
        text(
          (
            await api.post(
              `/v1/flights/booking/${id}/${step}/`,
              step === 'passengers' ? { passengers: [pax()] } : undefined,
            )
          ).json,
        ),
      );
    out.push(text((await api.get('/v1/bookings/')).json));
    return out;
  }
  const now = Date.UTC(2031, 0, 1);
  const unknown = (text: string) => EXTRAS.some(([name]) => text.includes(`"${name}":`));

  it('the same seed and calls give the same answers; another seed gives others', async () => {
    const a = await bodies(createSandbox({ seed: 5, variations: true, now }));
    const b = await bodies(createSandbox({ seed: 5, variations: true, now }));
    expect(b).toEqual(a);
    const c = await bodies(createSandbox({ seed: 6, variations: true, now }));
    expect(c).not.toEqual(a);
  });

  it('varies absent optionals, nulls, unknown fields and option order', async () => {
    const plain = createSandbox({ seed: 5, now });
    const varied = createSandbox({ seed: 5, variations: true, now });
    const search = async (sandbox: Sandbox) =>
      (await raw(sandbox).post('/v1/flights/search/', searchBody({ origin: 'BOM', destination: 'DEL' })))
        .json;
    const [p, v] = [await search(plain), await search(varied)];
    const ids = (s: { outbound: Array<{ result_index: string }> }) => s.outbound.map((o) => o.result_index);
    expect(ids(v)).not.toEqual(ids(p)); // reordered
    expect([...ids(v)].sort()).toEqual([...ids(p)].sort()); // the same options
    const options = v.outbound as Array<Record<string, Record<string, unknown>>>;
    expect(options.some((o) => o.pricing!.raw === undefined)).toBe(true);
    expect(options.some((o) => o.fare_class === null)).toBe(true);
    expect(unknown(JSON.stringify(v))).toBe(true);
    // Default answers: everything present, nothing unknown.
    expect(p.outbound.every((o: { pricing: { raw?: unknown } }) => o.pricing.raw !== undefined)).toBe(true);
    expect(unknown(JSON.stringify(p))).toBe(false);
    expect((await bodies(createSandbox({ seed: 5, now }))).some(unknown)).toBe(false);
  });

  it('refuses a non-boolean variations option', () => {
    expect(() => createSandbox({ variations: 'yes' as unknown as boolean })).toThrow(RangeError);
  });
});
