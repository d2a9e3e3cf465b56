/**
 * Issue 31 (item 2) without a shared store: two instances (two clients, sharing nothing but the
 * API key and a selection token) create from one token — a double submit. A's answer is a load
 * balancer's 502 page (the proxy answered; nothing was made for A); B's create made a booking.
 * A's settling list finds B's draft (same trace, same indices). With `createAdoption:
 * 'shared-store'` (several instances, no Redis) A never adopts it: CreateOutcomeUnknownError
 * naming the candidate. The sandbox is served over real HTTP on 127.0.0.1, the fault proxy in front.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateOutcomeUnknownError, Fareway, type FarewayOptions } from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { CELL_HEADER, startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { inDays } from '../helpers/sandbox.js';

const sandbox = createSandbox({ seed: 3121, optionCount: 6 });
let served: ListeningSandbox;
let proxy: FaultProxy;
const clients: Fareway[] = [];
beforeAll(async () => {
  served = await sandbox.listen({ rateLimits: false });
  proxy = await startFaultProxy(served.url);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await proxy.close();
  await served.close();
});

/** One instance: a client of its own, through the proxy with its cell's faults. */
function instance(cell: string, options: FarewayOptions = {}): Fareway {
  const c = new Fareway({
    apiKey: served.apiKey,
    baseUrl: proxy.url,
    logger: null,
    rateLimits: false,
    bookReconcile: { intervalMs: 20, timeoutMs: 2_000 },
    defaultHeaders: { [CELL_HEADER]: cell },
    ...options,
  });
  clients.push(c);
  return c;
}

async function token(): Promise<string> {
  const searcher = instance('search');
  const results = await searcher.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(23),
  });
  return searcher.flights.selectionToken(results.select(results.outbound[0]!));
}

describe('a double submit across instances without a shared store', () => {
  it("createAdoption 'shared-store': A's 502 page never adopts B's booking; the error names it", async () => {
    const shared = await token();
    const a = instance('double/a', { createAdoption: 'shared-store' });
    const b = instance('double/b', { createAdoption: 'shared-store' });
    proxy.plan('double/a', 'createBooking', 'html-502');
    const made = await b.bookings.create(await b.flights.selectionFromToken(shared));
    const error = await a.bookings
      .create(await a.flights.selectionFromToken(shared))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect((error as CreateOutcomeUnknownError).candidates).toEqual([made.booking_id]);
    expect((error as CreateOutcomeUnknownError).message).toContain(made.booking_id);
    expect(proxy.forwarded('double/a', 'createBooking')).toHaveLength(0);
    expect(made.reconciled).toBe(false);
  });

  it("createAdoption 'shared-store' costs the single instance its adoption: its own booking is named, not taken", async () => {
    const shared = await token();
    const a = instance('alone/a', { createAdoption: 'shared-store' });
    sandbox.control.commitThenDrop('createBooking');
    const error = await a.bookings
      .create(await a.flights.selectionFromToken(shared))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect((error as CreateOutcomeUnknownError).candidates).toHaveLength(1);
  });

  it("the default ('this-client', one instance): an interrupted create still adopts its own booking", async () => {
    const shared = await token();
    const a = instance('default/a');
    sandbox.control.commitThenDrop('createBooking');
    const created = await a.bookings.create(await a.flights.selectionFromToken(shared));
    expect(created.reconciled).toBe(true);
  });
});
