// The guided flow: create → passengers → reprice → book in one call, with every guard.
import { connect, inDays, travellers } from './_connect';

async function main(): Promise<void> {
  const { fareway, where, close } = await connect();
  try {
    const results = await fareway.flights.search({
      origin: 'BLR',
      destination: 'HYD',
      preferred_departure_time: inDays(12),
      source: 'supplier_b',
    });
    const { booking, steps } = await fareway.bookFlight({
      selection: results.select(results.sortBy('price')[0]!),
      passengers: travellers(results.pax_count),
      onPriceChange: ({ previous, current }) => current - (previous ?? current) < 500, // accept small moves only
    });
    console.log(`Booked against ${where}: ${booking.status}, lock was ${steps.created.deadline}`);
    console.log(`PNR: ${booking.pnr}`);
  } finally {
    await close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
