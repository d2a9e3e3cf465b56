// `fareway/http` of the BUILT package (issue 32), as an application loads it: real errors thrown
// by the client (ESM and CJS builds) against the sandbox over HTTP on 127.0.0.1, answered by the
// ESM and the CJS `fareway/http`, which carries its own copy of the error base class. Prints a
// JSON report for test/package/http-entry.test.ts.
import { createRequire } from 'node:module';
import { Fareway as EsmFareway } from 'fareway';
import { createSandbox } from 'fareway/sandbox';
import { toHttpAnswer as esmAnswer } from 'fareway/http';

const require = createRequire(import.meta.url);
const { Fareway: CjsFareway } = require('fareway');
const { toHttpAnswer: cjsAnswer } = require('fareway/http');

const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const trip = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: day(20),
  adult_count: 2,
  source: 'supplier_a',
};
const passenger = {
  title: 'Ms',
  first_name: 'Asha',
  last_name: 'Rao',
  gender: 'female',
  pax_type: 'adult',
  dob: '1990-04-02',
  passport_number: 'P7654321',
  passport_expiry: day(3650),
  nationality: 'IN',
  is_lead: true,
  email: 'asha@example.com',
  contact_number: '9876543210',
  cell_country_code: '91',
};

const sandbox = createSandbox({ seed: 32 });
const served = await sandbox.listen({ rateLimits: false });
const clients = [];
const client = (Fareway) => {
  const c = new Fareway({
    apiKey: served.apiKey,
    baseUrl: served.url,
    logger: null,
    rateLimits: false,
    maxRetries: 0,
  });
  clients.push(c);
  return c;
};
const caught = (p) =>
  p.then(
    () => undefined,
    (e) => e,
  );
const both = (error) => ({ name: error?.name, esm: esmAnswer(error), cjs: cjsAnswer(error) });

const report = {};
try {
  for (const [build, Fareway] of [
    ['esm', EsmFareway],
    ['cjs', CjsFareway],
  ]) {
    report[`${build}:invalid`] = both(
      await caught(client(Fareway).flights.search({ ...trip, origin: 'Delhi' })),
    );
    sandbox.control.failNext('search', { status: 429, headers: { 'Retry-After': '7' } });
    report[`${build}:limited`] = both(await caught(client(Fareway).flights.search(trip)));
    sandbox.control.failNext('search', { status: 400, detail: 'Route not served' });
    report[`${build}:refused`] = both(await caught(client(Fareway).flights.search(trip)));
    // The service refuses one passenger for two adults: a booking named by id in another client.
    const results = await client(Fareway).flights.search(trip);
    const booking = await client(Fareway).bookings.create(results.select(results.outbound[0]));
    report[`${build}:passengers`] = both(
      await caught(client(Fareway).bookings.savePassengers(booking.booking_id, [passenger])),
    );
    report[`${build}:passengers`].booking_id = booking.booking_id;
  }
  report.unknown = both(new TypeError('secret text'));
} finally {
  await Promise.all(clients.map((c) => c.close()));
  await served.close();
}
process.stdout.write(JSON.stringify(report));
