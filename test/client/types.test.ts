import { describe, expectTypeOf, it } from 'vitest';
import type {
  APIError,
  BookResult,
  BookingListEntry,
  CreatedBooking,
  Deadline,
  Fareway,
  FareRules,
  Page,
  PagePromise,
  PassengerInput,
  PaxCount,
  Pricing,
  SearchParams,
  SearchResults,
  Selection,
} from '../../src/index.js';
import type { FareExpiredError, FareExpiredLocallyError, RateLimitError } from '../../src/index.js';

describe('public types', () => {
  it('methods return the documented types', () => {
    expectTypeOf<Fareway['flights']['search']>().returns.resolves.toEqualTypeOf<SearchResults>();
    expectTypeOf<Fareway['flights']['fareRules']>().returns.resolves.toEqualTypeOf<FareRules>();
    expectTypeOf<Fareway['bookings']['create']>().returns.resolves.toEqualTypeOf<CreatedBooking>();
    expectTypeOf<Fareway['bookings']['book']>().returns.resolves.toEqualTypeOf<BookResult>();
    expectTypeOf<Fareway['bookings']['list']>().returns.toEqualTypeOf<PagePromise>();
    expectTypeOf<PagePromise>().toExtend<Promise<Page>>();
    expectTypeOf<PagePromise>().toExtend<AsyncIterable<BookingListEntry>>();
  });

  it('search params take natural values', () => {
    expectTypeOf<{
      origin: 'del';
      destination: 'BOM';
      preferred_departure_time: Date;
      adult_count: 2;
      direct_flight: true;
      flight_cabin_class: 'economy';
    }>().toExtend<SearchParams>();
    expectTypeOf<{
      origin: 'DEL';
      destination: 'BOM';
      preferred_departure_time: '2026-12-01';
      adult_count: '2';
    }>().not.toExtend<SearchParams>();
    expectTypeOf<{
      origin: 'DEL';
      destination: 'BOM';
      preferred_departure_time: '2026-12-01';
      flight_cabin_class: '2';
    }>().not.toExtend<SearchParams>();
  });

  it('selections and results carry what a partner needs', () => {
    expectTypeOf<Selection['result_indices']>().toEqualTypeOf<
      readonly [string] | readonly [string, string]
    >();
    expectTypeOf<Selection['pricing']>().toEqualTypeOf<Pricing>();
    expectTypeOf<CreatedBooking['deadline']>().toEqualTypeOf<Deadline | undefined>();
    expectTypeOf<CreatedBooking['booking_id']>().toBeString();
    expectTypeOf<BookResult['pnr']>().toBeString();
  });

  it('a create adopted after an interruption is typed as get-booking carries it: pax_count only when known', () => {
    expectTypeOf<CreatedBooking['reconciled']>().toEqualTypeOf<boolean>();
    expectTypeOf<Extract<CreatedBooking, { reconciled: false }>['pax_count']>().toEqualTypeOf<PaxCount>();
    expectTypeOf<Extract<CreatedBooking, { reconciled: true }>['pax_count']>().toEqualTypeOf<
      PaxCount | null | undefined
    >();
    expectTypeOf<CreatedBooking['pricing']>().toEqualTypeOf<Pricing>();
    expectTypeOf<CreatedBooking['trace_id']>().toBeString();
  });

  it('a meal or baggage SSR item has no seat; a seat item has one', () => {
    type Ssr = NonNullable<PassengerInput['ssr']>;
    type Item<K extends keyof Ssr> = NonNullable<Ssr[K]>[number];
    expectTypeOf<Item<'meal'>>().not.toHaveProperty('seat');
    expectTypeOf<Item<'baggage'>>().not.toHaveProperty('seat');
    expectTypeOf<Item<'seat'>>().toHaveProperty('seat');
    const ssr: Ssr = {
      // @ts-expect-error seat is "for ssr.seat[] entries only" (spec §2 SSR)
      meal: [{ code: 'VGML', origin: 'DEL', destination: 'BOM', seat: '12A' }],
      seat: [{ code: 'SEAT', origin: 'DEL', destination: 'BOM', seat: '12A' }],
    };
    expectTypeOf(ssr).toEqualTypeOf<Ssr>();
  });

  it('errors expose status, requestId and details', () => {
    expectTypeOf<APIError['status']>().toBeNumber();
    expectTypeOf<APIError['requestId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<APIError['details']>().toEqualTypeOf<string[]>();
    expectTypeOf<RateLimitError>().toExtend<APIError>();
    expectTypeOf<FareExpiredError['local']>().toBeBoolean();
    expectTypeOf<FareExpiredLocallyError>().toExtend<FareExpiredError>();
    expectTypeOf<FareExpiredLocallyError['local']>().toEqualTypeOf<true>();
    expectTypeOf<FareExpiredLocallyError['status']>().toEqualTypeOf<0>();
    expectTypeOf<FareExpiredLocallyError['requestId']>().toEqualTypeOf<undefined>();
  });
});
