// Child process of lock-renewal.test.ts: another process of the same API key that wants the lock
// LOCK. Prints "ready" once its limiter is ready, then tries to take the lock (TTL_MS) every
// 50 ms until it gets it (or 30 s pass), releases it and prints its attempts as JSON:
// { attempts: [{ start, end, got }] } (epoch ms). Must then exit by itself.
import { createLimiter } from '../../src/core/limiter/limiter.ts';

const limiter = createLimiter(process.env.API_KEY as string, {
  redis: { host: '127.0.0.1', port: Number(process.env.REDIS_PORT) },
});
await limiter.ready();
process.stdout.write('ready\n');
const attempts: Array<{ start: number; end: number; got: boolean }> = [];
const deadline = Date.now() + 30_000;
while (Date.now() < deadline) {
  const start = Date.now();
  const lock = await limiter.lock(process.env.LOCK as string, Number(process.env.TTL_MS));
  if (lock === undefined) throw new Error('no shared store');
  attempts.push({ start, end: Date.now(), got: lock !== 'held' });
  if (lock !== 'held') {
    await lock.release();
    break;
  }
  await new Promise((r) => setTimeout(r, 50));
}
process.stdout.write(`${JSON.stringify({ attempts })}\n`);
await limiter.close();
