// Child process of resilience.test.ts: takes the shared lock LOCK three times (waiting while
// another process holds it), holds it ~100 ms each time, prints the [start, end] epoch ms of
// each hold as JSON, closes and must then exit by itself.
import { createLimiter } from '../../src/core/limiter.ts';

const limiter = createLimiter(process.env.API_KEY as string, {
  redis: { host: '127.0.0.1', port: Number(process.env.REDIS_PORT) },
});
await limiter.ready();
const holds: Array<[number, number]> = [];
const deadline = Date.now() + 30_000;
while (holds.length < 3 && Date.now() < deadline) {
  await limiter.waitUntilFree('book:b-1', 10_000);
  const lock = await limiter.lock('book:b-1', 5_000);
  if (lock === undefined) throw new Error('no shared store');
  if (lock === 'held') continue;
  const start = Date.now();
  await new Promise((r) => setTimeout(r, 100));
  const end = Date.now();
  await lock.release();
  holds.push([start, end]);
  await new Promise((r) => setTimeout(r, 5));
}
await limiter.close();
console.log(JSON.stringify(holds));
