// A CommonJS project run with plain `npx ts-node main.ts` (type-checked), against the packed tarball.
// ts-node cannot run on TypeScript 7 (no JavaScript API): typescript ~6.0 (see package.json, tsconfig.json).
import { Fareway } from 'fareway';
import { createSandbox } from 'fareway/sandbox';

export async function bookOne(fareway: Fareway): Promise<string> {
  const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: day,
    adult_count: 1,
  });
  const choice = results.select(results.outbound[0]!);
  const booking = await fareway.bookings.create(choice);
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
  const done = await fareway.bookings.book(booking.booking_id);
  return done.pnr!;
}

async function main(): Promise<void> {
  console.log(`node ${process.version}`);
  const sandbox = createSandbox({ seed: 2 });
  const server = await sandbox.listen();
  const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
  try {
    console.log(`PNR: ${await bookOne(fareway)}`);
  } finally {
    await fareway.close();
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
