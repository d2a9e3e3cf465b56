import type { ClientContext } from '../core/context.js';
import { RequestValidationError } from '../errors.js';
import type { Booking } from '../schemas/booking.js';
import type { PassengerInput } from '../schemas/passenger.js';
import type { PassengerRead } from '../validation/passenger-shape.js';
import { passengerContextFromBooking, validateRead } from '../validation/passengers.js';
import type { BookingRef } from './booking-types.js';

/**
 * save-passengers' local preflight: the list against what the booking knows (pax_rules,
 * passport_required, supplier, pax_count, travel dates), from the booking the caller passed, the
 * client's memory, or (given only an id) one retrieve. Every problem at once in a
 * RequestValidationError, and nothing is sent; the wire form of the list otherwise.
 */
export async function preflight(
  ctx: ClientContext,
  id: string,
  booking: BookingRef,
  passengers: PassengerInput[],
  read: PassengerRead | undefined,
  retrieve: () => Promise<Partial<Booking>>,
): Promise<{ body: { passengers: unknown[] }; warnings: string[] }> {
  const memory = ctx.registry.booking(id);
  const known: Partial<Booking> =
    typeof booking === 'object' && 'itinerary_items' in booking
      ? (booking as Partial<Booking>)
      : await retrieve();
  const context = passengerContextFromBooking(
    {
      ...known,
      ...(memory?.pax_rules && !known.pax_rules ? { pax_rules: memory.pax_rules } : {}),
    } as Partial<Booking>,
    memory?.source,
  );
  const result = validateRead(passengers, context, read);
  if (result.issues.length) throw new RequestValidationError(result.issues, 'Invalid passengers');
  for (const warning of result.warnings) ctx.logger.warn?.(warning, { booking_id: id });
  return { body: { passengers: result.passengers }, warnings: result.warnings };
}
