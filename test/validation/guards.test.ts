import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox();
const trip = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(30), adult_count: 1 };

/** A passenger list with an own `__proto__` key on the lead, as JSON.parse of a request body gives. */
function withProtoKey(list: object[]): object[] {
  return list.map((p, i) =>
    i === 0
      ? (JSON.parse(JSON.stringify(p).replace(/^\{/, '{"__proto__": {"is_lead": true},')) as object)
      : p,
  );
}

describe('guards that run before anything is sent (against the sandbox)', () => {
  it('savePassengers refuses a prototype key even with skipPreflight, and sends nothing', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip);
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    sbx.control.clearRequests();
    const error = await fareway.bookings
      .savePassengers(booking.booking_id, withProtoKey(passengersFor(results)) as never, {
        skipPreflight: true,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]).toMatchObject({ path: 'passengers[0].__proto__' });
    expect(sbx.control.requests()).toHaveLength(0);
  });

  it('savePassengers refuses a misspelt key before sending (one read of the booking)', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip);
    const booking = await sbx.client().bookings.create(results.select(results.outbound[0]!));
    sbx.control.clearRequests();
    const list = passengersFor(results).map((p) => ({ ...p, nationalty: 'IN' }));
    const error = (await fareway.bookings
      .savePassengers(booking.booking_id, list as never)
      .catch((e: unknown) => e)) as RequestValidationError;
    expect(error.details).toEqual(['passengers[0].nationalty: unknown field — did you mean nationality?']);
    expect(sbx.control.requests().map((r) => r.endpoint)).toEqual(['retrieve']);
  });

  it('bookFlight refuses bad passengers before creating the booking (no draft, no fare lock)', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip);
    sbx.control.clearRequests();
    const passengers = passengersFor(results).map((p) => ({ ...p, dob: '1980-02-30' }));
    const error = (await fareway
      .bookFlight({
        selection: results.select(results.outbound[0]!),
        passengers,
        requestOptions: { timeout: 0 },
      })
      .catch((e: unknown) => e)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.details).toEqual([
      'requestOptions.timeout: must be a finite number > 0 (milliseconds, at most 2147483647)',
      'passengers[0].dob: is not a calendar date',
    ]);
    expect(sbx.control.requests()).toHaveLength(0);
  });

  it('the valid flow still books (the guards refuse only what is wrong)', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip);
    const done = await fareway.bookFlight({
      selection: results.select(results.outbound[0]!),
      passengers: passengersFor(results),
      requestOptions: { timeout: 10_000, headers: { 'x-partner-ref': 'ord-1' } },
    });
    expect(done.booking.status).toBe('confirmed');
  });
});
