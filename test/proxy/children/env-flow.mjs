// Child of test/proxy/env.test.ts: the BUILT package, no `proxy` option, Node's own fetch. Whether
// it goes through a proxy is up to NODE_USE_ENV_PROXY, HTTP_PROXY/HTTPS_PROXY and NO_PROXY.
// Prints one JSON line: { pnr } after a booking flow, or { error: { name, code, message } }.
import { Fareway } from '../../../dist/index.js';

const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const fareway = new Fareway({ logger: null, rateLimits: false, maxRetries: 0 });
try {
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(30),
    adult_count: 1,
  });
  const booking = await fareway.bookings.create(results.select(results.outbound[0]));
  await fareway.bookings.savePassengers(booking, [
    {
      title: 'Ms',
      first_name: 'Asha',
      last_name: 'Rao',
      gender: 'female',
      pax_type: 'adult',
      dob: '1980-04-12',
      is_lead: true,
      email: 'asha@example.com',
      contact_number: '9876543210',
      cell_country_code: '91',
      passport_number: 'P1000000',
      passport_expiry: inDays(3650),
      nationality: 'IN',
    },
  ]);
  const done = await fareway.bookings.book(booking.booking_id);
  console.log(JSON.stringify({ pnr: done.pnr }));
} catch (error) {
  console.log(JSON.stringify({ error: { name: error.name, code: error.code, message: error.message } }));
} finally {
  await fareway.close();
}
