// Three failures a partner must handle, each caught by its error class: an expired fare, a price
// change and an insufficient wallet balance. Needs the in-process sandbox (it turns its knobs).
import { FareExpiredError, InsufficientBalanceError, PriceChangedError } from 'fareway';
import { connect, inDays, inr, travellers } from './_connect';

async function main(): Promise<void> {
  const { fareway, sandbox, close } = await connect({ logger: null });
  if (!sandbox) {
    console.log('errors.ts drives the sandbox control knobs: run it without FAREWAY_BASE_URL.');
    await close();
    process.exit(0);
  }
  try {
    const search = (days = 10) =>
      fareway.flights.search({
        origin: 'DEL',
        destination: 'GOI',
        preferred_departure_time: inDays(days),
        source: 'supplier_b',
      });

    // 1. An expired fare: the lock runs out (the sandbox's clock jumps 31 minutes) → 409.
    {
      const results = await search();
      const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
      sandbox.control.advanceTime(31 * 60_000);
      try {
        await fareway.bookings.savePassengers(booking, travellers(results.pax_count));
      } catch (error) {
        // The client knows the lock's deadline, so it refuses locally (FareExpiredLocallyError,
        // local: true); a fresh client would get the service's 409 (local: false). One
        // instanceof FareExpiredError covers both.
        if (!(error instanceof FareExpiredError)) throw error;
        // `code` is stable for alerting ('fare_expired_locally' here, 'fare_expired' for a 409);
        // `docUrl` links to what to do.
        console.log(`1. ${error.name} (local: ${error.local}, code: ${error.code}): ${error.message}`);
        console.log(`   what to do: ${error.docUrl}`);
      }
    }

    // 2. A price change at reprice: book with the fare the traveller agreed to (expectedFinalFare)
    //    is verified against the service and refused when the fare moved; nothing is booked.
    {
      const results = await search();
      const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
      await fareway.bookings.savePassengers(booking, travellers(results.pax_count));
      sandbox.control.movePriceOnNextReprice(420);
      const priced = await fareway.bookings.reprice(booking);
      try {
        await fareway.bookings.book(booking, { expectedFinalFare: booking.pricing.final_fare });
      } catch (error) {
        if (!(error instanceof PriceChangedError)) throw error;
        console.log(
          `2. PriceChangedError: ${inr(error.previousFare ?? 0)} → ${inr(error.newFare)}; nothing was sent`,
        );
        const done = await fareway.bookings.book(booking, { expectedFinalFare: priced.pricing.final_fare });
        console.log(`   accepted and booked: PNR ${done.pnr}`);
      }
    }

    // 3. An insufficient wallet balance.
    {
      sandbox.control.setWalletBalance(100);
      const results = await search(11); // another date: the same traveller on the same flight would be a duplicate
      try {
        await fareway.bookFlight({
          selection: results.select(results.outbound[0]!),
          passengers: travellers(results.pax_count),
        });
      } catch (error) {
        if (!(error instanceof InsufficientBalanceError)) throw error;
        console.log(
          `3. InsufficientBalanceError (${error.status}): ${error.details[0]} [request ${error.requestId}, code ${error.code}]`,
        );
      }
    }
  } finally {
    await close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
