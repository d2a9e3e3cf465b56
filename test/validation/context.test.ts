import { describe, expect, it } from 'vitest';
import type { Booking } from '../../src/schemas/booking.js';
import { CreateBookingResponseSchema, RetrieveBookingResponseSchema } from '../../src/schemas/booking.js';
import { passengerContextFromBooking, validatePassengers } from '../../src/validation/passengers.js';
import {
  TODAY,
  createBookingResponse,
  domesticList,
  infant,
  lead,
  passport,
  retrieveResponse,
} from './fixtures.js';

describe('passengerContextFromBooking', () => {
  it('fixtures are valid responses', () => {
    expect(CreateBookingResponseSchema.safeParse(createBookingResponse).success).toBe(true);
    expect(RetrieveBookingResponseSchema.safeParse(retrieveResponse).success).toBe(true);
  });

  it('reads a create-booking response: pax_rules, counts, dates, sectors', () => {
    const ctx = passengerContextFromBooking(createBookingResponse, 'supplier_b');
    expect(ctx).toEqual({
      supplier: 'supplier_b',
      is_domestic: true,
      pax_count: { adult: 2, child: 1, infant: 0 },
      pax_rules: createBookingResponse.pax_rules,
      firstTravelDate: '2026-06-10',
      lastTravelDate: '2026-06-20',
      sectors: [
        { origin: 'DEL', destination: 'BOM' },
        { origin: 'BOM', destination: 'GOI' },
        { origin: 'GOI', destination: 'DEL' },
      ],
    });
    expect(validatePassengers(domesticList(), { ...ctx, today: TODAY }).issues).toEqual([]);
  });

  it('reads a retrieve response (no pax_rules, no supplier): last date is the last arrival', () => {
    const ctx = passengerContextFromBooking(retrieveResponse);
    expect(ctx).toEqual({
      passport_required: true,
      is_domestic: false,
      pax_count: { adult: 1, child: 0, infant: 1 },
      firstTravelDate: '2026-07-01',
      lastTravelDate: '2026-07-15',
      sectors: [
        { origin: 'DEL', destination: 'DXB' },
        { origin: 'DXB', destination: 'DEL' },
      ],
    });
    const r = validatePassengers([lead(), infant()], { ...ctx, today: TODAY });
    expect(r.issues.map((i) => `${i.path}: ${i.message}`)).toContain(
      'passengers[0].passport_number: required (passport_required)',
    );
    expect(
      validatePassengers([lead(passport()), infant(passport('Z2222222'))], { ...ctx, today: TODAY }).issues,
    ).toEqual([]);
  });

  it('an overnight arrival moves the last travel date', () => {
    const oneWay = {
      ...retrieveResponse,
      itinerary_items: [
        { ...retrieveResponse.itinerary_items[0]!, legs: [retrieveResponse.itinerary_items[0]!.legs[0]!] },
      ],
    };
    expect(passengerContextFromBooking(oneWay)).toMatchObject({
      firstTravelDate: '2026-07-01',
      lastTravelDate: '2026-07-02',
    });
  });

  it('takes the supplier from the argument, else from a source field on the object', () => {
    expect(
      passengerContextFromBooking({ ...retrieveResponse, source: 'supplier_a' } as Partial<Booking>).supplier,
    ).toBe('supplier_a');
    expect(
      passengerContextFromBooking(
        { ...retrieveResponse, source: 'supplier_a' } as Partial<Booking>,
        'supplier_b',
      ).supplier,
    ).toBe('supplier_b');
    expect(
      passengerContextFromBooking({ source: 'supplier_z' } as Partial<Booking>).supplier,
    ).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['empty object', {}],
    ['null', null],
    ['a number', 42],
    [
      'junk itinerary',
      {
        itinerary_items: [
          null,
          1,
          { legs: 'x' },
          { legs: [{ segments: [{ origin: null, destination: 7 }] }] },
        ],
      },
    ],
    [
      'bad dates',
      {
        itinerary_items: [
          {
            legs: [
              {
                segments: [
                  {
                    origin: { airport_code: 'DEL', departure_time: '2026-13-01T00:00:00' },
                    destination: { airport_code: 'BOM', arrival_time: 'soon' },
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
    ['bad pax_count', { pax_count: { adult: -1, child: 0, infant: 0 } }],
    [
      'a throwing getter',
      Object.defineProperty({ is_domestic: true }, 'itinerary_items', {
        enumerable: true,
        get() {
          throw new Error('boom');
        },
      }),
    ],
  ])('never throws on a partial or junk object: %s', (_, junk) => {
    const ctx = passengerContextFromBooking(junk as Partial<Booking>);
    expect(ctx).toBeTypeOf('object');
    expect(ctx.firstTravelDate).toBeUndefined();
  });

  it('keeps a sector from a partial object', () => {
    const ctx = passengerContextFromBooking({
      itinerary_items: [
        {
          legs: [
            {
              segments: [
                {
                  origin: { airport_code: 'del', departure_time: '2026-06-10T06:00:00' },
                  destination: { airport_code: 'bom' },
                },
              ],
            },
          ],
        },
      ],
    } as unknown as Partial<Booking>);
    expect(ctx).toEqual({
      firstTravelDate: '2026-06-10',
      lastTravelDate: '2026-06-10',
      sectors: [{ origin: 'DEL', destination: 'BOM' }],
    });
  });
});
