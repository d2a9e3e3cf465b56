/**
 * A book that meets another process's book lock ends within the call's budget (issue 30, item 4):
 * the other process (a child started from another directory) holds the lock and keeps renewing
 * it; book with `timeout: 2000` ends with BookingInProgressError (nothing sent) long before the
 * lock is released. Red on 1.1.0: each of three rounds waited the lock's TTL, 2 × (client timeout
 * + reconcile window) + 10 s — 270 s with default options, still waiting at 12 s with
 * `timeout: 2000`. The bound asserted is generous (the budget plus 6 s of a loaded machine).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingInProgressError, Fareway } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { startElsewhere } from '../helpers/elsewhere.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

if (!hasRedisServer() && process.env.CI) throw new Error('redis-server is needed (.ci/run installs it)');
const sandbox = createSandbox({ seed: 31 });
let server: Awaited<ReturnType<typeof sandbox.listen>>;
let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedisServer();
  server = await sandbox.listen({ port: 0 });
});
afterAll(async () => {
  await server?.close();
  await redis?.stop();
});

describe.skipIf(!hasRedisServer())("book meets another process's lock", () => {
  it('ends inside the per-call timeout with BookingInProgressError, nothing sent', async () => {
    // Default client options: only the call's own timeout bounds the wait.
    const fareway = new Fareway({
      apiKey: sandbox.apiKey,
      baseUrl: server.url,
      logger: null,
      rateLimits: { redis: { host: '127.0.0.1', port: redis.port } },
    });
    try {
      await fareway.ready();
      const results = await fareway.flights.search({
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: inDays(25),
      });
      const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
      await fareway.bookings.savePassengers(booking, passengersFor(results));
      const holder = startElsewhere('test/redis/lock-holder-child.ts', {
        API_KEY: sandbox.apiKey,
        REDIS_PORT: String(redis.port),
        LOCK: `book:${booking.booking_id}`,
      });
      try {
        await holder.line((l) => l === 'held');
        const before = sandbox.control.requests().length;
        const started = performance.now();
        const error = await fareway.bookings.book(booking, { timeout: 2_000 }).then(
          () => undefined,
          (e: unknown) => e,
        );
        const tookMs = performance.now() - started;
        expect(error).toBeInstanceOf(BookingInProgressError);
        expect(error).toMatchObject({ code: 'booking_in_progress', lastStatus: 'passenger_saved' });
        expect((error as BookingInProgressError).ids.booking_id).toBe(booking.booking_id);
        expect(tookMs).toBeLessThan(8_000);
        const sent = sandbox.control.requests().slice(before);
        expect(sent.filter((r) => r.endpoint === 'book')).toHaveLength(0);
        // The holder still has it: the call gave up on its budget, not on a release.
        expect(holder.child.exitCode).toBeNull();
      } finally {
        holder.child.kill('SIGTERM');
        await holder.exited;
      }
    } finally {
      await fareway.close();
    }
  }, 60_000);
});
