// Child process of resilience.test.ts: takes the shared lock LOCK three times (waiting while
// another process holds it), holds it ~100 ms each time, prints the [start, end] epoch ms of
// each hold as JSON ({ holds, ioredis }), closes and must then exit by itself.
import { createLimiter } from '../../src/core/limiter/limiter.ts';
import { redisSetting } from '../helpers/ioredis-client.ts';

const setting = await redisSetting(Number(process.env.REDIS_PORT));
const limiter = createLimiter(process.env.API_KEY as string, { redis: setting.redis });
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
await setting.release();
console.log(JSON.stringify({ holds, ioredis: setting.version }));
