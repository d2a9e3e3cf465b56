import { checkBookingId, type ClientContext } from '../core/state/context.js';
import { checkCall, type CallSpec } from './check-call.js';
import type { Call, FarewayPromise } from '../core/call/call.js';
import { FarewayError } from '../errors.js';
import { withCallIds } from '../errors/base.js';
import type { SERVICE } from '../schemas/endpoints.js';
import type { z } from '../schemas/zod.js';
import type { PassengerRead } from '../validation/passenger-shape.js';
import type { BookingRef } from './booking-types.js';
import { refuseIfLockExpired } from './lock-deadline.js';

/**
 * What a resource method is, for the wrapper that runs it (`runMethod`): the endpoint it calls
 * (its span, its rate-limit bucket), the schema of its options, and whether it names a booking.
 */
export interface Method {
  endpoint: (typeof SERVICE)[keyof typeof SERVICE];
  /** Its options, when they are more than the request options. @default RequestOptionsSchema */
  schema?: z.ZodMiniType;
  /**
   * `'named'`: the call names a booking: its id is checked, and every error carries it
   * (`err.ids.booking_id`); `'locked'`: that, and a fare lock this client knows has expired is
   * refused before anything is sent.
   */
  booking?: 'named' | 'locked';
}

/** What the checks hand the body: the booking's id (`''` when none is named), the passengers as read. */
export interface Checked {
  id: string;
  read: PassengerRead | undefined;
}

/**
 * Runs one resource method as a call (a step of `parent` when given): the checks every method
 * owes, in this order and before anything is sent — closed client, options and argument objects
 * (`checkCall`), the booking id, the fare lock — then `body`. Every error of a call that names a
 * booking carries its id (`naming`).
 */
export function runMethod<T>(
  ctx: ClientContext,
  method: Method,
  options: unknown,
  body: (call: Call, checked: Checked) => Promise<T>,
  at: { parent?: Call | undefined; booking?: BookingRef | undefined; spec?: CallSpec | undefined } = {},
): FarewayPromise<T> {
  const spec = method.schema ? { ...at.spec, schema: method.schema } : at.spec;
  return ctx.requester.operation(
    method.endpoint,
    options,
    (call) => {
      const checked = async () => {
        const read = checkCall(ctx, options, spec);
        if (!method.booking) return body(call, { id: '', read });
        const id = idOf(at.booking);
        if (method.booking === 'locked') refuseIfLockExpired(ctx, id);
        return body(call, { id, read });
      };
      return method.booking ? naming(at.booking!, checked()) : checked();
    },
    at.parent,
  );
}

const idOf = (booking: BookingRef | undefined) =>
  checkBookingId(typeof booking === 'string' ? booking : booking?.booking_id);

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
      id = idOf(booking);
    } catch {
      throw error;
    }
    throw withCallIds(error, { booking_id: id });
  }
}
