/**
 * Which booking an interrupted create adopts (create-match.ts), each rule pinned through the
 * public API (issue 33). The sandbox is the truth of what was made; test fetches rewrite what the
 * client reads (a listing cut short, a get-booking without indices, a booking that moved on) to
 * reach each rule: a lone candidate that cannot be verified is not adopted; a match is not adopted
 * while another candidate is open; a booking this client already knew is never adopted; only
 * bookings created within the call's window (±120 s) are candidates; a listing that did not
 * complete decides nothing; the get-booking re-check rules out what the listing could not.
 */
import { describe, expect, it } from 'vitest';
import { CreateOutcomeUnknownError, InternalServerError, type SearchResults } from '../../src/index.js';
import {
  commitThen,
  envelope,
  faultyFetch,
  isList,
  isRetrieve,
  type Rule,
  type Seen,
} from '../helpers/create-faults.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 35 });
const ONE_WAY = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: inDays(21),
  source: 'supplier_b',
} as const;

type Json = Record<string, unknown>;
/** Forwards, then lets `edit` change the JSON answer. */
function rewrite(match: (s: Seen) => boolean, edit: (body: Json, s: Seen) => void): Rule {
  return {
    match,
    times: Infinity,
    async respond(forward, s) {
      const response = await forward();
      const body = (await response.json()) as Json;
      edit(body, s);
      return Response.json(body, { status: response.status, headers: { 'x-request-id': 'req_rewritten' } });
    },
  };
}
const retrieveOf = (id: () => string | undefined) => (s: Seen) =>
  isRetrieve(s) && s.path.includes(`/${id()}/`);
const raw = (results: SearchResults, index: string) => ({
  trace_id: results.trace_id,
  result_indices: [index],
});
const caught = (p: Promise<unknown>): Promise<{ value?: unknown; error?: unknown }> =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
/** Bookings the sandbox holds on a trace (read by a client without faults). */
async function madeOn(traceId: string): Promise<string[]> {
  const page = await sbx.client().bookings.list({ limit: 100 });
  return page.results.filter((b) => b.trace_id === traceId).map((b) => b.id);
}
const retrievesOf = (id: string) => sbx.calls('retrieve').filter((r) => r.path.includes(id)).length;

/** Worker A (another process) searches and creates from outbound[index]. */
async function other(index = 0) {
  const a = sbx.client();
  const results = await a.flights.search(ONE_WAY);
  const made = await a.bookings.create(results.select(results.outbound[index]!));
  return { a, results, x: made.booking_id, i0: results.outbound[0]!.result_index };
}

describe('what cannot be verified is not adopted', () => {
  it('a lone candidate whose get-booking carries no indices: CreateOutcomeUnknownError naming it', async () => {
    const b = sbx.client({
      fetch: faultyFetch(
        commitThen(500),
        rewrite(isRetrieve, (body) => {
          for (const item of body.itinerary_items as Json[]) delete item.result_index;
        }),
      ),
    });
    const results = await b.flights.search(ONE_WAY);
    const { error } = await caught(b.bookings.create(results.select(results.outbound[0]!)));
    const [y] = await madeOn(results.trace_id);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect((error as CreateOutcomeUnknownError).candidates).toEqual([y]);
  });

  it('a lone candidate whose get-booking fails: CreateOutcomeUnknownError naming it', async () => {
    const b = sbx.client({
      fetch: faultyFetch(commitThen(500), {
        match: isRetrieve,
        times: Infinity,
        respond: () => Promise.resolve(envelope(500)),
      }),
    });
    const results = await b.flights.search(ONE_WAY);
    const { error } = await caught(b.bookings.create(results.select(results.outbound[0]!)));
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect((error as CreateOutcomeUnknownError).candidates).toEqual(await madeOn(results.trace_id));
  });

  it('its own match while another candidate cannot be told apart: neither is adopted', async () => {
    const { results, x, i0 } = await other(1);
    const b = sbx.client({
      fetch: faultyFetch(
        commitThen(500),
        rewrite(
          retrieveOf(() => x),
          (body) => {
            for (const item of body.itinerary_items as Json[]) delete item.result_index;
          },
        ),
      ),
    });
    const { error } = await caught(b.bookings.create(raw(results, i0)));
    const made = await madeOn(results.trace_id);
    expect(made).toHaveLength(2);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect([...(error as CreateOutcomeUnknownError).candidates].sort()).toEqual([...made].sort());
  });
});

describe('a booking this client already knew is never adopted', () => {
  it("another worker's booking of the same indices, retrieved by this client before: the create's own 500 stands", async () => {
    const { results, x, i0 } = await other(0);
    const b = sbx.client();
    await b.bookings.retrieve(x);
    sbx.control.failNext('createBooking', { status: 500 });
    const { error, value } = await caught(b.bookings.create(raw(results, i0)));
    expect(value).toBeUndefined();
    expect(error).toBeInstanceOf(InternalServerError);
    expect(retrievesOf(x)).toBe(1); // this client's own read only: never a candidate
  });
});

