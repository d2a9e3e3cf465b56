/**
 * A call reads (zod-parses) its passengers once (issue 24): savePassengers' guard and its
 * preflight share one read, and bookFlight's guard hands its read to the save-passengers step.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PassengerSchema } from '../../src/schemas/passenger.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 5 });
const TRIP = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(20), adult_count: 2 };

afterEach(() => vi.restoreAllMocks());

describe('passengers are parsed once per call', () => {
  it('bookings.savePassengers parses each passenger once', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(TRIP);
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    const list = passengersFor(results);
    const parse = vi.spyOn(PassengerSchema, 'safeParse');
    await fareway.bookings.savePassengers(booking, list);
    expect(parse).toHaveBeenCalledTimes(list.length);
  });

  it('bookFlight parses each passenger once, from its guard to the save-passengers step', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(TRIP);
    const list = passengersFor(results);
    const parse = vi.spyOn(PassengerSchema, 'safeParse');
    const { booking } = await fareway.bookFlight({
      selection: results.select(results.outbound[0]!),
      passengers: list,
    });
    expect(booking.status).toBe('confirmed');
    expect(parse).toHaveBeenCalledTimes(list.length);
  });
});
