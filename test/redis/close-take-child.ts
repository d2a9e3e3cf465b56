// Child process for test/redis/close-take.test.ts: closes its limiter while a take script is on
// the wire (Redis paused for writes), and must then exit by itself, long before the window ends.
import { Redis } from 'ioredis';
import { createLimiter } from '../../src/core/limiter/limiter.ts';

const url = process.env.REDIS_URL!;
const limiter = createLimiter('close-take-key', { search: { limit: 2, windowMs: 60_000 }, redis: url });
await limiter.ready();
// Two tokens of the window spent; a third call waits in the shared queue (its take answered "wait").
await Promise.all([1, 2].map((n) => limiter.schedule('search', async () => n)));
const third = limiter.schedule('search', async () => 3).catch((e: { code?: string }) => e.code);
await new Promise((r) => setTimeout(r, 300));
// Writes paused: the next take script stays on the wire until close() ends the connection.
const admin = new Redis(url);
await admin.call('CLIENT', 'PAUSE', '2000', 'WRITE');
const fourth = limiter.schedule('search', async () => 4).catch((e: { code?: string }) => e.code);
await new Promise((r) => setTimeout(r, 200));
await limiter.close();
console.log(JSON.stringify({ third: await third, fourth: await fourth }));
admin.disconnect();
