// Child process of resilience.test.ts: takes every 'book' token of the shared budget with calls
// that never finish, prints "taken", and waits to be killed.
import { createLimiter } from '../../src/core/limiter/limiter.ts';

const limiter = createLimiter(process.env.API_KEY as string, {
  book: { limit: 3, windowMs: 1000 },
  redis: { host: '127.0.0.1', port: Number(process.env.REDIS_PORT) },
});
await limiter.ready();
let started = 0;
for (let i = 0; i < 3; i++) {
  void limiter.schedule('book', () => {
    if (++started === 3) process.stdout.write('taken\n');
    return new Promise<never>(() => undefined);
  });
}
setInterval(() => undefined, 1000);
