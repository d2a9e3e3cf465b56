/**
 * Selection tokens (issue 25 item 1): a selection made on one client instance, carried as a
 * signed string, and turned back into a working Selection on another instance that never saw the
 * search. Every round-trip rule must survive; a token that cannot be trusted, or whose deadline
 * passed, is refused before anything is sent.
 */
import { inflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  FareExpiredError,
  isSelection,
  RequestValidationError,
  SelectionTokenError,
  type Fareway,
  type SearchParams,
  type SearchResults,
  type Selection,
} from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const env = useSandbox({ seed: 25 });

afterEach(() => {
  vi.useRealTimers();
});

const SCENARIOS: [string, SearchParams][] = [
  [
    'coupled (supplier A)',
    {
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: inDays(20),
      preferred_return_departure_time: inDays(27),
      adult_count: 2,
      child_count: 1,
      source: 'supplier_a',
    },
  ],
  [
    'independent (supplier B, domestic)',
    {
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: inDays(20),
      preferred_return_departure_time: inDays(27),
      adult_count: 1,
      source: 'supplier_b',
    },
  ],
  [
    'coupled (supplier B, international)',
    {
      origin: 'DEL',
      destination: 'DXB',
      preferred_departure_time: inDays(20),
      preferred_return_departure_time: inDays(27),
      adult_count: 1,
      source: 'supplier_b',
    },
  ],
  ['one-way', { origin: 'BLR', destination: 'GOI', preferred_departure_time: inDays(30), adult_count: 1 }],
];

/** A choice that is not the cheapest: a coupled pair's index then differs from the display-only token. */
function choose(results: SearchResults): Selection {
  const out = results.outbound[1]!;
  return results.isRoundTrip ? results.select(out, results.returnsFor(out)[2]!) : results.select(out);
}

/** Searches on a client of its own and returns the selection, its token and the search. */
async function tokenOf(params: SearchParams, a: Fareway = env.client()) {
  const results = await a.flights.search(params);
  const selection = choose(results);
  return { a, results, selection, token: await a.flights.selectionToken(selection) };
}

/** The create-booking bodies the sandbox received, in order. */
const createBodies = () => env.calls('createBooking').map((r) => r.body);

/** The rejection of `promise` (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

/** The billed amounts of a pricing object: all a token keeps of it (issue 31). */
const billed = (p: Selection['pricing']) => {
  const { currency, base_fare, service_fee, tax_and_surcharge, published_fare, final_fare } = p;
  const out: Record<string, unknown> = {
    currency,
    base_fare,
    service_fee,
    tax_and_surcharge,
    published_fare,
  };
  out.final_fare = final_fare;
  for (const k of Object.keys(out)) if (out[k] == null) delete out[k];
  return out;
};

/** The token's payload, read as another program would (it is signed, not encrypted). */
function payloadOf(token: string): Record<string, unknown> {
  const bytes = Buffer.from(token, 'base64url');
  return JSON.parse(inflateRawSync(bytes.subarray(1, bytes.length - 32)).toString('utf8')) as Record<
    string,
    unknown
  >;
}

describe.each(SCENARIOS)('a selection carried to another instance: %s', (_name, params) => {
  it('keeps every round-trip rule, the fare and the deadline; create sends the same body', async () => {
    const { a, results, selection, token } = await tokenOf(params);
    expect(token).toMatch(/^[\w-]+$/);
    expect(token.length).toBeLessThan(1_200);

    const b = env.client();
    const rebuilt = await b.flights.selectionFromToken(token);
    expect(isSelection(rebuilt)).toBe(true);
    expect(Object.isFrozen(rebuilt)).toBe(true);
    const wire = (s: Selection) => ({
      trace_id: s.trace_id,
      result_indices: s.result_indices,
      pricing: billed(s.pricing),
      journey_type: s.journey_type,
      round_trip_style: s.round_trip_style,
      source: s.source,
      outbound: s.outbound.result_index,
      inbound: s.inbound?.result_index,
      flights: [...s.outbound.segments, ...(s.inbound?.segments ?? [])].map(
        (g) => `${g.airline.code}${g.airline.flight_number} ${g.origin.departure_time}`,
      ),
    });
    expect(wire(rebuilt)).toEqual(wire(selection));
    expect(rebuilt.deadline.expiresAt.getTime()).toBe(selection.deadline.expiresAt.getTime());
    expect([rebuilt.deadline.kind, rebuilt.deadline.basis, rebuilt.deadline.estimated]).toEqual([
      selection.deadline.kind,
      selection.deadline.basis,
      selection.deadline.estimated,
    ]);
    if (results.style === 'coupled') {
      expect(rebuilt.result_indices).toEqual([selection.inbound!.result_index]);
      expect(rebuilt.result_indices).not.toContain(rebuilt.outbound.result_index);
    }

    env.control.clearRequests();
    await a.bookings.create(selection);
    await b.bookings.create(rebuilt);
    const [fromSearch, fromToken] = createBodies();
    expect(fromToken).toEqual(fromSearch);
    expect(fromToken).toEqual({
      trace_id: selection.trace_id,
      result_indices: [...selection.result_indices],
    });
  });

  it('books end to end on the other instance: passengers, reprice, book → PNR', async () => {
    const { results, token } = await tokenOf(params);
    const b = env.client();
    const { booking } = await b.bookFlight({
      selection: await b.flights.selectionFromToken(token),
      passengers: passengersFor(results),
    });
    expect(booking.pnr).toMatch(/\w+/);
    expect(env.control.getBooking(booking.booking_id)).toMatchObject({ status: 'confirmed' });
  });
});

