// A whole booking flow over the BUILT package where code generation is disallowed:
// `node --disallow-code-generation-from-strings no-codegen-flow.mjs`. z.compile cannot use
// `new Function` there and hands the schemas back to zod's interpreter. Prints one JSON line.
import { Fareway } from 'fareway';
import { createSandbox } from 'fareway/sandbox';

let codegen = 'allowed';
try {
  new Function('return 1');
} catch {
  codegen = 'disallowed';
}
const server = await createSandbox({ seed: 5 }).listen();
const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
try {
  const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: day,
    adult_count: 1,
  });
  const selection = results.select(results.outbound[0]);
  await fareway.flights.fareRules(selection);
  const booking = await fareway.bookings.create(selection);
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
  await fareway.bookings.reprice(booking);
  const done = await fareway.bookings.book(booking.booking_id);
  const again = await fareway.bookings.retrieve(booking.booking_id);
  const page = await fareway.bookings.list({ limit: 5 });
  console.log(
    JSON.stringify({
      codegen,
      pnr: done.pnr,
      status: done.status,
      retrieved: again.pnr,
      listed: page.results.length,
    }),
  );
} finally {
  await fareway.close();
  await server.close();
}
