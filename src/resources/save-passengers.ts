import type { ClientContext } from '../core/state/context.js';
import { RequestValidationError } from '../errors.js';
import { passengerRejection } from '../errors/passenger.js';
import type { Booking } from '../schemas/booking.js';
import type { PassengerInput } from '../schemas/passenger.js';
import { readPassengerList, type PassengerRead } from '../validation/passenger-shape.js';
import { passengerContextFromBooking, validateRead } from '../validation/passengers.js';
import type { BookingRef } from './booking-types.js';

/**
 * save-passengers' local preflight: the list against what the booking knows (pax_rules,
 * passport_required, supplier, pax_count, travel dates), from the booking the caller passed, or
 * (given only an id, or an object that is not a booking answer) one retrieve, with what the
 * client remembers (its search's pax_count, create's pax_rules). Every problem at once in one
 * RequestValidationError (the guard's read issues and every rule's), and nothing is sent; the
 * wire form of the list otherwise.
 *
 * By id the retrieve comes first, even for a list that already fails: one round holds every
 * problem (1.1 threw the problems it could see without the booking, and ages, travel dates and
 * counts came one fix later). Only a list that cannot be read at all is refused without it.
 * get-booking carries no `pax_count` (spec §4.7): a process that never saw the booking's search
 * cannot count locally, and the service's 400 then comes back as `PassengerRejectedError`.
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
  const held = typeof booking === 'object' && booking !== null && 'itinerary_items' in booking;
  const known: Partial<Booking> = held ? (booking as Partial<Booking>) : await retrieve();
  const trace = typeof known.trace_id === 'string' ? known.trace_id : memory?.trace_id;
  const search = trace ? ctx.registry.search(trace) : undefined;
  const context = passengerContextFromBooking(
    {
      ...known,
      ...(known.pax_rules ? {} : memory?.pax_rules ? { pax_rules: memory.pax_rules } : {}),
      ...(known.pax_count ? {} : search ? { pax_count: search.pax_count } : {}),
    } as Partial<Booking>,
    memory?.source ?? search?.source,
  );
  const result = validateRead(passengers, context, read);
  if (result.issues.length) throw new RequestValidationError(result.issues, 'Invalid passengers');
  for (const warning of result.warnings) ctx.logger.warn?.(warning, { booking_id: id });
  return { body: { passengers: result.passengers }, warnings: result.warnings };
}

/** A failed save-passengers' error: the service's 400 about the list as `PassengerRejectedError`. */
export function rejectedPassengers(id: string): (error: unknown) => never {
  return (error) => {
    throw passengerRejection(error, id);
  };
}