describe('what a token holds', () => {
  it('no key, no passenger data; options keep what identifies, prices and describes the flight', async () => {
    const { results, selection, token } = await tokenOf(SCENARIOS[0]![1]);
    const text = JSON.stringify(payloadOf(token));
    expect(text).not.toContain(env.sandbox.apiKey);
    expect(text).not.toMatch(/first_name|passport|email|contact/);
    const rebuilt = await env.client().flights.selectionFromToken(token);
    // The coupled outbound's other returns are not carried: the chosen one is `inbound`.
    expect(rebuilt.outbound.inbound_options).toBeUndefined();
    expect(rebuilt.inbound).toMatchObject({
      result_index: selection.inbound!.result_index,
      is_refundable: selection.inbound!.is_refundable,
      pricing: billed(selection.inbound!.pricing),
    });
    expect(rebuilt.inbound!.pricing).toEqual(billed(selection.inbound!.pricing));
    expect(rebuilt.outbound.segments[0]).toMatchObject({
      airline: { code: expect.any(String), flight_number: expect.any(String) },
      origin: { airport_code: results.data.outbound[1]!.segments[0]!.origin.airport_code },
    });
  });
});

describe('a token that cannot be trusted: SelectionTokenError, nothing sent', () => {
  const flip = (token: string, at: number) =>
    `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;

  it.each([
    ['a character of the payload changed', (t: string) => flip(t, 30), 'signature'],
    ['a character of the MAC changed', (t: string) => flip(t, t.length - 5), 'signature'],
    ['cut short', (t: string) => t.slice(0, t.length - 12), 'signature'],
    ['cut to a stub', (t: string) => t.slice(0, 12), 'malformed'],
    ['not base64url', (t: string) => `${t.slice(0, 40)}!${t.slice(41)}`, 'malformed'],
    ['empty', () => '', 'malformed'],
    ['another format', (t: string) => `B${t.slice(1)}`, 'version'],
  ])('%s', async (_name, alter, problem) => {
    const { token } = await tokenOf(SCENARIOS[1]![1]);
    env.control.clearRequests();
    const error = await rejection(env.client().flights.selectionFromToken(alter(token)));
    expect(error).toBeInstanceOf(SelectionTokenError);
    expect(error).toMatchObject({ code: 'invalid_selection_token', problem });
    expect(env.control.requests()).toHaveLength(0);
  });

  it('not a string', async () => {
    const error = await rejection(env.client().flights.selectionFromToken(42 as unknown as string));
    expect(error).toMatchObject({ code: 'invalid_selection_token', problem: 'malformed' });
  });

  it("another API key's client cannot read it, and the error never holds either key", async () => {
    const { token } = await tokenOf(SCENARIOS[0]![1]);
    const other = env.control.addPartner();
    const error = await rejection(env.client({ apiKey: other }).flights.selectionFromToken(token));
    expect(error).toMatchObject({ problem: 'signature' });
    const text = JSON.stringify(error) + String(error);
    expect(text).not.toContain(other);
    expect(text).not.toContain(env.sandbox.apiKey);
  });

  it('selectionTokenSecret: shared by the instances of one key; a list verifies the old secret while rotating', async () => {
    const oldSecret = 'o'.repeat(32);
    const newSecret = 'n'.repeat(32);
    const { token } = await tokenOf(SCENARIOS[1]![1], env.client({ selectionTokenSecret: oldSecret }));
    await expect(env.client().flights.selectionFromToken(token)).rejects.toMatchObject({
      problem: 'signature',
    });
    await expect(
      env.client({ selectionTokenSecret: newSecret }).flights.selectionFromToken(token),
    ).rejects.toMatchObject({ problem: 'signature' });
    const rotating = env.client({ selectionTokenSecret: [newSecret, oldSecret] });
    const rebuilt = await rotating.flights.selectionFromToken(token);
    // The first secret of the list signs: the old-secret-only instance cannot read the new token.
    const fresh = await rotating.flights.selectionToken(rebuilt);
    await expect(
      env.client({ selectionTokenSecret: oldSecret }).flights.selectionFromToken(fresh),
    ).rejects.toMatchObject({ problem: 'signature' });
    await expect(
      env.client({ selectionTokenSecret: newSecret }).flights.selectionFromToken(fresh),
    ).resolves.toMatchObject({ trace_id: rebuilt.trace_id });
  });

  it('a short or empty secret is a ConfigurationError naming the option', () => {
    for (const selectionTokenSecret of ['short', [], [42]])
      expect(() => env.client({ selectionTokenSecret: selectionTokenSecret as string })).toThrow(
        ConfigurationError,
      );
    expect(() => env.client({ selectionTokenSecret: 'x' })).toThrow(/selectionTokenSecret/);
  });
});

describe('expiry travels with the token', () => {
  it('a token whose deadline has passed is refused locally (fare_expired_locally), nothing sent', async () => {
    const { token } = await tokenOf(SCENARIOS[0]![1]);
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    vi.advanceTimersByTime(16 * 60_000);
    env.control.clearRequests();
    const error = await rejection(env.client().flights.selectionFromToken(token));
    expect(error).toBeInstanceOf(FareExpiredError);
    expect(error).toMatchObject({ code: 'fare_expired_locally', local: true });
    expect(env.control.requests()).toHaveLength(0);
  });

  it('a selection rebuilt in time is refused by create once its deadline passes, as on the searching instance', async () => {
    const { token } = await tokenOf(SCENARIOS[1]![1]);
    const b = env.client();
    // Fake the clocks before the rebuild: the rebuilt deadline is counted on performance.now(),
    // and a faked performance.now() starts at 0. Rebuilt on the real clock of a worker that has run
    // for minutes (Stryker's flattened run), it would still be minutes away after the 16 below.
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    const rebuilt = await b.flights.selectionFromToken(token);
    vi.advanceTimersByTime(16 * 60_000);
    env.control.clearRequests();
    await expect(b.bookings.create(rebuilt)).rejects.toMatchObject({ code: 'fare_expired_locally' });
    expect(env.control.requests()).toHaveLength(0);
  });

  it('an expired selection gets no token', async () => {
    const a = env.client();
    const selection = choose(await a.flights.search(SCENARIOS[3]![1]));
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    vi.advanceTimersByTime(16 * 60_000);
    await expect(a.flights.selectionToken(selection)).rejects.toMatchObject({
      code: 'fare_expired_locally',
    });
  });
});

describe('selectionToken takes only a selection that follows the rules', () => {
  it('refuses what is not a selection, and a copy whose indices break the coupled rule', async () => {
    const a = env.client();
    const results = await a.flights.search(SCENARIOS[0]![1]);
    const selection = choose(results);
    await expect(
      a.flights.selectionToken({
        trace_id: selection.trace_id,
        result_indices: selection.result_indices,
      } as unknown as Selection),
    ).rejects.toBeInstanceOf(RequestValidationError);
    // The display-only token beside the pair's index: never signed.
    const wrong = {
      ...selection,
      result_indices: [selection.outbound.result_index, selection.inbound!.result_index],
    } as unknown as Selection;
    await expect(a.flights.selectionToken(wrong)).rejects.toBeInstanceOf(RequestValidationError);
    // A shallow copy that keeps the rules is a selection (isSelection), and gets a token.
    await expect(a.flights.selectionToken({ ...selection })).resolves.toMatch(/^[\w-]+$/);
  });

  it('a rebuilt selection can be carried on again', async () => {
    const { token } = await tokenOf(SCENARIOS[0]![1]);
    const b = env.client();
    const again = await b.flights.selectionToken(await b.flights.selectionFromToken(token));
    const rebuilt = await env.client().flights.selectionFromToken(again);
    expect(rebuilt.result_indices).toHaveLength(1);
  });
});
