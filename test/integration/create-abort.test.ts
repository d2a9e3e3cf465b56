/**
 * Issue 24 (item 4a): a create the caller aborts. Before anything left (a pre-aborted signal, or
 * an abort while queued for the rate limit) it rejects with the caller's reason: nothing happened.
 * Once the request may have reached the service, a booking and a fare lock may exist: the call
 * throws CreateOutcomeUnknownError at once, with the trace_id and the abort reason as its cause,
 * and reads nothing more (the caller asked to stop). What the error says to do finds the booking.
 */
import { describe, expect, it } from 'vitest';
import { CreateOutcomeUnknownError, type Fareway } from '../../src/index.js';
import { faultyFetch, gate, holdUntilAborted, isCreate, isList } from '../helpers/create-faults.js';
import { inDays, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 24 });

const ONE_WAY = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: inDays(20),
  source: 'supplier_b',
} as const;

const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

async function selection(fareway: Fareway) {
  const results = await fareway.flights.search(ONE_WAY);
  return results.select(results.outbound[0]!);
}

/** Bookings the sandbox made for a trace. */
const madeFor = (traceId: string) =>
  sbx
    .calls('createBooking')
    .filter((r) => r.status === 200 && (r.body as { trace_id?: string }).trace_id === traceId).length;

describe('a create aborted after it was sent', () => {
  it('the service made the booking, the answer is held, the caller aborts: CreateOutcomeUnknownError at once with the trace_id and the reason', async () => {
    const committed = gate();
    const fareway = sbx.client({ fetch: faultyFetch(holdUntilAborted(isCreate, committed.open)) });
    const choice = await selection(fareway);
    const controller = new AbortController();
    const pending = caught(fareway.bookings.create(choice, { signal: controller.signal }));
    await committed.wait;
    const reason = new Error('the customer closed the page');
    controller.abort(reason);
    const error = (await pending) as CreateOutcomeUnknownError;
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(error.trace_id).toBe(choice.trace_id);
    expect(error.cause).toBe(reason);
    expect(error.candidates).toEqual([]);
    expect(error.message).toMatch(/List bookings for this trace_id/);
    // Nothing more was read or sent for the aborted call.
    expect(sbx.calls('list')).toHaveLength(0);
    expect(sbx.calls('createBooking')).toHaveLength(1);
    // The advice works: listing by the trace_id shows the booking the aborted call made.
    const page = await fareway.bookings.list({ limit: 100 });
    const mine = page.results.filter((b) => b.trace_id === choice.trace_id);
    expect(mine).toHaveLength(1);
    expect(madeFor(choice.trace_id)).toBe(1);
  });

  it('an abort while the interrupted create is being settled by listing: CreateOutcomeUnknownError, not the bare abort', async () => {
    const listing = gate();
    const fareway = sbx.client({ fetch: faultyFetch(holdUntilAborted(isList, listing.open)) });
    const choice = await selection(fareway);
    sbx.control.commitThenDrop('createBooking');
    const controller = new AbortController();
    const pending = caught(fareway.bookings.create(choice, { signal: controller.signal }));
    await listing.wait;
    const reason = new Error('request timed out upstream of the SDK');
    controller.abort(reason);
    const error = (await pending) as CreateOutcomeUnknownError;
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(error.trace_id).toBe(choice.trace_id);
    expect(error.cause).toBe(reason);
    expect(sbx.calls('createBooking')).toHaveLength(1);
    expect(madeFor(choice.trace_id)).toBe(1);
  });
});

describe('a create aborted before anything was sent stays the plain abort', () => {
  it('a pre-aborted signal: the reason itself, nothing sent', async () => {
    const fareway = sbx.client();
    const choice = await selection(fareway);
    const reason = new Error('gave up before starting');
    const error = await caught(fareway.bookings.create(choice, { signal: AbortSignal.abort(reason) }));
    expect(error).toBe(reason);
    expect(sbx.calls('createBooking')).toHaveLength(0);
  });

  it('aborted while queued for the rate limit: the reason itself, nothing sent', async () => {
    const fareway = sbx.client({ rateLimits: { other: { limit: 1, windowMs: 60_000 } } });
    const choice = await selection(fareway);
    await fareway.bookings.list(); // takes the only `other` token for a minute
    const controller = new AbortController();
    const pending = caught(fareway.bookings.create(choice, { signal: controller.signal }));
    await new Promise((resolve) => setImmediate(resolve));
    const reason = new Error('not waiting a minute');
    controller.abort(reason);
    expect(await pending).toBe(reason);
    expect(sbx.calls('createBooking')).toHaveLength(0);
    expect(sbx.calls('list')).toHaveLength(1);
  });
});
