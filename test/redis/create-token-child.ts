// Child process of test/redis/create-claims-processes.test.ts (issue 31, item 2): one instance's
// `bookings.create` from a selection token, a fresh client in a fresh process sharing nothing with
// the other instance but the API key, the token and (FW_REDIS_PORT) Redis.
// Env: FW_URL, FW_KEY, FW_TOKEN, FW_CELL (the fault proxy's cell), optional FW_REDIS_PORT and
// FW_ADOPTION (createAdoption). Prints 'ready', waits for a line on stdin, creates, and prints one
// JSON line: { ok, booking_id?, reconciled?, error?, candidates? }.
import { Fareway, type FarewayOptions } from '../../src/index.ts';

const env = process.env;
const fareway = new Fareway({
  apiKey: env.FW_KEY,
  baseUrl: env.FW_URL,
  logger: null,
  timeout: 10_000,
  bookReconcile: { intervalMs: 50, timeoutMs: 5_000 },
  rateLimits: env.FW_REDIS_PORT ? { redis: { host: '127.0.0.1', port: Number(env.FW_REDIS_PORT) } } : false,
  defaultHeaders: { 'x-fault-cell': env.FW_CELL as string },
  ...(env.FW_ADOPTION ? { createAdoption: env.FW_ADOPTION as FarewayOptions['createAdoption'] } : {}),
});
const selection = await fareway.flights.selectionFromToken(env.FW_TOKEN as string);
console.log('ready');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.pause();
try {
  const created = await fareway.bookings.create(selection);
  console.log(JSON.stringify({ ok: true, booking_id: created.booking_id, reconciled: created.reconciled }));
} catch (error) {
  const e = error as Error & { candidates?: string[] };
  console.log(JSON.stringify({ ok: false, error: e.name, candidates: e.candidates }));
} finally {
  await fareway.close();
}
