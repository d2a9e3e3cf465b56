// The booking flow the package's child scripts run: search → create → passengers, then book.
// Returns the book call's promise (a FarewayPromise: await it, or ask for `.withResponse()`).
async function bookOne(fareway) {
  const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: day,
    adult_count: 1,
  });
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
  return { book: fareway.bookings.book(booking.booking_id) };
}
module.exports = { bookOne };
