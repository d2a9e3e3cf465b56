import { describe, expect, it } from 'vitest';
import { RequestValidationError, type PassengerInput, type SearchParams } from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 19 });

const suppliers: Array<[string, SearchParams]> = [
  ['supplier_a', { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(25) }],
  [
    'supplier_b',
    { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(25), source: 'supplier_b' },
  ],
];

describe('a seat on a meal or baggage SSR item (spec §2: seat is for ssr.seat[] entries only)', () => {
  it.each(suppliers)('is refused before anything is sent, for %s', async (_name, params) => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(params);
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    const seg = { origin: 'DEL', destination: 'BOM' };
    const ssr = {
      meal: [{ code: 'VGML', ...seg, seat: '12A' }],
      baggage: [{ code: 'XBAG15', ...seg, seat: '12A' }],
    };
    const passengers = passengersFor(results, { lead: { ssr } as unknown as Partial<PassengerInput> });
    const error = await fareway.bookings.savePassengers(booking, passengers).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'passengers[0].ssr.meal[0].seat', message: 'only allowed in ssr.seat[] items' },
      { path: 'passengers[0].ssr.baggage[0].seat', message: 'only allowed in ssr.seat[] items' },
    ]);
    expect(sbx.calls('savePassengers')).toHaveLength(0);
  });

  it('is refused by bookFlight before the booking is created', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(suppliers[0]![1]);
    const ssr = { meal: [{ code: 'VGML', origin: 'DEL', destination: 'BOM', seat: '12A' }] };
    const passengers = passengersFor(results, { lead: { ssr } as unknown as Partial<PassengerInput> });
    const error = await fareway
      .bookFlight({ selection: results.select(results.outbound[0]!), passengers })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).message).toContain(
      'passengers[0].ssr.meal[0].seat: only allowed in ssr.seat[] items',
    );
    expect(sbx.calls('createBooking')).toHaveLength(0);
  });
});
