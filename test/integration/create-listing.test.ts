/**
 * How an interrupted create reads the listing (create-match.ts `listSince`), through the public
 * API (issue 33): pages of 100 at increasing offsets until an entry older than the window (by its
 * last change), an empty page or the last page; no page beyond the third once the settling budget
 * has run out; more than 10 candidates on one trace is ambiguous at once; the listing's and
 * get-booking's reads are retried once. The test serves a listing built around the booking the
 * create really made (the sandbox's), so the entries around it can be as many, as old and as
 * fresh as each rule needs.
 */
import { describe, expect, it } from 'vitest';
import { CreateOutcomeUnknownError, type Fareway } from '../../src/index.js';
import { commitThen, envelope, faultyFetch, gate, holdAnswer, isCreate } from '../helpers/create-faults.js';
import { inDays, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 36 });
const ONE_WAY = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: inDays(23),
  source: 'supplier_b',
} as const;

type Json = Record<string, unknown>;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
/** Entries like `real`, of another search (never candidates), changed `ageMs` ago. */
const others = (real: Json, n: number, ageMs = 0, prefix = 'other') =>
  Array.from({ length: n }, (_, i) => ({
    ...real,
    id: `${prefix}-${i}`,
    trace_id: 'trace-of-another-search',
    status: 'confirmed',
    created_at: ago(ageMs),
    modified_at: ago(ageMs),
  }));

/**
 * A client whose listing is `build(ownEntry)` (the booking the interrupted create made, as the
 * sandbox lists it), served page by page at the offsets asked for; create answers 500 after
 * committing. Records each listing request's offset and limit.
 */
function listed(build: (own: Json) => Json[], opts: { timeoutMs?: number; maxRetries?: number } = {}) {
  const pages: Array<{ offset: number; limit: number }> = [];
  const inner = faultyFetch(commitThen(500));
  const fetchFn: typeof fetch = async (input, init) => {
    const method = (input instanceof Request ? input.method : (init?.method ?? 'GET')).toUpperCase();
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (method !== 'GET' || url.pathname !== '/v1/bookings/') return inner(input, init);
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset') ?? '0');
    pages.push({ offset, limit });
    const headers = input instanceof Request ? input.headers : init?.headers;
    const real = (await (await fetch(`${url.origin}/v1/bookings/?limit=100`, { headers })).json()) as {
      results: Json[];
    };
    const all = build(real.results[0]!);
    const next =
      offset + limit < all.length
        ? `${url.origin}/v1/bookings/?limit=${limit}&offset=${offset + limit}`
        : null;
    return Response.json({
      count: all.length,
      next,
      previous: null,
      results: all.slice(offset, offset + limit),
    });
  };
  const client = sbx.client({
    fetch: fetchFn,
    maxRetries: opts.maxRetries ?? 2,
    bookReconcile: { timeoutMs: opts.timeoutMs ?? 5_000, intervalMs: 10 },
  });
  return { client, pages, offsets: () => pages.map((p) => p.offset) };
}

async function interruptedCreate(client: Fareway) {
  const results = await client.flights.search(ONE_WAY);
  return client.bookings.create(results.select(results.outbound[0]!)).then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
}
const retrieves = () => sbx.calls('retrieve').length;

describe('the listing pages back to the window', () => {
  it('its own booking on page 2, behind 100 fresh entries (one created long ago but changed now): adopted; pages stop at the first older entry', async () => {
    const { client, pages } = listed((own) => [
      ...others(own, 99),
      { ...others(own, 1, 0, 'recently-changed')[0], created_at: ago(3_600_000) },
      own,
      ...others(own, 5, 3_600_000, 'old'),
      ...others(own, 100, 7_200_000, 'older'),
    ]);
    const { value, error } = await interruptedCreate(client);
    expect(error).toBeUndefined();
    expect(value!.reconciled).toBe(true);
    expect(pages).toEqual([
      { offset: 0, limit: 100 },
      { offset: 100, limit: 100 },
    ]);
    expect(retrieves()).toBe(1); // only its own: the others are of another search
  });

  it('its own booking on page 5: read while the settling budget lasts, and adopted', async () => {
    const { client, offsets } = listed((own) => [...others(own, 450), own]);
    const { value } = await interruptedCreate(client);
    expect(value?.reconciled).toBe(true);
    expect(offsets()).toEqual([0, 100, 200, 300, 400]);
  });

  it('its own booking on page 5 with the budget spent: three pages only, nothing concluded', async () => {
    const { client, offsets } = listed((own) => [...others(own, 450), own], { timeoutMs: 1 });
    const { error } = await interruptedCreate(client);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(offsets()).toEqual([0, 100, 200]);
  });

  it('the last page (no next) completes the listing: its own booking there is adopted', async () => {
    const { client, offsets } = listed((own) => [...others(own, 100), own]);
    const { value } = await interruptedCreate(client);
    expect(value?.reconciled).toBe(true);
    expect(offsets()).toEqual([0, 100]);
  });
});

