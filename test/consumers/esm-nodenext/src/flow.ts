// The booking flow every part of this app uses: search, create, passengers, book.
import type { Fareway } from 'fareway';

export const SEARCH = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10),
  adult_count: 1,
} as const;

/** A booking with its passengers saved, ready to book; returns its id. */
export async function prepare(fareway: Fareway): Promise<string> {
  const results = await fareway.flights.search(SEARCH);
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
  return booking.booking_id;
}

export async function bookOne(fareway: Fareway): Promise<string> {
  const done = await fareway.bookings.book(await prepare(fareway));
  return done.pnr!;
}
