// An app that imports the client only, bundled by esbuild with no flags about Fareway's optional
// dependencies (ioredis is not installed here). Talks to FAREWAY_BASE_URL with FAREWAY_API_KEY.
import { Fareway } from 'fareway';

const fareway = new Fareway({ logger: null });
const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
const results = await fareway.flights.search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: day, adult_count: 1 });
const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
await fareway.bookings.savePassengers(booking, [
  {
    title: 'Mr', first_name: 'Dev', last_name: 'Rao', gender: 'male', pax_type: 'adult', dob: '1988-02-03', is_lead: true,
    email: 'dev@example.com', contact_number: '9812345678', cell_country_code: '91',
    passport_number: 'Z1234567', passport_expiry: '2035-01-01', nationality: 'IN',
  },
]);
const done = await fareway.bookings.book(booking.booking_id);
console.log(`PNR: ${done.pnr}`);
await fareway.close();
