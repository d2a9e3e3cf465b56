import { describe, expect, it } from 'vitest';
import { freePort, runTsChild } from '../helpers/redis.ts';

// docs/rate-limits.md: close() leaves no timers. With Redis unreachable, ioredis' disconnect()
// armed a 2 s timer (its disconnectTimeout) that only a socket 'close' event clears, and a socket
// that never connected has already closed: the process hung on for 2 s after close().
describe('close() with Redis unreachable', () => {
  it.each(['options', 'client'])(
    'leaves nothing that holds the process (redis given as %s)',
    async (mode) => {
      const port = await freePort(); // nothing listens there
      const child = await runTsChild('test/redis/dead-redis-child.ts', {
        REDIS_PORT: String(port),
        MODE: mode,
      });
      expect(child.code).toBe(0);
      expect(child.stderr).not.toMatch(/Unhandled error event/); // each ioredis client has its listener
      const lines = child.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      // What was still active once close() and the timers already due had run.
      expect(lines[0]).toEqual({ active: [] });
      expect(lines[1]).toHaveProperty('exitedAfterMs');
    },
    60_000,
  );
});
