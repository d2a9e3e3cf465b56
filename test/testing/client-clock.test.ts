/**
 * The client's `clock` option: every local expiry decision reads it. Against the sandbox over
 * real HTTP on 127.0.0.1, a moved clock expires a search or a fare lock on the client's side with
 * nothing sent (the sandbox's request log proves it), without waiting and without margin tricks
 * (`expiryMarginMs` stays at its default). One clock for both: `clock: sandbox.clock`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  Deadline,
  Fareway,
  FareExpiredError,
  FareExpiredLocallyError,
  type FarewayOptions,
} from '../../src/index.js';
import { createClock, createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const MINUTE = 60_000;
const sandbox = createSandbox({ seed: 32, lockMinutes: 15 });
let server: ListeningSandbox;
const clients: Fareway[] = [];

beforeAll(async () => {
  server = await sandbox.listen({ rateLimits: false });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  sandbox.control.reset();
});
afterAll(() => server.close());

function client(options: FarewayOptions = {}): Fareway {
  const c = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null, ...options });
  clients.push(c);
  return c;
}

const search = (fareway: Fareway) =>
  fareway.flights.search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(20) });

/** Endpoints the sandbox saw, in order. */
const seen = () => sandbox.control.requests().map((r) => r.endpoint);

describe('a clock the client reads', () => {
  it('expires a selection on the client side: FareExpiredLocallyError, 0 requests sent', async () => {
    const clock = createClock();
    const fareway = client({ clock });
    const results = await search(fareway);
    const selection = results.select(results.outbound[0]!);
    const token = await fareway.flights.selectionToken(selection);
    expect(results.deadline.isExpired()).toBe(false);
    sandbox.control.clearRequests();

    clock.advance(16 * MINUTE); // past any search's 15 minutes
    expect(results.deadline.isExpired()).toBe(true);
    expect(results.deadline.remainingMs()).toBe(0);
    await expect(fareway.bookings.create(selection)).rejects.toBeInstanceOf(FareExpiredLocallyError);
    await expect(fareway.flights.fareRules(selection)).rejects.toBeInstanceOf(FareExpiredLocallyError);
    await expect(fareway.flights.selectionToken(selection)).rejects.toBeInstanceOf(FareExpiredLocallyError);
    await expect(fareway.flights.selectionFromToken(token)).rejects.toBeInstanceOf(FareExpiredLocallyError);
    const plain = { trace_id: selection.trace_id, result_indices: [...selection.result_indices] };
    await expect(fareway.bookings.create(plain)).rejects.toMatchObject({ local: true, status: 0 });
    expect(seen()).toEqual([]);
  });

  it("reads a token's deadline on the clock of the client that turns it back", async () => {
    const clock = createClock();
    const maker = client({ clock: createClock(), selectionTokenSecret: 'x'.repeat(32) });
    const reader = client({ clock, selectionTokenSecret: 'x'.repeat(32) });
    const results = await search(maker);
    const token = await maker.flights.selectionToken(results.select(results.outbound[0]!));
    const selection = await reader.flights.selectionFromToken(token);
    clock.advance(16 * MINUTE);
    sandbox.control.clearRequests();
    expect(selection.deadline.isExpired()).toBe(true);
    await expect(reader.bookings.create(selection)).rejects.toBeInstanceOf(FareExpiredLocallyError);
    expect(seen()).toEqual([]);
  });

  it('expires a fare lock on the client side: passengers, reprice and book refused, nothing sent', async () => {
    const clock = createClock();
    const fareway = client({ clock });
    const results = await search(fareway);
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    expect(booking.deadline?.isExpired()).toBe(false);
    sandbox.control.clearRequests();
    clock.advance(31 * MINUTE); // past the 15-minute lock
    const id = booking.booking_id;
    const refusals = [
      fareway.bookings.savePassengers(id, passengersFor(results)),
      fareway.bookings.reprice(id),
      fareway.bookings.book(id, { expectedFinalFare: 1 }),
    ];
    for (const refused of refusals) await expect(refused).rejects.toBeInstanceOf(FareExpiredLocallyError);
    expect(seen()).toEqual([]);
  });

  it('one clock for both: sandbox.clock, moved by control.advanceTime', async () => {
    const fareway = client({ clock: sandbox.clock });
    const real = client(); // the real clock: the sandbox's move is news to it
    const results = await search(fareway);
    const other = await search(real);
    sandbox.control.advanceTime(16 * MINUTE);
    sandbox.control.clearRequests();
    await expect(fareway.bookings.create(results.select(results.outbound[0]!))).rejects.toBeInstanceOf(
      FareExpiredLocallyError,
    );
    expect(seen()).toEqual([]);
    // Without the clock the client sends, and the service (the sandbox) refuses: 409.
    const sent = await real.bookings.create(other.select(other.outbound[0]!)).catch((e: unknown) => e);
    expect(sent).toBeInstanceOf(FareExpiredError);
    expect(sent).not.toBeInstanceOf(FareExpiredLocallyError);
    expect(seen()).toEqual(['createBooking']);
  });

  it('a sandbox reached over HTTP: createClock at its now, both moved by the same amount', async () => {
    const remote = await createSandbox({ seed: 36, now: Date.UTC(2031, 0, 1) }).listen({
      control: true,
      rateLimits: false,
    });
    const ctl = async (method: string, body?: object) =>
      (await (
        await fetch(`${remote.url}/__sandbox/control/${method}`, {
          method: body ? 'POST' : 'GET',
          ...(body ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {}),
        })
      ).json()) as { now: string; requests: { endpoint: string; status: number }[] };
    try {
      const clock = createClock(new Date((await ctl('now')).now));
      const fareway = client({ apiKey: remote.apiKey, baseUrl: remote.url, clock });
      const results = await fareway.flights.search({
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: '2031-01-20',
      });
      await ctl('clearRequests', {});
      // The sandbox's clock alone: the client still believes the search and sends; the service says 409.
      await ctl('advanceTime', { ms: 16 * MINUTE });
      const sent = await fareway.bookings
        .create(results.select(results.outbound[0]!))
        .catch((e: unknown) => e);
      expect(sent).toBeInstanceOf(FareExpiredError);
      expect(sent).not.toBeInstanceOf(FareExpiredLocallyError);
      expect((await ctl('requests')).requests.map((r) => [r.endpoint, r.status])).toEqual([
        ['createBooking', 409],
      ]);
      // The client's clock moved by the same amount: refused before sending.
      await ctl('clearRequests', {});
      clock.advance(16 * MINUTE);
      await expect(fareway.bookings.create(results.select(results.outbound[1]!))).rejects.toBeInstanceOf(
        FareExpiredLocallyError,
      );
      expect((await ctl('requests')).requests).toEqual([]);
    } finally {
      await remote.close();
    }
  });

  it('a clock given as a Date-returning function, read on every check', async () => {
    let now = new Date();
    const fareway = client({ clock: { now: () => now } });
    const results = await search(fareway);
    now = new Date(now.getTime() + 16 * MINUTE);
    expect(results.deadline.isExpired()).toBe(true);
    expect(results.deadline.toString()).toMatch(/^expired/);
  });

  it('a clock that is not one is a ConfigurationError naming the option', () => {
    const make = (clock: unknown) => () =>
      new Fareway({ apiKey: 'k'.repeat(16), baseUrl: server.url, clock: clock as never });
    expect(make(Date.now)).toThrow(/clock/);
    expect(make({ now: 5 })).toThrow(ConfigurationError);
    expect(make({ now: () => 'noon' })).toThrow(/clock.*epoch milliseconds/);
    expect(make({ now: () => new Date('x') })).toThrow(ConfigurationError);
  });

  it('onExpire fires after a move within a second of real time (re-read every second)', () => {
    vi.useFakeTimers();
    try {
      const clock = createClock(Date.UTC(2030, 0, 1));
      const deadline = Deadline.in(10 * MINUTE, { clock });
      const fired = vi.fn();
      deadline.onExpire(fired);
      clock.advance(11 * MINUTE);
      expect(fired).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1000);
      expect(fired).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
