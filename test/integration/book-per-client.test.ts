/**
 * Book's single-flight belongs to the client that made it (issue 24): two clients with different
 * API keys in one process never join each other's book. Over real HTTP on 127.0.0.1, as the
 * defect was reproduced (no msw in this file: it would answer for 127.0.0.1 too).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Fareway, NotFoundError } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const ONE_WAY = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(30) };

async function priced(fareway: Fareway) {
  const results = await fareway.flights.search(ONE_WAY);
  const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
  await fareway.bookings.savePassengers(booking, passengersFor(results));
  await fareway.bookings.reprice(booking);
  return booking;
}

describe("book's single-flight belongs to the client (so to its API key)", () => {
  const listening: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(listening.splice(0).map((l) => l.close()));
  });

  it("two clients with different keys (over HTTP): B's concurrent book of A's id never gets A's PNR", async () => {
    const keys = ['partner-a-key-0000000001', 'partner-b-key-0000000002'];
    const sandbox = createSandbox({ seed: 7, partners: keys.map((apiKey) => ({ apiKey })) });
    const server = await sandbox.listen({ port: 0, host: '127.0.0.1' });
    listening.push(server);
    const client = (apiKey: string) =>
      new Fareway({ apiKey, baseUrl: server.url, logger: null, rateLimits: false, maxRetries: 0 });
    const a = client(keys[0]!);
    const b = client(keys[1]!);
    try {
      const booking = await priced(a);
      const [mine, theirs] = await Promise.allSettled([
        a.bookings.book(booking),
        b.bookings.book(booking.booking_id),
      ]);
      expect(mine.status).toBe('fulfilled');
      expect(theirs.status).toBe('rejected');
      expect((theirs as PromiseRejectedResult).reason).toBeInstanceOf(NotFoundError);
      // B's own view agrees: the booking is not B's.
      await expect(b.bookings.retrieve(booking.booking_id)).rejects.toBeInstanceOf(NotFoundError);
      // Each key sent its own book; A's was the one that confirmed.
      const books = sandbox.control.requests().filter((r) => r.endpoint === 'book');
      expect(books.map((r) => r.status).sort()).toEqual([200, 404]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
