/**
 * Reprice's re-send (core/call/retry.ts `beforeResend`, resources/reprice.ts), through the public API
 * against the sandbox (issue 33): the fare is read before re-sending only after an attempt that
 * may have reached the service; a connection refused before anything was written is re-sent at
 * once, with no read first.
 */
import { expect, it } from 'vitest';
import { faultyFetch, type Rule } from '../helpers/create-faults.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 338 });

/** The first reprice fails as undici does when the connection is refused: nothing written. */
const refusedOnce: Rule = {
  match: (s) => s.method === 'POST' && /\/reprice\/?$/.test(s.path),
  respond: () =>
    Promise.reject(
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }),
      }),
    ),
};

it('a reprice refused before sending is re-sent without reading the fare first', async () => {
  const fw = sbx.client({ maxRetries: 2, fetch: faultyFetch(refusedOnce) });
  const results = await fw.flights.search({
    origin: 'HYD',
    destination: 'DEL',
    preferred_departure_time: inDays(15),
  });
  const booking = await fw.bookings.create(results.select(results.outbound[0]!));
  await fw.bookings.savePassengers(booking, passengersFor(results));
  sbx.control.clearRequests();
  const { pricing } = await fw.bookings.reprice(booking);
  expect(pricing.final_fare).toBeGreaterThan(0);
  expect(sbx.calls('reprice')).toHaveLength(1); // the refused one never reached the sandbox
  expect(sbx.calls('retrieve')).toHaveLength(0);
});
