import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fareway } from '../../src/index.ts';
import { maxInAnyWindow } from '../helpers/redis.ts';
import { captureSearchBody, SEARCH, startStrictServer } from '../redis/strict-server.ts';

// The limiter's contract judged by an independent strict sliding-window service on 127.0.0.1:
// 0 × 429 and never more than the limit in any window, by the service's own count at arrival,
// with default options — also while two busy-loop processes compete for the CPU.
const LIMIT = 6;
const WINDOW_MS = 600;

let body: string;
beforeAll(async () => {
  body = await captureSearchBody();
});

async function burst(count: number) {
  const server = await startStrictServer({ limit: LIMIT, windowMs: WINDOW_MS, body });
  let rateLimited = 0;
  const client = new Fareway({
    apiKey: 'exactness-test-key',
    baseUrl: server.url,
    logger: null,
    rateLimits: { search: { limit: LIMIT, windowMs: WINDOW_MS } },
    hooks: { onRateLimited: () => rateLimited++ },
  });
  try {
    const results = await Promise.all(Array.from({ length: count }, () => client.flights.search(SEARCH)));
    expect(results).toHaveLength(count);
    expect(rateLimited).toBe(0);
    expect(server.refused()).toBe(0);
    expect(server.accepted).toHaveLength(count);
    expect(maxInAnyWindow(server.accepted, WINDOW_MS)).toBeLessThanOrEqual(LIMIT);
  } finally {
    await client.close();
    await server.close();
  }
}

describe('the local limiter against a strict sliding-window service', () => {
  it('draws no 429 for a burst of four windows of searches', async () => {
    await burst(LIMIT * 4);
  }, 60_000);

  describe('while two busy-loop processes load the CPU', () => {
    const hogs: ChildProcess[] = [];
    beforeAll(() => {
      for (let i = 0; i < 2; i++) hogs.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    });
    afterAll(async () => {
      await Promise.all(
        hogs.map((h) => {
          const exited = new Promise((r) => (h.exitCode !== null || h.signalCode !== null ? r(null) : h.once('exit', r)));
          h.kill('SIGKILL');
          return exited;
        }),
      );
    });

    it('still draws no 429', async () => {
      await burst(LIMIT * 4);
    }, 60_000);
  });
});
