/**
 * Issue 19 (part 3): an interrupted create adopts only the booking it made itself — never another
 * worker's booking from the same search — and an enveloped 502 with nothing made is re-sent once.
 * Two clients (two workers) share one sandbox; faults come from `sandbox.control` (the service
 * fails before acting) and from test fetches (the service acts, then answers with its envelope).
 */
import { describe, expect, it } from 'vitest';
import {
  CreateOutcomeUnknownError,
  InternalServerError,
  UpstreamError,
  type Fareway,
  type SearchResults,
} from '../../src/index.js';
import {
  after,
  commitThen,
  faultyFetch,
  gate,
  hang,
  holdAnswer,
  isCreate,
  isList,
  retrieveWithoutPaxCount,
} from '../helpers/create-faults.js';
import { inDays, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 23 });

const ONE_WAY = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: inDays(20),
  source: 'supplier_b',
} as const;
const INDEPENDENT = {
  origin: 'DEL',
  destination: 'BLR',
  preferred_departure_time: inDays(30),
  preferred_return_departure_time: inDays(33),
  source: 'supplier_b',
} as const;
const COUPLED = {
  origin: 'DEL',
  destination: 'DXB',
  preferred_departure_time: inDays(30),
  preferred_return_departure_time: inDays(37),
} as const;

/** The result indices the sandbox booked for a booking: the truth of whose booking it is. */
const indicesOf = (id: string) => sbx.control.getBooking(id)!.items.map((i) => i.result_index);
/** Every booking the sandbox holds for a trace (made by anyone). */
const bookingsOfTrace = (traceId: string) =>
  sbx.control
    .requests()
    .filter(
      (r) =>
        r.endpoint === 'createBooking' &&
        r.status === 200 &&
        (r.body as { trace_id?: string }).trace_id === traceId,
    ).length;
const raw = (results: SearchResults, indices: string[]) => ({
  trace_id: results.trace_id,
  result_indices: indices,
});
const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

/** Worker A searches and creates from the first outbound; returns the search and A's booking id. */
async function workerA(a: Fareway) {
  const results = await a.flights.search(ONE_WAY);
  const mine = await a.bookings.create(results.select(results.outbound[0]!));
  return {
    results,
    aId: mine.booking_id,
    aIndex: results.outbound[0]!.result_index,
    bIndex: results.outbound[1]!.result_index,
  };
}

