// Child process of the fault suites: one `book(id)` from a fresh client in a fresh process.
// Env: FW_URL, FW_KEY, FW_BOOKING, FW_CELL (proxy cell header), optional FW_EXPECTED (expectedFinalFare),
// FW_REDIS_PORT (shared limiter/lock in Redis), FW_WAIT_GO=1 (print 'ready', then wait for a line on
// stdin before booking, so a parent can line up two children).
// Prints one JSON line: { ok, pnr?, status?, error?, message? }.
import { Fareway } from '../../../src/index.ts';
import { redisSetting } from '../../helpers/ioredis-client.ts';

async function main(): Promise<void> {
  const env = process.env;
  const redisPort = env.FW_REDIS_PORT ? Number(env.FW_REDIS_PORT) : undefined;
  const setting = redisPort ? await redisSetting(redisPort) : undefined;
  const fareway = new Fareway({
    apiKey: env.FW_KEY,
    baseUrl: env.FW_URL,
    logger: null,
    timeout: 10_000,
    maxRetries: 0,
    bookReconcile: { intervalMs: 50, timeoutMs: 15_000 },
    rateLimits: setting ? { redis: setting.redis } : false,
    defaultHeaders: env.FW_CELL ? { 'x-fault-cell': env.FW_CELL } : {},
  });
  if (env.FW_WAIT_GO === '1') {
    console.log('ready');
    await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
    process.stdin.pause();
  }
  try {
    const options = env.FW_EXPECTED ? { expectedFinalFare: Number(env.FW_EXPECTED) } : {};
    const done = await fareway.bookings.book(env.FW_BOOKING as string, options);
    console.log(JSON.stringify({ ok: true, pnr: done.pnr, status: done.status, ioredis: setting?.version }));
  } catch (error) {
    const e = error as Error;
    console.log(JSON.stringify({ ok: false, error: e.name, message: e.message }));
  } finally {
    await fareway.close();
    await setting?.release();
  }
}

void main();
