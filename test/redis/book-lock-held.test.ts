/**
 * Lock contention that sent nothing says so (issue 24): when another process of the same key holds
 * a booking's book lock for longer than the call's timeout, book throws BookingInProgressError — not
 * BookingOutcomeUnknownError, which says the book may have committed — and sends no book.
 * A real redis-server; the other process's lock is taken through the limiter's own API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimiter } from '../../src/core/limiter/limiter.js';
import { BookingInProgressError, Fareway } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const sandbox = createSandbox({ seed: 29 });
let server: Awaited<ReturnType<typeof sandbox.listen>>;
let redis: RedisServer;

beforeAll(async () => {
  if (!hasRedisServer()) throw new Error('redis-server is needed (.ci/run installs it)');
  redis = await startRedisServer();
  server = await sandbox.listen({ port: 0 });
});
afterAll(async () => {
  await server?.close();
  await redis?.stop();
});

describe('book while another process always holds the lock', () => {
  it('throws BookingInProgressError once the call timeout is spent, after one read, and sends no book', async () => {
    const redisSetting = { host: '127.0.0.1', port: redis.port };
    const fareway = new Fareway({
      apiKey: sandbox.apiKey,
      baseUrl: server.url,
      logger: null,
      // The wait for the other process's lock ends within the call's timeout (issue 30).
      timeout: 500,
      bookReconcile: { timeoutMs: 100, intervalMs: 20 },
      rateLimits: { redis: redisSetting },
    });
    const other = createLimiter(sandbox.apiKey, { redis: redisSetting });
    try {
      await Promise.all([fareway.ready(), other.ready()]);
      const results = await fareway.flights.search({
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: inDays(25),
      });
      const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
      await fareway.bookings.savePassengers(booking, passengersFor(results));
      const held = await other.lock(`book:${booking.booking_id}`, 120_000);
      expect(held).not.toBe('held');
      expect(held).toBeDefined();
      const before = sandbox.control.requests().length;

      const error = await fareway.bookings.book(booking).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BookingInProgressError);
      expect(error).toMatchObject({ code: 'booking_in_progress', booking_id: booking.booking_id });
      expect((error as BookingInProgressError).lastStatus).toBe('passenger_saved');
      const sent = sandbox.control.requests().slice(before);
      expect(sent.filter((r) => r.endpoint === 'book')).toHaveLength(0);
      expect(sent.filter((r) => r.endpoint === 'retrieve')).toHaveLength(1);
      await (held as { release(): Promise<void> }).release();
    } finally {
      await fareway.close();
      await other.close();
    }
  }, 90_000);
});
