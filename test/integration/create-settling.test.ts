/**
 * How an interrupted create settles (resources/create/create.ts `resolveCreate`), through the public API
 * against the sandbox (issue 33: rules its mutants showed unpinned): two creates of one trace
 * interrupted together each settle (neither waits for the other's look), a listing that fails is
 * said in the log and decides nothing, a listing cut short with no candidate is looked at again,
 * an adopted booking keeps the service's own `pax_count`, and a re-send with no `onRetry` hook
 * reports no hook failure.
 */
import { describe, expect, it } from 'vitest';
import { CreateOutcomeUnknownError, type Fareway, type FarewayOptions } from '../../src/index.js';
import {
  commitThen,
  envelope,
  faultyFetch,
  gate,
  hang,
  isCreate,
  isList,
  isRetrieve,
  type Rule,
} from '../helpers/create-faults.js';
import { inDays, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 336 });
const ROUTE = { origin: 'BLR', destination: 'DEL', preferred_departure_time: inDays(17) } as const;

function observed(opts: FarewayOptions = {}) {
  const lines: Array<[string, string, unknown]> = [];
  const at = (level: string) => (msg: string, meta?: unknown) => void lines.push([level, msg, meta]);
  const fw = sbx.client({
    logLevel: 'info',
    logger: { info: at('info'), warn: at('warn'), error: at('error') },
    bookReconcile: { timeoutMs: 20_000, intervalMs: 5 },
    ...opts,
  });
  return { fw, lines };
}
const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (error: unknown) => error,
  );
async function search(fw: Fareway) {
  return fw.flights.search(ROUTE);
}

describe('an interrupted create settles', () => {
  it('two creates of one trace interrupted together: each adopts its own, neither waits on the other', async () => {
    // Both creates reach the service (it commits both), then both answers become 502 envelopes,
    // once both have been sent: the two looks run at the same time.
    const bothSent = gate();
    let sent = 0;
    const together: Rule = {
      match: isCreate,
      times: 2,
      async respond(forward) {
        await (await forward()).arrayBuffer();
        if (++sent === 2) bothSent.open();
        await bothSent.wait;
        return envelope(502);
      },
    };
    const { fw } = observed({ fetch: faultyFetch(together) });
    const results = await search(fw);
    const [a, b] = await Promise.all([
      fw.bookings.create(results.select(results.outbound[0]!)),
      fw.bookings.create(results.select(results.outbound[1]!)),
    ]);
    expect(a.reconciled && b.reconciled).toBe(true);
    expect(a.booking_id).not.toBe(b.booking_id);
    expect(sbx.calls('createBooking')).toHaveLength(2);
  });

  it('a listing that fails: said in the log, and the create ends unknown with no candidate', async () => {
    const failing: Rule = { match: isList, times: Infinity, respond: () => Promise.resolve(envelope(500)) };
    const { fw, lines } = observed({ fetch: faultyFetch(commitThen(502), failing) });
    const results = await search(fw);
    const error = (await caught(
      fw.bookings.create(results.select(results.outbound[0]!)),
    )) as CreateOutcomeUnknownError;
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(error.candidates).toEqual([]);
    const said = lines.filter(
      ([level, msg]) => level === 'info' && msg.startsWith('could not list bookings'),
    );
    expect(said).toHaveLength(1);
    expect(said[0]![1]).toMatch(
      new RegExp(`^could not list bookings to resolve create for ${results.trace_id}: \\S.*500`),
    );
  });

  it('a listing cut short that names no candidate is looked at again (until settled)', async () => {
    // Every page holds only the newest booking (another trace's, made just before) and links a
    // next one that brings nothing new: the listing never completes, and names no candidate.
    const other = sbx.client();
    const elsewhere = await other.flights.search({ ...ROUTE, origin: 'MAA' });
    await other.bookings.create(elsewhere.select(elsewhere.outbound[0]!));
    let newest: unknown[] | undefined;
    const endless: Rule = {
      match: isList,
      times: Infinity,
      async respond(forward) {
        const response = await forward();
        const body = (await response.json()) as Record<string, unknown>;
        newest ??= (body.results as unknown[]).slice(0, 1); // no older entry ends it
        body.results = newest;
        body.next = 'https://sandbox.fareway.test/v1/bookings/?limit=50&offset=50';
        return Response.json(body, { status: response.status });
      },
    };
    const { fw } = observed({ timeout: 300, fetch: faultyFetch(hang(), endless) });
    const results = await search(fw);
    sbx.control.clearRequests();
    const error = (await caught(
      fw.bookings.create(results.select(results.outbound[0]!)),
    )) as CreateOutcomeUnknownError;
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(error.candidates).toEqual([]);
    // One look lists two pages (the second brings nothing new); the look is repeated.
    expect(sbx.calls('list').length).toBeGreaterThan(2);
  });

  it("an adopted booking keeps the service's own pax_count over the search's", async () => {
    const service = { adult: 2, child: 1, infant: 1 };
    const withPax: Rule = {
      match: isRetrieve,
      times: Infinity,
      async respond(forward) {
        const response = await forward();
        const body = (await response.json()) as Record<string, unknown>;
        body.pax_count = service;
        return Response.json(body, { status: response.status });
      },
    };
    const { fw } = observed({ fetch: faultyFetch(commitThen(502), withPax) });
    const results = await search(fw);
    const created = await fw.bookings.create(results.select(results.outbound[0]!));
    expect(created.reconciled).toBe(true);
    expect(created.pax_count).toEqual(service);
  });

  it('a 502 re-sent with no onRetry hook: no hook failure reported', async () => {
    const { fw, lines } = observed();
    const results = await search(fw);
    sbx.control.failNext('createBooking', { status: 502 });
    await fw.bookings.create(results.select(results.outbound[0]!));
    expect(sbx.calls('createBooking')).toHaveLength(2);
    expect(lines.filter(([, msg]) => msg.includes('hook'))).toEqual([]);
  });
});
