// A booking flow over the BUILT package's sandbox: `node [--import no-msw.mjs] sandbox-flow.cjs esm|cjs`.
// Prints one JSON line: the PNR, and what reading sandbox.handlers did.
async function main() {
  const mode = process.argv[2];
  const { Fareway } = mode === 'esm' ? await import('fareway') : require('fareway');
  const { createSandbox } = mode === 'esm' ? await import('fareway/sandbox') : require('fareway/sandbox');
  const sandbox = createSandbox({ seed: 3 });
  const server = await sandbox.listen();
  const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
  try {
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const results = await fareway.flights.search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: day, adult_count: 1 });
    const booking = await fareway.bookings.create(results.select(results.outbound[0]));
    await fareway.bookings.savePassengers(booking, [
      { title: 'Mr', first_name: 'Dev', last_name: 'Rao', gender: 'male', pax_type: 'adult', dob: '1988-02-03', is_lead: true,
        email: 'dev@example.com', contact_number: '9812345678', cell_country_code: '91',
        passport_number: 'Z1234567', passport_expiry: '2035-01-01', nationality: 'IN' },
    ]);
    const done = await fareway.bookings.book(booking.booking_id);
    let handlers;
    try {
      handlers = `ok:${sandbox.handlers.length}`;
    } catch (err) {
      handlers = `error:${err.message}`;
    }
    const direct = await sandbox.fetch(new Request('http://sandbox.test/v1/airports/autocomplete/?q=del'));
    console.log(JSON.stringify({ pnr: done.pnr, status: done.status, handlers, fetchStatus: direct && direct.status }));
  } finally {
    await fareway.close();
    await server.close();
  }
}
main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
