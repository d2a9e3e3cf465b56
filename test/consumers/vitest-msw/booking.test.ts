// vitest 5 + msw 3: the sandbox's MSW handlers intercept fetch in-process; no port is opened.
// msw 3 names the unhandled-request option `onUnhandledFrame` (msw 2: `onUnhandledRequest`).
import { createRequire } from 'node:module';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { Fareway, UpstreamError } from 'fareway';
import { createSandbox } from 'fareway/sandbox';

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

const sandbox = createSandbox({ seed: 4 });
const server = setupServer(...sandbox.handlers);
const fareway = new Fareway({
  apiKey: sandbox.apiKey,
  baseUrl: 'https://sandbox.fareway.test',
  logger: null,
  maxRetries: 0,
});

beforeAll(() => {
  console.log(
    `node ${process.version}, msw ${(createRequire(import.meta.url)('msw/package.json') as { version: string }).version}`,
  );
  server.listen({ onUnhandledFrame: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  sandbox.control.reset();
});
afterAll(() => server.close());

test('books a flight against the sandbox handlers', async () => {
  expect(await bookOne(fareway)).toMatch(/^[A-Z0-9]{6}$/);
});

test("the project's own msw handlers mix with the sandbox's", async () => {
  server.use(
    http.get('*/v1/bookings/', () =>
      HttpResponse.json({ success: false, errors: [{ detail: ['down'] }] }, { status: 502 }),
    ),
  );
  await expect(fareway.bookings.list({ limit: 1 })).rejects.toBeInstanceOf(UpstreamError);
});
