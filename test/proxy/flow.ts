import type { Fareway } from '../../src/index.js';

/** A date `days` from now, `YYYY-MM-DD`. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The booking flow a partner runs, one request per step: search → create → passengers → book.
 * Returns the PNR. (No msw anywhere near: the proxy tests use real sockets on 127.0.0.1.)
 */
export async function bookOneWay(fareway: Fareway): Promise<string> {
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(30),
    adult_count: 1,
  });
  const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
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
  return done.pnr;
}
