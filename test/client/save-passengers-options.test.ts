import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sb = useSandbox();

describe('savePassengers options', () => {
  it.each([false, true])(
    'skipPreflight: %s with a booking id alone (the preflight reads the booking with the call options)',
    async (skipPreflight) => {
      const fareway = sb.client();
      const results = await fareway.flights.search({
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: inDays(20),
        adult_count: 1,
      });
      const created = await fareway.bookings.create(results.select(results.outbound[0]!));
      const saved = await fareway.bookings.savePassengers(created.booking_id, passengersFor(results), {
        skipPreflight,
        timeout: 10_000,
      });
      expect(saved.status).toBe('passenger_saved');
      expect(sb.calls('retrieve')).toHaveLength(skipPreflight ? 0 : 1);
    },
  );

  it('an unknown option is still refused, before anything is sent', async () => {
    const fareway = sb.client();
    await expect(
      fareway.bookings.savePassengers('bk_1', [], { skipPreflite: true } as never),
    ).rejects.toBeInstanceOf(RequestValidationError);
    expect(sb.sandbox.control.requests()).toHaveLength(0);
  });
});
