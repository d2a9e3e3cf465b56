// Child process of book-lock-budget.test.ts: another process of the same API key that takes the
// book lock LOCK and keeps it (it renews itself) until its parent closes it (SIGTERM). Prints
// "held" once it has it.
import { createLimiter } from '../../src/core/limiter/limiter.ts';

const limiter = createLimiter(process.env.API_KEY as string, {
  redis: { host: '127.0.0.1', port: Number(process.env.REDIS_PORT) },
});
await limiter.ready();
const lock = await limiter.lock(process.env.LOCK as string, 5_000);
if (lock === undefined || lock === 'held') throw new Error(`could not take the lock: ${String(lock)}`);
process.stdout.write('held\n');
process.once('SIGTERM', () => {
  void lock.release().finally(() => limiter.close().finally(() => process.exit(0)));
});
setInterval(() => undefined, 1_000);
