import { describe, expect, it } from 'vitest';
import type {
  BookFlightParams,
  BookOptions,
  BookResult,
  BookingStatus,
  FarewayOptions,
  FlightOption,
  PassengerInput,
  Pricing,
  RequestOptions,
  RetrievedBooking,
} from '../../src/index.js';

// Type-level checks, run by `tsc` (npm run typecheck): each @ts-expect-error line must be a type
// error, or the typecheck fails ("Unused '@ts-expect-error' directive"). Unknown wire fields stay
// on the objects at run time, but no longer make every name valid.
function typos(
  booking: RetrievedBooking,
  done: BookResult,
  pricing: Pricing,
  option: FlightOption,
): unknown[] {
  return [
    // @ts-expect-error a typo of `pnr`
    booking.pnrr,
    // @ts-expect-error a typo of `final_fare`
    pricing.final_fair,
    // @ts-expect-error statuses are a literal union: the wire spells them in lower case
    done.status === 'CONFIRMED',
    // @ts-expect-error a typo of `segments`
    option.segmnts,
  ];
}

const base = {
  title: 'Ms',
  first_name: 'Asha',
  last_name: 'Rao',
  gender: 'female',
  pax_type: 'adult',
  dob: '1990-04-12',
  is_lead: true,
} as const;
// @ts-expect-error a typo of `nationality`: passengers are closed types too
const typoPassenger: PassengerInput = { ...base, nationalty: 'IN' };
// The spec's open GST family stays open.
const gstPassenger: PassengerInput = {
  ...base,
  gst_number: '27AAPFU0939F1ZV',
  gst_company_name: 'Acme',
  gst_company_pin: '400001',
};

// Options are closed types derived from their schemas: what the parse refuses does not compile.
// @ts-expect-error a typo of `timeout`
const typoOption: FarewayOptions = { timout: 5_000 };
// @ts-expect-error a typo of `signal`
const typoCall: RequestOptions = { signl: AbortSignal.timeout(1) };
// @ts-expect-error a rate-limit setting is a number, { limit, windowMs } or false
const badLimit: FarewayOptions = { rateLimits: { search: '60' } };
const options: FarewayOptions = {
  logger: console,
  hooks: { onResponse: (event) => void event.requestId },
  rateLimits: { search: 10, book: { limit: 1, windowMs: 1_000 }, other: false, redis: { host: '127.0.0.1' } },
  bookReconcile: { timeoutMs: 5_000 },
};
const book: BookOptions = { expectedFinalFare: 100, timeout: 1_000, headers: { 'x-ref': '1' } };
const onPriceChange: BookFlightParams['onPriceChange'] = (change) => change.current < 10_000;

describe('typos do not compile', () => {
  it('status is a union of the six statuses of spec §3', () => {
    const all: BookingStatus[] = ['draft', 'passenger_saved', 'priced', 'confirmed', 'failed', 'cancelled'];
    expect(all).toHaveLength(6);
    expect(typeof typos).toBe('function');
    expect(typoPassenger.first_name).toBe('Asha');
    expect(gstPassenger['gst_company_pin']).toBe('400001');
    expect([typoOption, typoCall, badLimit, options, book, typeof onPriceChange]).toHaveLength(6);
  });
});
