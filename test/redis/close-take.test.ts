/**
 * `close()` while a shared-token take script is on the wire: the script fails as the connection
 * ends, and nothing may start after close — before the fix the limiter fell back to its outage
 * source there, whose timers held the process for up to a window (the esm-nodenext consumer
 * project's children hung 60 s in 2 of 3 full runs). The child must exit by itself, long before
 * its 60 s window could end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, runTsChild, startRedisServer, type RedisServer } from '../helpers/redis.js';

describe.runIf(hasRedisServer())('close() with a take script on the wire', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('rejects the waiting calls and lets the process exit by itself', async () => {
    const exited = runTsChild('test/redis/close-take-child.ts', { REDIS_URL: redis.url });
    // Not a measurement: the window is 60 s, a hang is that long; 30 s is far beyond any close.
    const hang = new Promise<'hung'>((r) => setTimeout(() => r('hung'), 30_000).unref());
    const child = await Promise.race([exited, hang]);
    expect(child, 'the child did not exit by itself within 30 s of a 60 s window').not.toBe('hung');
    const { code, stdout, stderr } = child as Awaited<typeof exited>;
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ third: 'LIMITER_CLOSED', fourth: 'LIMITER_CLOSED' });
  }, 60_000);
});