describe('create adopts only its own booking: two workers, one search, different result indices', () => {
  it("B's enveloped 500 before the service acted: B gets the 500, never A's booking", async () => {
    const { results, aId, bIndex } = await workerA(sbx.client());
    const b = sbx.client();
    sbx.control.failNext('createBooking', { status: 500 });
    const error = await caught(b.bookings.create(raw(results, [bIndex])));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(sbx.calls('list')).toHaveLength(1);
    expect(indicesOf(aId)).toEqual([results.outbound[0]!.result_index]);
    expect(bookingsOfTrace(results.trace_id)).toBe(1);
  });

  it("B's enveloped 500 after the service committed: B gets its own booking, A keeps its own", async () => {
    const { results, aId, bIndex } = await workerA(sbx.client());
    const b = sbx.client({ fetch: faultyFetch(commitThen(500)) });
    const created = await b.bookings.create(raw(results, [bIndex]));
    expect(created.reconciled).toBe(true);
    expect(created.booking_id).not.toBe(aId);
    expect(indicesOf(created.booking_id)).toEqual([bIndex]);
    expect(created.itinerary_items.map((i) => i.result_index)).toEqual([bIndex]);
    expect(sbx.calls('createBooking')).toHaveLength(2); // A's and B's, never re-sent
  });

  it("B's enveloped 502 before the service acted: re-sent once (spec §7), B gets a booking of its own indices", async () => {
    const { results, aId, bIndex } = await workerA(sbx.client());
    const b = sbx.client();
    sbx.control.failNext('createBooking', { status: 502 });
    const created = await b.bookings.create(raw(results, [bIndex]));
    expect(created.booking_id).not.toBe(aId);
    expect(created.reconciled).toBe(false);
    expect(indicesOf(created.booking_id)).toEqual([bIndex]);
    expect(sbx.calls('createBooking')).toHaveLength(3); // A's, B's 502, B's one re-send
    expect(bookingsOfTrace(results.trace_id)).toBe(2);
  });

  it("B's enveloped 502 after the service committed: B gets its own booking and sends nothing again", async () => {
    const { results, aId, bIndex } = await workerA(sbx.client());
    const b = sbx.client({ fetch: faultyFetch(commitThen(502)) });
    const created = await b.bookings.create(raw(results, [bIndex]));
    expect(created.reconciled).toBe(true);
    expect(created.booking_id).not.toBe(aId);
    expect(indicesOf(created.booking_id)).toEqual([bIndex]);
    expect(bookingsOfTrace(results.trace_id)).toBe(2);
  });

  it('independent round trip sharing the outbound ([O, I1] vs [O, I2]): an index set that differs is never adopted', async () => {
    const a = sbx.client();
    const results = await a.flights.search(INDEPENDENT);
    expect(results.round_trip_style).toBe('independent');
    const out = results.outbound[0]!;
    const [i1, i2] = results.inbound;
    const mine = await a.bookings.create(results.select(out, i1!));
    const bIndices = [out.result_index, i2!.result_index];

    sbx.control.failNext('createBooking', { status: 500 });
    expect(await caught(sbx.client().bookings.create(raw(results, bIndices)))).toBeInstanceOf(
      InternalServerError,
    );

    const b = sbx.client({ fetch: faultyFetch(commitThen(500)) });
    const created = await b.bookings.create(raw(results, bIndices));
    expect(created.booking_id).not.toBe(mine.booking_id);
    expect(indicesOf(created.booking_id)).toEqual(bIndices);
  });

  it('coupled round trip (one index per pair): B adopts the booking of its own pair only', async () => {
    const a = sbx.client();
    const results = await a.flights.search(COUPLED);
    expect(results.round_trip_style).toBe('coupled');
    const out = results.outbound[0]!;
    const [p1, p2] = results.returnsFor(out);
    const mine = await a.bookings.create(results.select(out, p1!));

    sbx.control.failNext('createBooking', { status: 500 });
    expect(await caught(sbx.client().bookings.create(raw(results, [p2!.result_index])))).toBeInstanceOf(
      InternalServerError,
    );

    const b = sbx.client({ fetch: faultyFetch(commitThen(500)) });
    const created = await b.bookings.create(raw(results, [p2!.result_index]));
    expect(created.booking_id).not.toBe(mine.booking_id);
    expect(indicesOf(created.booking_id)).toEqual([p2!.result_index]);
  });
});

describe('create with the same result indices from two workers', () => {
  it('two clients, both bookings made, B answered with a 500: ambiguous, CreateOutcomeUnknownError names both', async () => {
    const a = sbx.client();
    const results = await a.flights.search(ONE_WAY);
    const index = results.outbound[0]!.result_index;
    const mine = await a.bookings.create(results.select(results.outbound[0]!));
    const b = sbx.client({ fetch: faultyFetch(commitThen(500)) });
    const error = (await caught(b.bookings.create(raw(results, [index])))) as CreateOutcomeUnknownError;
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(error.trace_id).toBe(results.trace_id);
    expect(error.candidates).toHaveLength(2);
    expect(error.candidates).toContain(mine.booking_id);
    expect(bookingsOfTrace(results.trace_id)).toBe(2);
  });

  it('one client, two concurrent creates: the interrupted one adopts its own booking, not the one whose answer is still on its way', async () => {
    const listed = gate();
    const fetch = faultyFetch(
      holdAnswer((s) => isCreate(s) && s.role === 'a', listed.wait),
      commitThen(500, (s) => isCreate(s) && s.role === 'b'),
      after(isList, listed.open),
    );
    const client = sbx.client({ fetch });
    const results = await client.flights.search(ONE_WAY);
    const choice = results.select(results.outbound[0]!);
    const [a, b] = await Promise.all([
      client.bookings.create(choice, { headers: { 'x-test-role': 'a' } }),
      client.bookings.create(choice, { headers: { 'x-test-role': 'b' } }),
    ]);
    expect(a.reconciled).toBe(false);
    expect(b.reconciled).toBe(true);
    expect(b.booking_id).not.toBe(a.booking_id);
    expect(bookingsOfTrace(results.trace_id)).toBe(2);
  });
});

