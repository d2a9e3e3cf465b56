/**
 * One spelling per idea on errors (issue 34): a booking's status is `booking_status` on every
 * error that knows one (`BookingStateError`, `BookingOutcomeUnknownError`,
 * `BookingInProgressError`), the deprecated `lastStatus` still holds the same value, and either
 * constructor input spelling fills both; the booking id is `ids.booking_id` everywhere, the
 * deprecated `booking_id` fields equal to it.
 */
import { describe, expect, it } from 'vitest';
import {
  BookingInProgressError,
  BookingOutcomeUnknownError,
  BookingStateError,
  PassengerRejectedError,
} from '../../src/index.js';

const B = '0f9e8d7c-6b5a-4c3d-9e2f-1a2b3c4d5e6f';

describe('booking_status: one spelling of the booking status an error saw', () => {
  const made = [
    ['BookingOutcomeUnknownError', (o: object) => new BookingOutcomeUnknownError(B, o)],
    ['BookingInProgressError', (o: object) => new BookingInProgressError(B, o)],
  ] as const;
  for (const [name, make] of made) {
    it(`${name}: booking_status, and the deprecated lastStatus, from either input spelling`, () => {
      const fresh = make({ booking_status: 'priced' }) as BookingInProgressError;
      expect(fresh.booking_status).toBe('priced');
      expect(fresh.lastStatus).toBe('priced');
      expect(fresh.message).toContain('last seen status: priced');
      const old = make({ lastStatus: 'passenger_saved' }) as BookingInProgressError;
      expect(old.booking_status).toBe('passenger_saved');
      expect(old.lastStatus).toBe('passenger_saved');
      const none = make({}) as BookingInProgressError;
      expect(none.booking_status).toBeUndefined();
      expect(JSON.parse(JSON.stringify(fresh))).toMatchObject({ booking_status: 'priced' });
    });
  }

  it('BookingStateError and PassengerRejectedError: the booking id is ids.booking_id (booking_id kept equal)', () => {
    const state = new BookingStateError({
      status: 400,
      booking_id: B,
      booking_status: 'confirmed',
      operation: 'book',
    });
    expect(state.booking_status).toBe('confirmed');
    expect(state.ids.booking_id).toBe(B);
    expect(state.booking_id).toBe(state.ids.booking_id);
    const rejected = new PassengerRejectedError({
      status: 400,
      booking_id: B,
      details: ['passengers: too many'],
    });
    expect(rejected.ids.booking_id).toBe(B);
    expect(rejected.booking_id).toBe(rejected.ids.booking_id);
  });
});
