// An app that uses the client and the sandbox (over real HTTP), bundled by esbuild with no flags
// about Fareway's optional peers (neither ioredis nor msw is installed here) and run from a
// directory without node_modules: everything it needs is inside the bundle.
import { Fareway, FareExpiredError, NotFoundError } from 'fareway';
import { createSandbox } from 'fareway/sandbox';

console.log(`node ${process.version}`);
const sandbox = createSandbox({ seed: 8 });
const server = await sandbox.listen();
const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
try {
  const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: day,
    adult_count: 1,
  });
  const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
  await fareway.bookings.savePassengers(booking, [
    {
      title: 'Mr',
      first_name: 'Dev',
      last_name: 'Rao',
      gender: 'male',
      pax_type: 'adult',
      dob: '1988-02-03',
      is_lead: true,
      email: 'dev@example.com',
      contact_number: '9812345678',
      cell_country_code: '91',
      passport_number: 'Z1234567',
      passport_expiry: '2035-01-01',
      nationality: 'IN',
    },
  ]);
  const done = await fareway.bookings.book(booking.booking_id);
  // Error classes keep their names and identities through the bundler.
  const missing = await fareway.bookings
    .retrieve('00000000-0000-4000-8000-000000000000')
    .catch((e: unknown) => e);
  if (!(missing instanceof NotFoundError) || missing.name !== 'NotFoundError')
    throw new Error(`expected NotFoundError, got ${String(missing)}`);
  if (FareExpiredError.name !== 'FareExpiredError')
    throw new Error(`FareExpiredError is named ${FareExpiredError.name} in the bundle`);
  console.log(`PNR: ${done.pnr}`);
} finally {
  await fareway.close();
  await server.close();
}
