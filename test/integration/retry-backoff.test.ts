/**
 * The backoff between re-sends of a failed read (core/call/retry.ts, issue 33), through the public API
 * against the sandbox: the delays `onRetry` reports start at half of `retryBackoff.baseDelayMs`,
 * double each time, and are jittered up to twice that (p-retry's `randomize`). Values reported,
 * not times measured.
 */
import { expect, it } from 'vitest';
import { inDays, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 337 });

it('a read failing with 500 three times: delays in [b/2, b], [b, 2b], [2b, 4b], jittered', async () => {
  const delays: number[] = [];
  const fw = sbx.client({
    maxRetries: 3,
    retryBackoff: { baseDelayMs: 40, maxDelayMs: 10_000 },
    hooks: { onRetry: (event) => void delays.push(event.delayMs) },
  });
  sbx.control.failNext('search', { status: 500, times: 3 });
  await fw.flights.search({ origin: 'DEL', destination: 'CCU', preferred_departure_time: inDays(12) });
  expect(delays).toHaveLength(3);
  const [first, second, third] = delays as [number, number, number];
  expect(first).toBeGreaterThanOrEqual(20);
  expect(first).toBeLessThanOrEqual(40);
  expect(second).toBeGreaterThanOrEqual(40);
  expect(second).toBeLessThanOrEqual(80);
  expect(third).toBeGreaterThanOrEqual(80);
  expect(third).toBeLessThanOrEqual(160);
  // Without jitter they would be exactly 20, 40, 80 (three draws at the floor: about 1 in 10^6).
  expect(delays).not.toEqual([20, 40, 80]);
});
