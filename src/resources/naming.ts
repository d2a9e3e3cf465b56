import { checkBookingId } from '../core/state/context.js';
import { FarewayError } from '../errors.js';
import { withCallIds } from '../errors/base.js';
import type { BookingRef } from './booking-types.js';

/**
 * Every error of a call that named a booking carries its id in `err.ids.booking_id` (a local
 * RequestValidationError, a ClientClosedError, …), when the id given is a valid booking_id.
 */
export async function naming<T>(booking: BookingRef, run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (error) {
    if (!(error instanceof FarewayError)) throw error;
    let id: string;
    try {
      id = checkBookingId(typeof booking === 'string' ? booking : booking?.booking_id);
    } catch {
      throw error;
    }
    throw withCallIds(error, { booking_id: id });
  }
}
