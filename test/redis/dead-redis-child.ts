// Child process of dead-redis.test.ts: a client whose rate limits point at a Redis nobody listens
// on makes a call and closes; the process must then exit by itself, promptly.
import { Redis } from 'ioredis';
import { Fareway } from '../../src/index.ts';
import { createSandbox } from '../../src/sandbox/index.ts';

const port = Number(process.env.REDIS_PORT);
// 'options': ioredis options (Fareway loads ioredis); 'client': the caller's own ioredis client,
// which Fareway duplicates (the caller's lazy client never connects: it holds nothing).
const passed = new Redis({ host: '127.0.0.1', port, lazyConnect: true });
const redis = process.env.MODE === 'client' ? passed : { host: '127.0.0.1', port };
const sandbox = createSandbox({ seed: 5 });
const fareway = new Fareway({
  apiKey: sandbox.apiKey,
  baseUrl: 'https://sandbox.fareway.test',
  fetch: sandbox.fetch as unknown as typeof fetch,
  logger: null,
  rateLimits: { redis, connectTimeoutMs: 300 },
});
await fareway.bookings.list({ limit: 1 }); // runs on the per-process fallback
await fareway.close();
const closedAt = performance.now();
// A 0 ms timer set now runs after every timer already due (ioredis' own, set in close()); the
// immediate after it sees what still holds the process. Deterministic: no timing threshold.
// The child's own stdio pipes to the parent (PipeWrap) are not ours and do not hold it.
const held = () => process.getActiveResourcesInfo().filter((r) => r !== 'PipeWrap' && r !== 'TTYWrap');
setTimeout(() => setImmediate(() => console.log(JSON.stringify({ active: held() }))), 0);
process.on('exit', () =>
  console.log(JSON.stringify({ exitedAfterMs: Math.round(performance.now() - closedAt) })),
);
