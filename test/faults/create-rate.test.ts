/**
 * Issue 24 (item 7): proving "nothing was made" at the rate a partner's limits allow. A partner
 * whose limits were raised creates 5 bookings a second with one key; the 120 s look-back of an
 * interrupted create (the call's start minus the clock-skew margin) then holds some 600 bookings,
 * more than three pages of 100. Sixteen creates at 5/s each get one enveloped 500 or 502 from the
 * fault proxy before the service acts: every 500 must surface as InternalServerError and every 502
 * must be re-sent once and succeed — never CreateOutcomeUnknownError, never two bookings for a call.
 *
 * The history (the last two minutes of that partner's traffic) is made on the sandbox's virtual
 * clock, one create every 200 ms of it, so the test does not wait two real minutes. The sandbox's
 * and the client's `other` budgets are raised to what 5 creates a second need (with their flows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateOutcomeUnknownError,
  Fareway,
  InternalServerError,
  type CreateBookingInput,
} from '../../src/index.js';
import { createSandbox, type ListeningSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { CELL_HEADER, startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { inDays } from '../helpers/sandbox.js';
import { countUnhandled } from './settle.js';

/** Creates per second per key, and how far back the history goes (the margin is 120 s). */
const RATE = 5;
const HISTORY_MS = 125_000;
const OTHER = { limit: 1_200, windowMs: 60_000 };
const SEARCHES = { limit: 600, windowMs: 60_000 };
const SEARCH = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(20), adult_count: 1 };

const unhandled = countUnhandled();
let sandbox: Sandbox;
let served: ListeningSandbox;
let proxy: FaultProxy;
const clients: Fareway[] = [];
let made = 0;

function client(baseUrl: string, options: ConstructorParameters<typeof Fareway>[0] = {}): Fareway {
  const c = new Fareway({ apiKey: served.apiKey, baseUrl, logger: null, ...options });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  sandbox = createSandbox({
    seed: 57,
    optionCount: 25,
    now: Date.now() - HISTORY_MS,
    rateLimits: { other: OTHER, search: SEARCHES },
  });
  served = await sandbox.listen(); // the sandbox enforces its (raised) limits
  proxy = await startFaultProxy(served.url);
  made = await history();
});
afterAll(async () => {
  unhandled.stop();
  await Promise.allSettled(clients.map((c) => c.close()));
  await proxy?.close();
  await served?.close();
});

/** Another worker's last two minutes: a create every 1/RATE s of virtual time, from many searches. */
async function history(): Promise<number> {
  const worker = client(served.url, { rateLimits: false, maxRetries: 0 });
  const start = sandbox.control.now().getTime();
  const total = Math.floor((HISTORY_MS / 1000) * RATE);
  let choices: CreateBookingInput[] = [];
  for (let i = 0; i < total; i++) {
    const lag = start + (i * 1000) / RATE - sandbox.control.now().getTime();
    if (lag > 0) sandbox.control.advanceTime(lag);
    if (choices.length === 0) {
      const results = await worker.flights.search(SEARCH);
      choices = results.outbound.map((o) => results.select(o));
    }
    await worker.bookings.create(choices.pop()!);
  }
  // The virtual clock catches up with this machine's: the history ends now.
  sandbox.control.advanceTime(Math.max(0, Date.now() - sandbox.control.now().getTime()));
  return total;
}

/** Bookings the sandbox made for a trace (whoever asked). */
const madeFor = (traceId: string) =>
  sandbox.control
    .requests()
    .filter(
      (r) =>
        r.endpoint === 'createBooking' &&
        r.status === 200 &&
        (r.body as { trace_id?: string }).trace_id === traceId,
    ).length;

describe('create at 5 per second per key: one enveloped 500 or 502 each', () => {
  it('every 500 surfaces, every 502 is re-sent once and succeeds; no CreateOutcomeUnknownError, never two bookings', async () => {
    expect(made).toBeGreaterThan(3 * 100 * 2);
    const fareway = client(proxy.url, { rateLimits: { other: OTHER, search: SEARCHES } });
    const calls = 16;
    const choices: CreateBookingInput[] = [];
    for (let i = 0; i < calls; i++) {
      const results = await fareway.flights.search(SEARCH);
      choices.push(results.select(results.outbound[0]!));
    }
    proxy.records().length = 0;
    const cells = choices.map((_, i) => `rate-${i}`);
    cells.forEach((cell, i) => proxy.plan(cell, 'createBooking', i % 2 ? 'envelope-502' : 'envelope-500'));
    const outcomes = await Promise.allSettled(
      choices.map(async (choice, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i * 1000) / RATE));
        return fareway.bookings.create(choice, { headers: { [CELL_HEADER]: cells[i]! } });
      }),
    );

    const unknown = outcomes.filter(
      (o) => o.status === 'rejected' && o.reason instanceof CreateOutcomeUnknownError,
    );
    expect(unknown.map((o) => (o as PromiseRejectedResult).reason as Error).map((e) => e.message)).toEqual(
      [],
    );
    outcomes.forEach((outcome, i) => {
      const traceId = choices[i]!.trace_id;
      const sent = proxy.forwarded(cells[i]!, 'createBooking').length;
      if (i % 2 === 0) {
        expect(outcome.status === 'rejected' && outcome.reason).toBeInstanceOf(InternalServerError);
        expect(sent).toBe(0);
        expect(madeFor(traceId)).toBe(0);
      } else {
        expect(outcome.status === 'fulfilled' && outcome.value.reconciled).toBe(false);
        expect(sent).toBe(1); // the one re-send
        expect(madeFor(traceId)).toBe(1);
      }
    });
    // The proof went deeper than three pages of 100: the look-back held more than that.
    const offsets = proxy
      .records()
      .filter((r) => r.endpoint === 'list')
      .map((r) => Number(new URL(r.path, 'http://x').searchParams.get('offset') ?? 0));
    expect(Math.max(...offsets)).toBeGreaterThanOrEqual(300);
    expect(unhandled.count).toBe(0);
  });

  it('a create reset after the service committed is adopted once the listing reaches back', async () => {
    const fareway = client(proxy.url, { rateLimits: { other: OTHER, search: SEARCHES } });
    const results = await fareway.flights.search(SEARCH);
    const choice = results.select(results.outbound[0]!);
    proxy.plan('adopt', 'createBooking', 'reset-after');
    const created = await fareway.bookings.create(choice, { headers: { [CELL_HEADER]: 'adopt' } });
    expect(created.reconciled).toBe(true);
    expect(created.trace_id).toBe(choice.trace_id);
    expect(madeFor(choice.trace_id)).toBe(1);
  });

  it('a settling budget too short to reach back adopts nothing: CreateOutcomeUnknownError naming the booking', async () => {
    const fareway = client(proxy.url, {
      rateLimits: { other: OTHER, search: SEARCHES },
      bookReconcile: { timeoutMs: 0, intervalMs: 10 },
    });
    const results = await fareway.flights.search(SEARCH);
    const choice = results.select(results.outbound[0]!);
    proxy.plan('short', 'createBooking', 'reset-after');
    const error = (await fareway.bookings
      .create(choice, { headers: { [CELL_HEADER]: 'short' } })
      .catch((e: unknown) => e)) as CreateOutcomeUnknownError;
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(error.trace_id).toBe(choice.trace_id);
    expect(error.candidates).toHaveLength(1);
    expect(sandbox.control.getBooking(error.candidates[0]!)?.traceId).toBe(choice.trace_id);
  });
});
