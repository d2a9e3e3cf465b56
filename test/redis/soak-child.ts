// Child process of outage-soak.test.ts: booking flows (search → create → save passengers → book
// at the agreed fare) through the public client against URL, its budgets shared through Redis
// (REDIS_PORT), FLOWS at a time until RUN_MS has passed. Prints one JSON line: every flow's
// outcome (`confirmed`, or the error's class and code, and whether it is a FarewayError), the
// booking ids it booked, the 429s it met and the client's warnings; closes and exits by itself.
import { Fareway, FarewayError } from '../../src/index.ts';
import { inDays, passengersFor } from '../helpers/sandbox.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} missing`);
  return value;
};
const rule = (limit: string) => ({ limit: Number(env(limit)), windowMs: Number(env('WINDOW_MS')) });
let rateLimited = 0;
const logs: string[] = [];
const fareway = new Fareway({
  apiKey: env('API_KEY'),
  baseUrl: env('URL'),
  rateLimits: {
    search: rule('SEARCH_LIMIT'),
    book: rule('BOOK_LIMIT'),
    other: rule('OTHER_LIMIT'),
    redis: { host: '127.0.0.1', port: Number(env('REDIS_PORT')) },
    commandTimeoutMs: 300,
  },
  bookReconcile: { timeoutMs: 2_000, intervalMs: 100 },
  retryBackoff: { baseDelayMs: 50, maxDelayMs: 400 },
  logger: {
    warn: (m) => logs.push(`warn ${m}`),
    info: (m) => m.includes('Redis') && logs.push(`info ${m}`),
    error: (m) => logs.push(`error ${m}`),
  },
  hooks: { onRateLimited: () => rateLimited++ },
});
await fareway.ready();
process.stdout.write('ready\n');

const outcomes: Array<{ outcome: string; typed: boolean; step: string }> = [];
const booked: string[] = [];
const until = Date.now() + Number(env('RUN_MS'));
const routes = [
  ['DEL', 'BOM'],
  ['BOM', 'BLR'],
  ['DEL', 'BLR'],
] as const;
let n = Number(env('INDEX'));

async function flow(): Promise<void> {
  const [origin, destination] = routes[n++ % routes.length]!;
  let step = 'search';
  try {
    const results = await fareway.flights.search({
      origin,
      destination,
      preferred_departure_time: inDays(20 + (n % 9)),
    });
    step = 'create';
    const booking = await fareway.bookings.create(results.select(results.outbound[n % 4]!));
    step = 'savePassengers';
    await fareway.bookings.savePassengers(booking, passengersFor(results));
    step = 'book';
    const done = await fareway.bookings.book(booking, { expectedFinalFare: booking.pricing.final_fare });
    booked.push(done.booking_id);
    outcomes.push({ outcome: 'confirmed', typed: true, step });
  } catch (error) {
    const typed = error instanceof FarewayError;
    const name = error instanceof Error ? error.name : typeof error;
    outcomes.push({ outcome: `${name}:${typed ? error.code : '?'}`, typed, step });
  }
}

await Promise.all(
  Array.from({ length: Number(env('FLOWS')) }, async () => {
    while (Date.now() < until) await flow();
  }),
);
process.stdout.write(`${JSON.stringify({ outcomes, booked, rateLimited, logs })}\n`);
await fareway.close();
