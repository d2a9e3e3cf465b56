// An ESM TypeScript app run directly with `npx tsx main.ts` (no compile step), against the packed
// tarball. The client talks to the sandbox through `sandbox.fetch`, the framework-free fetch
// function: no port, no msw.
import { Fareway, FareExpiredError } from 'fareway';
import { createSandbox } from 'fareway/sandbox';

console.log(`node ${process.version}`);
const sandbox = createSandbox({ seed: 7 });
const sandboxFetch: typeof fetch = async (input, init) =>
  (await sandbox.fetch(new Request(input, init))) ?? new Response('no such endpoint', { status: 404 });
const fareway = new Fareway({
  apiKey: sandbox.apiKey,
  baseUrl: 'https://sandbox.fareway.test',
  fetch: sandboxFetch,
  logger: null,
});

const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
try {
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: day,
    adult_count: 1,
  });
  const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
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
  if (sandbox.control.requests().filter((r) => r.endpoint === 'book').length !== 1)
    throw new Error('expected one book request');
  // The virtual clock: a search an hour old has expired fares.
  const later = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: day,
    adult_count: 1,
  });
  sandbox.control.advanceTime(60 * 60_000);
  const expired = await fareway.bookings.create(later.select(later.outbound[0]!)).catch((e: unknown) => e);
  if (!(expired instanceof FareExpiredError))
    throw new Error(`expected FareExpiredError, got ${String(expired)}`);
  console.log(`PNR: ${done.pnr}`);
} finally {
  await fareway.close();
}
