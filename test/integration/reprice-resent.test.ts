/**
 * Issue 31 (item 1): a re-sent reprice never hides a price move. The lost attempt reaches the
 * service and moves the fare; its answer is cut short (a 2xx body cut), comes after the client's
 * timeout, or is replaced by a load balancer's 502 page; the retry layer re-sends. Against both
 * service behaviours — `price_changed` since create-booking (the contract, the sandbox's default)
 * and since the last reprice (`priceChangedSince: 'last-reprice'`, which answers the re-send with
 * `price_changed: false`) — the result says the fare moved from the fare before the first attempt,
 * or the call ends in a typed error. The sandbox is served over real HTTP on 127.0.0.1 with the
 * fault proxy in front; the repricing client knows nothing but the booking id (a stateless handler).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FarewayError } from '../../src/index.js';
import { Fareway, ResponseValidationError } from '../../src/index.js';
import { createSandbox, type ListeningSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { CELL_HEADER, startFaultProxy, type Fault, type FaultProxy } from '../helpers/fault-proxy.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

interface Service {
  sandbox: Sandbox;
  served: ListeningSandbox;
  proxy: FaultProxy;
  clients: Fareway[];
}

const services: Record<'create' | 'last-reprice', Service> = {} as never;

beforeAll(async () => {
  for (const since of ['create', 'last-reprice'] as const) {
    const sandbox = createSandbox({ seed: 3101, optionCount: 6, priceChangedSince: since });
    const served = await sandbox.listen({ rateLimits: false });
    const proxy = await startFaultProxy(served.url, { delayMs: 2_000 });
    services[since] = { sandbox, served, proxy, clients: [] };
  }
});
afterAll(async () => {
  for (const s of Object.values(services)) {
    await Promise.all(s.clients.map((c) => c.close()));
    await s.proxy.close();
    await s.served.close();
  }
});

function client(s: Service, cell?: string): Fareway {
  const c = new Fareway({
    apiKey: s.served.apiKey,
    baseUrl: cell ? s.proxy.url : s.served.url,
    logger: null,
    rateLimits: false,
    timeout: 1_000,
    retryBackoff: { baseDelayMs: 5, maxDelayMs: 20 },
    ...(cell ? { defaultHeaders: { [CELL_HEADER]: cell } } : {}),
  });
  s.clients.push(c);
  return c;
}

/** A booking with passengers saved by one client; returns its id and the fare create-booking locked. */
async function savedBooking(s: Service) {
  const fw = client(s);
  const results = await fw.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(21),
  });
  const created = await fw.bookings.create(results.select(results.outbound[0]!));
  await fw.bookings.savePassengers(created, passengersFor(results));
  return { id: created.booking_id, locked: created.pricing.final_fare };
}

const FAULTS: Array<[string, Fault]> = [
  ['a 2xx body cut short', 'cut-json'],
  ['an answer after the client’s timeout', 'commit-late'],
  ['a proxy’s 502 page after the service processed it', 'commit-html-502'],
];
const MOVE_INR = 1_500;

describe.each(['create', 'last-reprice'] as const)(
  'a re-sent reprice never hides a move (service compares with the %s)',
  (since) => {
    it.each(FAULTS)('%s: price_changed with the fare before the first attempt', async (_name, fault) => {
      const s = services[since];
      const { id, locked } = await savedBooking(s);
      const cell = `reprice/${since}/${fault}`;
      s.proxy.plan(cell, 'reprice', fault);
      s.sandbox.control.movePriceOnNextReprice(MOVE_INR);

      const repriced = await client(s, cell).bookings.reprice(id);

      // The lost attempt was processed (it moved the fare), and the reprice was sent again.
      expect(s.proxy.forwarded(cell, 'reprice')).toHaveLength(2);
      expect(s.proxy.forwarded(cell, 'retrieve')).toHaveLength(1);
      const now = s.sandbox.control.getBooking(id)!;
      expect(repriced.pricing.final_fare).toBeGreaterThan(locked);
      expect(repriced.pricing).toMatchObject({ price_changed: true, previous_total_amount: locked });
      expect(repriced.pricing.raw?.previous_total_amount).toBe(now.lockedRaw.final_fare);
      // The documented low-level pattern: the move is seen, so the traveller is asked first.
      const booked = await client(s).bookings.book(id, { expectedFinalFare: repriced.pricing.final_fare });
      expect(booked.pricing?.final_fare).toBe(repriced.pricing.final_fare);
    });

    it('no move, re-sent: no change is reported, and it is true', async () => {
      const s = services[since];
      const { id, locked } = await savedBooking(s);
      const cell = `reprice/${since}/still`;
      s.proxy.plan(cell, 'reprice', 'cut-json');
      const repriced = await client(s, cell).bookings.reprice(id);
      expect(s.proxy.forwarded(cell, 'reprice')).toHaveLength(2);
      expect(repriced.pricing).toMatchObject({ price_changed: false, final_fare: locked });
    });

    it('the fare before it cannot be read: not re-sent, the attempt’s typed error', async () => {
      const s = services[since];
      const { id } = await savedBooking(s);
      const cell = `reprice/${since}/unreadable`;
      s.proxy.plan(cell, 'reprice', 'cut-json');
      s.proxy.plan(cell, 'retrieve', 'envelope-503', 'envelope-503');
      s.sandbox.control.movePriceOnNextReprice(MOVE_INR);
      const error = await client(s, cell)
        .bookings.reprice(id)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as FarewayError).ids.booking_id).toBe(id);
      expect(s.proxy.forwarded(cell, 'reprice')).toHaveLength(1);
      // The caller's own next reprice, knowing nothing: the service says what it says (the
      // guided flow and expectedFinalFare compare with the fare the traveller agreed).
    });
  },
);
