// Round trips in both shapes with the same three lines: an independent domestic round trip
// (supplier_b) and a coupled international one (supplier_a), booked with the guided flow.
import type { SearchParams } from 'fareway';
import { connect, inDays, inr, travellers } from './_connect';

async function main(): Promise<void> {
  const { fareway, where, close } = await connect();
  try {
    console.log(`Fareway round trips against ${where}\n`);
    const trips: Array<[string, SearchParams]> = [
      [
        'Independent domestic (supplier_b)',
        {
          origin: 'DEL',
          destination: 'BLR',
          preferred_departure_time: inDays(14),
          preferred_return_departure_time: inDays(18),
          source: 'supplier_b',
        },
      ],
      [
        'Coupled international (supplier_a)',
        {
          origin: 'BOM',
          destination: 'DXB',
          preferred_departure_time: inDays(30),
          preferred_return_departure_time: inDays(37),
          adult_count: 2,
        },
      ],
    ];
    for (const [label, params] of trips) {
      const results = await fareway.flights.search(params);

      // The same three lines whatever the round-trip style:
      const out = results.sortBy('price')[0]!;
      const back = results.returnsFor(out)[0]!;
      const selection = results.select(out, back);

      console.log(
        `${label}: ${results.round_trip_style} — sending ${selection.result_indices.length} result index(es), ${inr(selection.pricing.final_fare)}`,
      );
      const { booking } = await fareway.bookFlight({ selection, passengers: travellers(results.pax_count) });
      console.log(`  ${booking.status}, PNR ${booking.pnr}\n`);
    }
  } finally {
    await close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
