/**
 * The shared book lock covers the whole time its holder may still send (issue 24): a book that
 * waits in the (Redis-shared) book queue longer than the lock's initial TTL keeps its lock, so a
 * second process never takes it and sends the same book. Two processes, a real redis-server and
 * the sandbox over HTTP on 127.0.0.1. Red before the lock renewed itself: the second process took
 * the expired lock and booked too (two book requests for one booking).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fareway } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { hasRedisServer, runTsChild, startRedisServer, type RedisServer } from '../helpers/redis.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const WINDOW_MS = 16_000; // longer than the old TTL of 13 s (see book-queue-child.ts)
const sandbox = createSandbox({ seed: 17 });
let server: Awaited<ReturnType<typeof sandbox.listen>>;
let redis: RedisServer;
const dir = mkdtempSync(join(tmpdir(), 'fareway-book-queue-'));

beforeAll(async () => {
  if (!hasRedisServer()) throw new Error('redis-server is needed (.ci/run installs it)');
  redis = await startRedisServer();
  server = await sandbox.listen({ port: 0 });
});
afterAll(async () => {
  await server?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function pricedBooking(fareway: Fareway): Promise<string> {
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(25),
  });
  const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
  await fareway.bookings.savePassengers(booking, passengersFor(results));
  await fareway.bookings.reprice(booking);
  return booking.booking_id;
}

describe('the shared book lock across a long book queue', () => {
  it('a second process waits for the queued holder and reads its PNR: one book request', async () => {
    const setup = new Fareway({
      apiKey: sandbox.apiKey,
      baseUrl: server.url,
      logger: null,
      rateLimits: false,
    });
    const first = await pricedBooking(setup);
    const target = await pricedBooking(setup);
    await setup.close();

    const startFile = join(dir, 'start');
    const env = {
      API_KEY: sandbox.apiKey,
      URL: server.url,
      REDIS_PORT: String(redis.port),
      WINDOW_MS: String(WINDOW_MS),
      BOOK_ID: target,
      FIRST_ID: first,
      START_FILE: startFile,
    };
    const holder = runTsChild('test/redis/book-queue-child.ts', { ...env, ROLE: 'first' });
    const second = runTsChild('test/redis/book-queue-child.ts', { ...env, ROLE: 'second' });
    // When the first book reaches the service, the holder takes the target's lock and queues.
    const books = () => sandbox.control.requests().filter((r) => r.endpoint === 'book');
    const deadline = Date.now() + 60_000;
    while (!books().some((r) => r.path.includes(first)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(books().some((r) => r.path.includes(first))).toBe(true);
    // The second process books once the old TTL (13 s) has passed, while the holder still waits.
    writeFileSync(startFile, String(Date.now() + 13_500));

    const [a, b] = await Promise.all([holder, second]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const outA = JSON.parse(a.stdout) as { pnr?: string; reconciled?: boolean; error?: string };
    const outB = JSON.parse(b.stdout) as { pnr?: string; reconciled?: boolean; error?: string };
    expect(outA).toMatchObject({ reconciled: false });
    expect(outA.pnr).toBeTruthy();
    // The second process sent nothing: it waited for the lock and read the holder's PNR.
    expect(outB).toMatchObject({ pnr: outA.pnr, reconciled: true });
    expect(books().filter((r) => r.path.includes(target))).toHaveLength(1);
    expect(sandbox.control.getBooking(target)!.debits).toHaveLength(1);
  }, 120_000);
});
