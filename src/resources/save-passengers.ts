import type { ClientContext } from '../core/context.js';
import { RequestValidationError } from '../errors.js';
import type { Booking } from '../schemas/booking.js';
import type { PassengerInput } from '../schemas/passenger.js';
import { readPassengerList, type PassengerRead } from '../validation/passenger-shape.js';
import { passengerContextFromBooking, validateRead } from '../validation/passengers.js';
import type { BookingRef } from './booking-types.js';

/**
 * save-passengers' local preflight: the list against what the booking knows (pax_rules,
 * passport_required, supplier, pax_count, travel dates), from the booking the caller passed, the
 * client's memory, or (given only an id) one retrieve. Every problem at once in one
 * RequestValidationError (the guard's read issues and every rule's), and nothing is sent; the
 * wire form of the list otherwise.
 *
 * Given only an id, the retrieve is not sent for a list that already fails: that one error holds
 * every problem that can be known without the booking's answer (with the supplier and pax_rules
 * the client remembers); the rules that need the booking's dates, counts and passport_required
 * run once those pass (docs/passengers.md, "When the checks run").
 */
export async function preflight(
  ctx: ClientContext,
  id: string,
  booking: BookingRef,
  passengers: PassengerInput[],
  given: PassengerRead | undefined,
  retrieve: () => Promise<Partial<Booking>>,
): Promise<{ body: { passengers: unknown[] }; warnings: string[] }> {
  let read = given;
  if (!read) {
    const list = readPassengerList(passengers);
    if (!list.read) throw new RequestValidationError(list.issues, 'Invalid passengers');
    read = list.read;
  }
  const memory = ctx.registry.booking(id);
  const remembered = memory?.pax_rules ? { pax_rules: memory.pax_rules } : {};
  const held = typeof booking === 'object' && booking !== null && 'itinerary_items' in booking;
  if (!held) {
    const early = validateRead(passengers, passengerContextFromBooking(remembered, memory?.source), read, {
      bookingPending: true,
    });
    if (early.issues.length) throw new RequestValidationError(early.issues, 'Invalid passengers');
  }
  const known: Partial<Booking> = held ? (booking as Partial<Booking>) : await retrieve();
  const context = passengerContextFromBooking(
    { ...known, ...(known.pax_rules ? {} : remembered) } as Partial<Booking>,
    memory?.source,
  );
  const result = validateRead(passengers, context, read);
  if (result.issues.length) throw new RequestValidationError(result.issues, 'Invalid passengers');
  for (const warning of result.warnings) ctx.logger.warn?.(warning, { booking_id: id });
  return { body: { passengers: result.passengers }, warnings: result.warnings };
}
