// Quickstart: a one-way domestic booking, every step of the flow.
//   npm run demo                       (in-process sandbox)
//   FAREWAY_BASE_URL=… FAREWAY_API_KEY=… npm run demo
import { connect, inDays, inr, time, travellers } from './_connect';

async function main(): Promise<void> {
  const { fareway, where, close } = await connect();
  try {
    console.log(`Fareway quickstart against ${where}\n`);

    // 1. Airport typeahead (no API key is sent; answers are cached for an hour).
    const from = (await fareway.airports.autocomplete('del')).results[0]!;
    const to = (await fareway.airports.autocomplete('mumbai')).results[0]!;
    console.log(`1. Airports      ${from.code} ${from.city} → ${to.code} ${to.city}`);

    // 2. Search: natural values in, the wire's strings out.
    const results = await fareway.flights.search({
      origin: from.code,
      destination: to.code,
      preferred_departure_time: inDays(21),
      adult_count: 1,
      flight_cabin_class: 'economy',
    });
    const [cheapest] = results.sortBy('price');
    const first = cheapest!.segments[0]!;
    const last = cheapest!.segments.at(-1)!;
    console.log(
      `2. Search        ${results.outbound.length} options; cheapest ${first.airline.name} ${first.airline.flight_number}`,
    );
    console.log(
      `                 ${first.origin.airport_code} ${time(first.origin.departure_time)} → ${last.destination.airport_code} ${time(last.destination.arrival_time)}, ${cheapest!.stop_count} stop(s), ${inr(cheapest!.pricing.final_fare)}`,
    );
    console.log(`                 search ${results.deadline}`);

    // 3. Select (one index for a one-way) and read the fare rules.
    const selection = results.select(cheapest!);
    const rules = await fareway.flights.fareRules(selection);
    console.log(
      `3. Fare rules    ${rules.rules.length} rule(s), e.g. "${rules.rules[0]?.rule_text.slice(0, 60)}…"; offer ${rules.deadline}`,
    );

    // 4. Create the booking: the fare is locked.
    const booking = await fareway.bookings.create(selection);
    console.log(
      `4. Create        booking ${booking.booking_id} (${booking.status}); fare lock ${booking.deadline}`,
    );

    // 5. Passengers, checked locally first against pax_rules, passports and the supplier's rules.
    const saved = await fareway.bookings.savePassengers(booking, travellers(results.pax_count));
    console.log(`5. Passengers    ${saved.status}; duplicates found: ${saved.duplicates_found}`);

    // 6. Reprice: has the fare moved since the lock?
    const priced = await fareway.bookings.reprice(booking);
    console.log(
      `6. Reprice       ${inr(priced.pricing.final_fare)}; price changed: ${priced.pricing.price_changed === true}`,
    );

    // 7. Book: issues the PNR and debits the wallet. Never blindly retried.
    const done = await fareway.bookings.book(booking);
    console.log(
      `7. Book          ${done.status}; charged ${inr((done.pricing ?? priced.pricing).final_fare)}`,
    );

    // 8. Retrieve and list.
    const again = await fareway.bookings.retrieve(booking.booking_id);
    console.log(`8. Retrieve      ${again.status}, PNR ${again.pnr}`);
    const page = await fareway.bookings.list({ limit: 5 });
    console.log(
      `9. List          ${page.count} booking(s); newest ${page.results[0]?.id} (${page.results[0]?.status})`,
    );

    console.log(`\nPNR: ${done.pnr}`);
  } finally {
    await close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
