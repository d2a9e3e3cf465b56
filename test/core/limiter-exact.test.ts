import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxInAnyWindow, runTsChild } from '../helpers/redis.ts';
import { captureSearchBody, startStrictServer } from '../redis/strict-server.ts';

// The limiter's contract judged by an independent strict sliding-window service on 127.0.0.1:
// 0 × 429 and never more than the limit in any window, by the service's own count at arrival,
// with default options — also while busy-loop processes, twice the machine's cores, compete for
// the CPU (issue 24: two drew 6 × 429 on a 2-core CI machine already running other work; the
// margin now follows the client's measured timer lateness, src/core/limiter/lateness.ts).
// The client runs in its own process (test/redis/search-child.ts, local limits), as it would on
// another machine than the service: in one process, the client's own work (parsing two dozen
// answers) delays the server's 'request' event, so the service would stamp arrivals later than
// the wire does — on a loaded machine by more than the limiter's margin, a test artefact.
const LIMIT = 6;
const WINDOW_MS = 600;
/** Busy-loop processes: twice the machine's cores, so the machine is busier than the test assumes. */
const HOGS = 2 * availableParallelism();

let body: string;
beforeAll(async () => {
  body = await captureSearchBody();
});

async function burst(count: number) {
  const server = await startStrictServer({ limit: LIMIT, windowMs: WINDOW_MS, body });
  try {
    const child = await runTsChild('test/redis/search-child.ts', {
      API_KEY: 'exactness-test-key',
      URL: server.url,
      LIMIT: String(LIMIT),
      WINDOW_MS: String(WINDOW_MS),
      COUNT: String(count),
    });
    expect(child.code, child.stderr).toBe(0); // it exited by itself after close()
    const out = JSON.parse(child.stdout) as { rateLimited: number; failures: number; warnings: string[] };
    expect(out).toMatchObject({ rateLimited: 0, failures: 0, warnings: [] });
    expect(server.refused()).toBe(0);
    expect(server.accepted).toHaveLength(count);
    expect(maxInAnyWindow(server.accepted, WINDOW_MS)).toBeLessThanOrEqual(LIMIT);
  } finally {
    await server.close();
  }
}

describe('the local limiter against a strict sliding-window service', () => {
  it('draws no 429 for a burst of four windows of searches', async () => {
    await burst(LIMIT * 4);
  }, 60_000);

  describe(`while ${HOGS} busy-loop processes (twice the cores) load the CPU`, () => {
    const hogs: ChildProcess[] = [];
    beforeAll(() => {
      for (let i = 0; i < HOGS; i++)
        hogs.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    });
    afterAll(async () => {
      await Promise.all(
        hogs.map((h) => {
          const exited = new Promise((r) =>
            h.exitCode !== null || h.signalCode !== null ? r(null) : h.once('exit', r),
          );
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