describe('only bookings created within the call (±120 s) are candidates', () => {
  const shifted = (x: () => string | undefined, byMs: number) =>
    rewrite(isList, (body) => {
      for (const entry of body.results as Json[])
        if (entry.id === x() || entry.booking_id === x()) {
          const at = new Date(Date.now() + byMs).toISOString();
          entry.created_at = at;
          entry.modified_at = at;
        }
    });

  for (const [what, byMs] of [
    ['made 10 minutes before the call', -600_000],
    ['dated 10 minutes after it', 600_000],
  ] as const) {
    it(`a booking of the same indices ${what} is not a candidate: the create's own 500 stands`, async () => {
      const { results, x, i0 } = await other(0);
      const b = sbx.client({ fetch: faultyFetch(shifted(() => x, byMs)) });
      sbx.control.failNext('createBooking', { status: 500 });
      const { error } = await caught(b.bookings.create(raw(results, i0)));
      expect(error).toBeInstanceOf(InternalServerError);
      expect(retrievesOf(x)).toBe(0);
    });
  }

  it('one made 100 s before the call is a candidate (within the skew): two matches are ambiguous', async () => {
    const { results, x, i0 } = await other(0);
    const b = sbx.client({
      fetch: faultyFetch(
        commitThen(500),
        shifted(() => x, -100_000),
      ),
    });
    const { error } = await caught(b.bookings.create(raw(results, i0)));
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect((error as CreateOutcomeUnknownError).candidates).toHaveLength(2);
    expect((error as CreateOutcomeUnknownError).candidates).toContain(x);
  });

  it('with the older one 10 minutes back, the create adopts its own', async () => {
    const { results, x, i0 } = await other(0);
    const b = sbx.client({
      fetch: faultyFetch(
        commitThen(500),
        shifted(() => x, -600_000),
      ),
    });
    const created = await b.bookings.create(raw(results, i0));
    expect(created.reconciled).toBe(true);
    expect(created.booking_id).not.toBe(x);
    expect(await madeOn(results.trace_id)).toContain(created.booking_id);
  });
});

describe('a listing that did not complete decides nothing', () => {
  it('pages that never reach back to the window (the same page again): CreateOutcomeUnknownError, not adopted', async () => {
    let first: Json | undefined;
    const b = sbx.client({
      bookReconcile: { timeoutMs: 300, intervalMs: 20 },
      fetch: faultyFetch(
        commitThen(500),
        rewrite(isList, (body) => {
          // Every page is the first one again, always with a next page: a listing that does not advance.
          first ??= structuredClone(body);
          Object.assign(body, structuredClone(first), {
            next: 'https://sandbox.fareway.test/v1/bookings/?limit=100&offset=100',
          });
        }),
      ),
    });
    const results = await b.flights.search(ONE_WAY);
    const { error, value } = await caught(b.bookings.create(results.select(results.outbound[0]!)));
    expect(value).toBeUndefined();
    // Page 1, then the same page again: a listing that does not advance stops there.
    expect(sbx.calls('list')).toHaveLength(2);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect((error as CreateOutcomeUnknownError).candidates).toEqual(await madeOn(results.trace_id));
  });
});

describe('the get-booking re-check rules out what the listing could not', () => {
  for (const [what, edit] of [
    ['moved on (passengers saved)', (body: Json) => (body.status = 'passenger_saved')],
    ['of another search (trace_id)', (body: Json) => (body.trace_id = 'trace-of-another-search')],
  ] as const) {
    it(`a listed draft of the same indices that get-booking shows ${what} is ruled out: the create adopts its own`, async () => {
      const { results, x, i0 } = await other(0);
      const b = sbx.client({
        fetch: faultyFetch(
          commitThen(500),
          rewrite(
            retrieveOf(() => x),
            edit,
          ),
        ),
      });
      const created = await b.bookings.create(raw(results, i0));
      expect(created.reconciled).toBe(true);
      expect(created.booking_id).not.toBe(x);
      expect(retrievesOf(x)).toBe(1);
    });
  }

  it('a listed booking of another search, or no longer a draft, is never even retrieved', async () => {
    const a = sbx.client();
    const elsewhere = await a.flights.search({ ...ONE_WAY, preferred_departure_time: inDays(22) });
    const z = (await a.bookings.create(elsewhere.select(elsewhere.outbound[0]!))).booking_id;
    const results = await a.flights.search(ONE_WAY);
    const moved = await a.bookings.create(results.select(results.outbound[0]!));
    await a.bookings.savePassengers(moved, passengersFor(results));
    const b = sbx.client({ fetch: faultyFetch(commitThen(500)) });
    const created = await b.bookings.create(raw(results, results.outbound[0]!.result_index));
    expect(created.reconciled).toBe(true);
    expect(retrievesOf(z)).toBe(0);
    expect(retrievesOf(moved.booking_id)).toBe(0);
  });
});
