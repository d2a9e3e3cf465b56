// A partner's process using the BUILT package (`fareway` resolves to dist/ through the package's
// own exports) with the default logger and no logLevel: FAREWAY_LOG alone decides what it prints.
// Reads FAREWAY_API_KEY and FAREWAY_BASE_URL; books twice (bookFlight, then create →
// savePassengers → reprice → book) with passengers whose data no log line may hold.
import { Fareway } from 'fareway';

const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const passengers = [
  {
    title: 'Ms',
    first_name: 'Zephyrine',
    last_name: 'Quillfeather',
    gender: 'female',
    pax_type: 'adult',
    dob: '1983-07-19',
    is_lead: true,
    email: 'zephyrine.quill@example.org',
    contact_number: '9812345670',
    cell_country_code: '91',
    passport_number: 'QX7351902',
    passport_expiry: day(3000),
    nationality: 'IN',
  },
];

const fareway = new Fareway({ duplicates: 'allow' });
try {
  const results = await fareway.flights.search({
    origin: 'BOM',
    destination: 'SIN',
    preferred_departure_time: day(30),
    source: 'supplier_b',
  });
  const guided = await fareway.bookFlight({ selection: results.select(results.outbound[0]), passengers });
  const booking = await fareway.bookings.create(results.select(results.outbound[1]));
  await fareway.bookings.savePassengers(booking, passengers);
  await fareway.bookings.reprice(booking);
  const done = await fareway.bookings.book(booking);
  process.stdout.write(`RESULT ${guided.booking.status} ${done.status}\n`);
} finally {
  await fareway.close();
}