describe('create after an enveloped 5xx that made nothing, and after a timeout', () => {
  it('an enveloped 502 with nothing listed is re-sent once and succeeds', async () => {
    const fareway = sbx.client({ maxRetries: 2 });
    const results = await fareway.flights.search(ONE_WAY);
    sbx.control.failNext('createBooking', { status: 502 });
    const created = await fareway.bookings.create(results.select(results.outbound[0]!));
    expect(created.reconciled).toBe(false);
    expect(sbx.calls('createBooking')).toHaveLength(2);
    expect(sbx.calls('list')).toHaveLength(1);
    expect(bookingsOfTrace(results.trace_id)).toBe(1);
  });

  it('an enveloped 502 twice ends in the 502 (UpstreamError): sent twice, looked twice, nothing made', async () => {
    const fareway = sbx.client({ maxRetries: 3 });
    const results = await fareway.flights.search(ONE_WAY);
    sbx.control.failNext('createBooking', { status: 502, times: 2 });
    const error = await caught(fareway.bookings.create(results.select(results.outbound[0]!)));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(sbx.calls('createBooking')).toHaveLength(2);
    expect(sbx.calls('list')).toHaveLength(2);
    expect(bookingsOfTrace(results.trace_id)).toBe(0);
  });

  it('maxRetries: 0 turns the re-send off: an enveloped 502 is thrown after the look', async () => {
    const fareway = sbx.client({ maxRetries: 0 });
    const results = await fareway.flights.search(ONE_WAY);
    sbx.control.failNext('createBooking', { status: 502 });
    expect(await caught(fareway.bookings.create(results.select(results.outbound[0]!)))).toBeInstanceOf(
      UpstreamError,
    );
    expect(sbx.calls('createBooking')).toHaveLength(1);
  });

  it('a timeout with nothing listed ends in CreateOutcomeUnknownError, never re-sent', async () => {
    let creates = 0;
    const counting = faultyFetch({ ...hang(), times: Infinity, match: (s) => isCreate(s) && ++creates > 0 });
    const fareway = sbx.client({
      maxRetries: 3,
      timeout: 300,
      fetch: counting,
      bookReconcile: { timeoutMs: 1_000, intervalMs: 5 },
    });
    const results = await fareway.flights.search(ONE_WAY);
    const error = (await caught(
      fareway.bookings.create(results.select(results.outbound[0]!)),
    )) as CreateOutcomeUnknownError;
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(error.trace_id).toBe(results.trace_id);
    expect(creates).toBe(1);
    expect(bookingsOfTrace(results.trace_id)).toBe(0);
  });
});

describe('an adopted booking is honest about pax_count (get-booking does not carry it)', () => {
  it('known search: pax_count comes from the search', async () => {
    const fareway = sbx.client({ fetch: faultyFetch(retrieveWithoutPaxCount()) });
    const results = await fareway.flights.search({ ...ONE_WAY, adult_count: 2, child_count: 1 });
    sbx.control.commitThenDrop('createBooking');
    const created = await fareway.bookings.create(results.select(results.outbound[0]!));
    expect(created.reconciled).toBe(true);
    expect(created.pax_count).toEqual({ adult: 2, child: 1, infant: 0 });
  });

  it('a client that never saw the search: pax_count is absent, not an undefined required field', async () => {
    const results = await sbx.client().flights.search(ONE_WAY);
    const fresh = sbx.client({ fetch: faultyFetch(retrieveWithoutPaxCount()) });
    sbx.control.commitThenDrop('createBooking');
    const created = await fresh.bookings.create(raw(results, [results.outbound[0]!.result_index]));
    expect(created.reconciled).toBe(true);
    expect('pax_count' in created).toBe(false);
    if (created.reconciled) expect(created.pax_count).toBeUndefined();
  });
});
