import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionError, Fareway, type FarewayOptions } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { maxInAnyWindow } from '../helpers/redis.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

// The same flows over real HTTP on 127.0.0.1: real sockets, real drops, real timeouts.
const sandbox = createSandbox({ seed: 5, rateLimits: { search: { limit: 6, windowMs: 1_000 } } });
let server: Awaited<ReturnType<typeof sandbox.listen>>;
const clients: Fareway[] = [];
beforeAll(async () => {
  server = await sandbox.listen({ port: 0 });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server.close();
});

function client(options: FarewayOptions = {}) {
  const c = new Fareway({
    apiKey: server.apiKey,
    baseUrl: server.url,
    logger: null,
    retryBackoff: { baseDelayMs: 5, maxDelayMs: 20 },
    bookReconcile: { timeoutMs: 3_000, intervalMs: 20 },
    rateLimits: { search: { limit: 6, windowMs: 1_000 } },
    ...options,
  });
  clients.push(c);
  return c;
}

describe('over real HTTP (listen)', () => {
  it('books a coupled international round trip end to end', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const fareway = client();
    const results = await fareway.flights.search({
      origin: 'DEL',
      destination: 'SIN',
      preferred_departure_time: inDays(40),
      preferred_return_departure_time: inDays(47),
    });
    const out = results.outbound[0]!;
    const { booking } = await fareway.bookFlight({
      selection: results.select(out, results.returnsFor(out)[0]),
      passengers: passengersFor(results),
    });
    expect(booking.pnr).toMatch(/^[A-Z0-9]{6}$/);
    const page = await fareway.bookings.list({ limit: 100 });
    expect(page.results.map((b) => b.id)).toContain(booking.booking_id);
  });

  it('a book whose socket is destroyed after commit ends with one PNR and one debit', async () => {
    const fareway = client();
    const results = await fareway.flights.search({
      origin: 'BOM',
      destination: 'MAA',
      preferred_departure_time: inDays(25),
      source: 'supplier_b',
    });
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    await fareway.bookings.savePassengers(booking, passengersFor(results));
    sandbox.control.commitThenDrop('book');
    const done = await fareway.bookings.book(booking);
    expect(done.reconciled).toBe(true);
    expect(sandbox.control.getBooking(booking.booking_id)!.debits).toHaveLength(1);
    expect(
      sandbox.control.requests().filter((r) => r.endpoint === 'book' && r.path.includes(booking.booking_id)),
    ).toHaveLength(1);
  });

  it('a dropped connection on a read is a typed error when retries are off', async () => {
    const fareway = client({ maxRetries: 0 });
    sandbox.control.failNext('list', { drop: true });
    await expect(fareway.bookings.list()).rejects.toBeInstanceOf(APIConnectionError);
  });

  it('sends no x-fareway-* header to the service (the attempt is correlated on the client side)', async () => {
    sandbox.control.clearRequests();
    const fareway = client(); // rate limits on: every attempt's wire timestamps are watched
    await fareway.flights.search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(21) });
    await fareway.bookings.list({ limit: 1 });
    const seen = sandbox.control.requests().flatMap((r) => Object.keys(r.headers));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((name) => /^x-fareway/i.test(name))).toEqual([]);
  });

  it('a burst of searches above the limit queues in the SDK and never draws a 429', async () => {
    // A partner of its own: the other tests' clients have their own limiters and spent this key's window.
    const apiKey = sandbox.control.addPartner();
    sandbox.control.clearRequests();
    const limited: unknown[] = [];
    const c = client({ apiKey, maxRetries: 2, hooks: { onRateLimited: (e) => limited.push(e) } });
    const all = await Promise.all(
      Array.from({ length: 14 }, () =>
        c.flights.search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(20) }),
      ),
    );
    expect(all).toHaveLength(14);
    // Exact however loaded the machine is: each token comes back one window after its answer
    // arrived, and the sandbox counted the search before it answered.
    const searches = sandbox.control.requests().filter((r) => r.endpoint === 'search');
    expect(searches.filter((r) => r.status === 429)).toHaveLength(0);
    expect(limited).toHaveLength(0);
    expect(searches).toHaveLength(14);
    expect(
      maxInAnyWindow(
        searches.map((r) => Date.parse(r.at)),
        1_000,
      ),
    ).toBeLessThanOrEqual(6);
  });
});