describe('more than 10 candidates on one trace', () => {
  const drafts = (own: Json, n: number) =>
    Array.from({ length: n }, (_, i) => ({ ...own, id: `draft-${i}` }));

  it('11: ambiguous at once, none retrieved', async () => {
    const { client } = listed((own) => [own, ...drafts(own, 10)]);
    const { error } = await interruptedCreate(client);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect((error as CreateOutcomeUnknownError).candidates).toHaveLength(11);
    expect((error as CreateOutcomeUnknownError).candidates).toContain('draft-9');
    expect(retrieves()).toBe(0);
  });

  it('10: each retrieved to compare (the unknown ones cannot be told apart)', async () => {
    const { client } = listed((own) => [own, ...drafts(own, 9)]);
    const { error } = await interruptedCreate(client);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(retrieves()).toBe(10);
  });
});

describe("the look's reads are retried once, whatever the client's maxRetries", () => {
  it('a listing that fails: two requests, then the outcome is unknown', async () => {
    let lists = 0;
    const client = sbx.client({
      maxRetries: 4,
      retryBackoff: { baseDelayMs: 1, maxDelayMs: 2 },
      fetch: faultyFetch(commitThen(500), {
        match: (s) => s.method === 'GET' && s.path === '/v1/bookings/',
        times: Infinity,
        respond: () => {
          lists++;
          return Promise.resolve(envelope(500));
        },
      }),
    });
    const { error } = await interruptedCreate(client);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(lists).toBe(2);
  });

  it('a get-booking that fails: two requests, and the candidate cannot be told apart', async () => {
    let reads = 0;
    const client = sbx.client({
      maxRetries: 4,
      retryBackoff: { baseDelayMs: 1, maxDelayMs: 2 },
      fetch: faultyFetch(commitThen(500), {
        match: (s) => s.method === 'GET' && /^\/v1\/flights\/booking\/[^/]+\/$/.test(s.path),
        times: Infinity,
        respond: () => {
          reads++;
          return Promise.resolve(envelope(500));
        },
      }),
    });
    const { error } = await interruptedCreate(client);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect((error as CreateOutcomeUnknownError).candidates).toHaveLength(1);
    expect(reads).toBe(2);
  });
});

describe('another create of the same trace on the wire', () => {
  it("waits for its answer before deciding: the interrupted one adopts its own, never the other's", async () => {
    const retrieved = gate();
    let seen = 0;
    const client = sbx.client({
      fetch: faultyFetch(
        holdAnswer((s) => isCreate(s) && s.role === 'a', retrieved.wait),
        commitThen(500, (s) => isCreate(s) && s.role === 'b'),
        {
          // A's answer is let go only once B has retrieved both candidates.
          match: (s) => s.method === 'GET' && /^\/v1\/flights\/booking\/[^/]+\/$/.test(s.path),
          times: Infinity,
          async respond(forward) {
            const response = await forward();
            if (++seen === 2) retrieved.open();
            return response;
          },
        },
      ),
    });
    const results = await client.flights.search(ONE_WAY);
    const choice = results.select(results.outbound[0]!);
    const [a, b] = await Promise.all([
      client.bookings.create(choice, { headers: { 'x-test-role': 'a' } }),
      client.bookings.create(choice, { headers: { 'x-test-role': 'b' } }),
    ]);
    expect(a.reconciled).toBe(false);
    expect(b.reconciled).toBe(true);
    expect(b.booking_id).not.toBe(a.booking_id);
  });
});
