// The booking flow every part of this app uses: search, create, passengers, book.
const SEARCH = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10),
  adult_count: 1,
};

/** A booking with its passengers saved, ready to book; resolves to its id. */
async function prepare(fareway) {
  const results = await fareway.flights.search(SEARCH);
  const booking = await fareway.bookings.create(results.select(results.outbound[0]));
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
  return booking.booking_id;
}

async function bookOne(fareway) {
  const done = await fareway.bookings.book(await prepare(fareway));
  return done.pnr;
}

module.exports = { SEARCH, prepare, bookOne };
