/**
 * workerd before compatibility date ~2026-03 returns a plain number from setTimeout (as browsers
 * do): nothing there has `ref()`/`unref()`. A client there must search, create and book on the
 * normal path: before, the limiter's `timer.unref()` threw ("this.timer.unref is not a function"),
 * so create and book were logged "interrupted" and settled by re-reading the booking.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Fareway } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
const pending = new Map<number, ReturnType<typeof setTimeout>>();

/** setTimeout/clearTimeout as workerd at compatibility date 2024-09-23 has them: numeric ids. */
function numericTimers(): void {
  let next = 1;
  globalThis.setTimeout = ((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = next++;
    pending.set(
      id,
      realSetTimeout(() => {
        pending.delete(id);
        fn(...args);
      }, ms),
    );
    return id;
  }) as unknown as typeof setTimeout;
  globalThis.clearTimeout = ((id: unknown) => {
    if (typeof id !== 'number') return realClearTimeout(id as ReturnType<typeof setTimeout>);
    const timer = pending.get(id);
    if (timer !== undefined) realClearTimeout(timer);
    pending.delete(id);
  }) as typeof clearTimeout;
}

beforeEach(numericTimers);
afterEach(() => {
  globalThis.setTimeout = realSetTimeout;
  globalThis.clearTimeout = realClearTimeout;
  for (const timer of pending.values()) realClearTimeout(timer);
  pending.clear();
});

describe('timers that are numbers (workerd, browsers)', () => {
  it('search, create, save passengers and book take the normal path: nothing is logged, nothing interrupted', async () => {
    expect(typeof setTimeout(() => undefined, 1)).toBe('number');
    const sandbox = createSandbox({ seed: 26 });
    const logs: string[] = [];
    const log = (level: string) => (msg: unknown) => logs.push(`${level}: ${String(msg)}`);
    const fareway = new Fareway({
      apiKey: sandbox.apiKey,
      baseUrl: 'https://sandbox.fareway.test',
      logger: { debug() {}, info: log('info'), warn: log('warn'), error: log('error') },
      // the default rate limits: the limiter's timers run
      fetch: async (input, init) =>
        (await sandbox.fetch(new Request(input, init))) ?? new Response(null, { status: 404 }),
    });
    try {
      const results = await fareway.flights.search({
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: inDays(20),
        source: 'supplier_b',
      });
      const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
      await fareway.bookings.savePassengers(booking, passengersFor(results));
      const { data: done } = await fareway.bookings.book(booking.booking_id).withResponse();
      expect(done.status).toBe('confirmed');
      expect(done.pnr).toBeTruthy();
      expect(logs).toEqual([]);
    } finally {
      await fareway.close();
    }
  });
});
