// jest 30 + ts-jest (default config) + TypeScript 6, CommonJS: the sandbox over real HTTP
// (`sandbox.listen()`); msw stays out (its CommonJS build cannot load under a default jest setup).
import { Fareway, FareExpiredError } from 'fareway';
import { createSandbox, type ListeningSandbox } from 'fareway/sandbox';
import { Redis } from 'ioredis';

export async function bookOne(fareway: Fareway): Promise<string> {
  const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: day,
    adult_count: 1,
  });
  const choice = results.select(results.outbound[0]!);
  const booking = await fareway.bookings.create(choice);
  await fareway.bookings.savePassengers(booking, [
    {
      title: 'Mrs',
      first_name: 'Priya',
      last_name: 'Sharma',
      gender: 'female',
      pax_type: 'adult',
      dob: '1986-07-19',
      is_lead: true,
      email: 'priya@example.com',
      contact_number: '9812345678',
      cell_country_code: '91',
      passport_number: 'Z4810001',
      passport_expiry: '2035-01-01',
      nationality: 'IN',
    },
  ]);
  const done = await fareway.bookings.book(booking.booking_id);
  return done.pnr!;
}

const sandbox = createSandbox({ seed: 3 });
let server: ListeningSandbox;
let fareway: Fareway;

beforeAll(async () => {
  console.log(`node ${process.version}`);
  server = await sandbox.listen();
  fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
});
afterAll(async () => {
  await fareway.close();
  await server.close();
});
beforeEach(() => sandbox.control.reset());

test('books a flight against the sandbox over HTTP', async () => {
  expect(await bookOne(fareway)).toMatch(/^[A-Z0-9]{6}$/);
});

test('an expired fare is a FareExpiredError', async () => {
  const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: day,
    adult_count: 1,
  });
  sandbox.control.advanceTime(60 * 60_000);
  await expect(fareway.bookings.create(results.select(results.outbound[0]!))).rejects.toBeInstanceOf(
    FareExpiredError,
  );
});

// The CommonJS build under jest (no dynamic import() without --experimental-vm-modules) must load
// its Redis half too. consumers.test.ts starts a redis-server and sets REDIS_PORT when it can.
const redisPort = process.env.REDIS_PORT;
(redisPort ? test : test.skip)('shares its rate limits through Redis', async () => {
  const redis = new Redis({ host: '127.0.0.1', port: Number(redisPort) });
  await redis.flushall();
  const logs: string[] = [];
  const log = (message: string) => void logs.push(message);
  const shared = new Fareway({
    apiKey: server.apiKey,
    baseUrl: server.url,
    rateLimits: { redis },
    logger: { warn: log, error: log },
  });
  await shared.bookings.list({ limit: 1 });
  const keys = await redis.keys('{fareway:*');
  await shared.close();
  redis.disconnect();
  expect(logs).toEqual([]);
  expect(keys.length).toBeGreaterThan(0);
});
