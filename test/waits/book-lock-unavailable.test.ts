/**
 * What a book does while its shared lock cannot be taken (issue 30, item 3): `rateLimits.redis` is
 * set but nothing answers there. The default (`bookLockUnavailable: 'proceed'`) books with the
 * per-client guarantee and logs a warning; `'refuse'` sends nothing and throws
 * BookLockUnavailableError. The option is checked like every other (a bad value names it).
 */
import { describe, expect, it } from 'vitest';
import { BookLockUnavailableError, ConfigurationError, Fareway } from '../../src/index.js';
import { freePort } from '../helpers/redis.js';
import { inDays, passengersFor, SANDBOX_URL, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 33 });

async function priced(fareway: Fareway) {
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(22),
  });
  const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
  await fareway.bookings.savePassengers(booking, passengersFor(results));
  return booking;
}

/** A client whose Redis is configured on a port where nothing listens. */
async function withDeadRedis(extra: Record<string, unknown>, warnings: string[]) {
  const port = await freePort();
  return sbx.client({
    ...extra,
    logger: { warn: (m: string) => warnings.push(m) },
    rateLimits: { redis: { host: '127.0.0.1', port }, connectTimeoutMs: 50 },
  });
}

describe('bookLockUnavailable: a book while Redis cannot be reached', () => {
  it("defaults to 'proceed': booked with the per-client guarantee, and a warning says so", async () => {
    const warnings: string[] = [];
    const fareway = await withDeadRedis({}, warnings);
    const booking = await priced(fareway);
    const done = await fareway.bookings.book(booking);
    expect(done).toMatchObject({ status: 'confirmed', reconciled: false });
    expect(sbx.calls('book')).toHaveLength(1);
    expect(warnings.some((w) => /shared lock could not be taken/.test(w))).toBe(true);
  });

  it("'refuse': BookLockUnavailableError with the booking id, nothing sent", async () => {
    const fareway = await withDeadRedis({ bookLockUnavailable: 'refuse' }, []);
    const booking = await priced(fareway);
    const error = await fareway.bookings.book(booking).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BookLockUnavailableError);
    expect(error).toMatchObject({ code: 'book_lock_unavailable' });
    expect((error as BookLockUnavailableError).ids.booking_id).toBe(booking.booking_id);
    expect(sbx.calls('book')).toHaveLength(0);
  });

  it("'refuse' without Redis configured changes nothing: the per-client guarantee is all there is", async () => {
    const fareway = sbx.client({ bookLockUnavailable: 'refuse' });
    const booking = await priced(fareway);
    await expect(fareway.bookings.book(booking)).resolves.toMatchObject({ status: 'confirmed' });
  });

  it('a value that is neither is a ConfigurationError naming the option', () => {
    expect(
      () =>
        new Fareway({
          apiKey: sbx.sandbox.apiKey,
          baseUrl: SANDBOX_URL,
          bookLockUnavailable: 'maybe' as 'refuse',
        }),
    ).toThrow(ConfigurationError);
    expect(
      () =>
        new Fareway({
          apiKey: sbx.sandbox.apiKey,
          baseUrl: SANDBOX_URL,
          bookLockUnavailable: 'maybe' as 'refuse',
        }),
    ).toThrow(/bookLockUnavailable/);
  });
});
