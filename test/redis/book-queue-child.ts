// Child process of book-lock-queue.test.ts: one booking process of a partner whose book budget is
// shared through Redis (REDIS_PORT) with another process. ROLE=first books FIRST_ID (spending the
// window's only book token), then BOOK_ID, whose book waits in the queue for the next window.
// ROLE=second waits until the epoch ms written to START_FILE, then books BOOK_ID. Prints one JSON
// line ({ pnr, reconciled } or { error, code }), closes and must then exit by itself.
import { existsSync, readFileSync } from 'node:fs';
import { Fareway } from '../../src/index.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} missing`);
  return value;
};
const fareway = new Fareway({
  apiKey: env('API_KEY'),
  baseUrl: env('URL'),
  logger: null,
  // Old lock TTL: 2 × (timeout + reconcile) + 10 s = 13 s; the book window below is longer.
  timeout: 1_000,
  bookReconcile: { timeoutMs: 500, intervalMs: 50 },
  maxRetries: 0,
  rateLimits: {
    book: { limit: 1, windowMs: Number(env('WINDOW_MS')) },
    redis: { host: '127.0.0.1', port: Number(env('REDIS_PORT')) },
  },
});
await fareway.ready();
let out: Record<string, unknown>;
try {
  if (env('ROLE') === 'first') {
    await fareway.bookings.book(env('FIRST_ID'));
  } else {
    const file = env('START_FILE');
    while (!existsSync(file)) await new Promise((r) => setTimeout(r, 20));
    const at = Number(readFileSync(file, 'utf8'));
    await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
  }
  // The call's budget bounds its queue and lock waits (issue 30): this one may wait for the next window.
  const booked = await fareway.bookings.book(env('BOOK_ID'), { timeout: 30_000 });
  out = { pnr: booked.pnr, reconciled: booked.reconciled };
} catch (error) {
  out = {
    error: error instanceof Error ? error.name : String(error),
    code: (error as { code?: string }).code,
  };
}
await fareway.close();
console.log(JSON.stringify(out));
