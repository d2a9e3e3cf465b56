/**
 * A busy machine stalls the client between stamping a request's send and writing it (issue 24,
 * item 10). undici publishes `undici:client:sendHeaders` (the send stamp) a few ticks before the
 * headers reach the socket; a process that stalls in between sends later than its stamp, and the
 * service counts the request later. With a fixed margin, a slow answer anchored the token at
 * stamp + margin — before the service had even seen the request — and the next request drew a 429.
 * The margin now grows with how late the client's own timers fire (core/limiter/lateness.ts).
 *
 * The stall is made deterministic: a diagnostics-channel subscriber that runs after the SDK's own
 * busy-waits once, inside the publish, before undici writes. The strict service counts each search
 * when its headers arrive (test/redis/strict-server.ts). Red before: 1 × 429.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fareway } from '../../src/index.ts';
import { captureSearchBody, SEARCH, startStrictServer, type StrictServer } from '../redis/strict-server.ts';

const WINDOW_MS = 400;
const MARGIN_MS = 20;
const STALL_MS = 200;

let body: string;
let server: StrictServer;
beforeAll(async () => {
  body = await captureSearchBody(); // also subscribes the SDK's wire-event handlers first
  server = await startStrictServer({ limit: 1, windowMs: WINDOW_MS, body });
});
afterAll(async () => {
  await server?.close();
});

function busyWait(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* a stalled process */
  }
}

describe('a process stall between the send stamp and the write', () => {
  it('does not let the next request reach the service within a window of the stalled one', async () => {
    let rateLimited = 0;
    const fareway = new Fareway({
      apiKey: 'stall-test-key',
      baseUrl: server.url,
      logger: null,
      maxRetries: 0,
      rateLimits: { search: { limit: 1, windowMs: WINDOW_MS }, marginMs: MARGIN_MS },
      hooks: { onRateLimited: () => rateLimited++ },
    });
    let stallNext = true;
    const stall = () => {
      if (!stallNext) return;
      stallNext = false;
      busyWait(STALL_MS);
    };
    subscribe('undici:client:sendHeaders', stall);
    try {
      const results = await Promise.allSettled([
        fareway.flights.search(SEARCH),
        fareway.flights.search(SEARCH),
      ]);
      expect(stallNext).toBe(false); // the first request did stall
      expect(server.accepted).toHaveLength(2);
      const [first, second] = server.accepted as [number, number];
      expect(second - first).toBeGreaterThanOrEqual(WINDOW_MS);
      expect({ refused: server.refused(), rateLimited }).toEqual({ refused: 0, rateLimited: 0 });
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    } finally {
      unsubscribe('undici:client:sendHeaders', stall);
      await fareway.close();
    }
  });
});
