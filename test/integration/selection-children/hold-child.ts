// Process B of test/integration/selection-two-processes.test.ts: a client of its own, sharing
// nothing with process A but the token (FW_TOKEN), holds the fare, saves the passengers and books.
// Prints one JSON line: what it sent and the PNR, or the error's class, code and problem.
import { Fareway, FarewayError, type PassengerInput } from '../../../src/index.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} missing`);
  return value;
};
const fareway = new Fareway({ apiKey: env('FW_KEY'), baseUrl: env('FW_URL'), logger: null });
try {
  const selection = await fareway.flights.selectionFromToken(env('FW_TOKEN'));
  const created = await fareway.bookings.create(selection);
  await fareway.bookings.savePassengers(created, JSON.parse(env('FW_PASSENGERS')) as PassengerInput[]);
  const repriced = await fareway.bookings.reprice(created);
  const booked = await fareway.bookings.book(created, { expectedFinalFare: repriced.pricing.final_fare });
  process.stdout.write(
    `${JSON.stringify({
      ok: true,
      booking_id: created.booking_id,
      pnr: booked.pnr,
      result_indices: selection.result_indices,
      round_trip_style: selection.round_trip_style,
      final_fare: selection.pricing.final_fare,
      locked_fare: created.pricing.final_fare,
    })}\n`,
  );
} catch (error) {
  const e = error as FarewayError;
  process.stdout.write(
    `${JSON.stringify({ ok: false, name: e.name, code: e.code, problem: (e as { problem?: string }).problem, fareway: error instanceof FarewayError })}\n`,
  );
}
await fareway.close();
