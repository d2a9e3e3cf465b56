// Child process for shared-limiter.test.ts: hammers the shared 'search' bucket through Redis,
// prints the epoch ms at which each job started, closes, and must then exit by itself.
import { createLimiter } from '../../src/core/limiter/limiter.ts';
import { redisSetting } from '../helpers/ioredis-client.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} missing`);
  return value;
};
const warnings: string[] = [];
const setting = await redisSetting(Number(env('REDIS_PORT')));
const limiter = createLimiter(
  env('FAREWAY_TEST_KEY'),
  {
    search: { limit: Number(env('LIMIT')), windowMs: Number(env('WINDOW_MS')) },
    marginMs: 50,
    redis: setting.redis,
  },
  { warn: (msg) => warnings.push(msg) },
);
await limiter.ready();
const starts: number[] = [];
const jobs = Number(env('JOBS'));
await Promise.all(
  Array.from({ length: jobs }, () =>
    limiter.schedule('search', async () => {
      starts.push(Date.now());
    }),
  ),
);
const mode = limiter.mode;
await limiter.close();
await setting.release();
console.log(JSON.stringify({ mode, starts, warnings, ioredis: setting.version }));
