/**
 * The service refused a save-passengers for the passengers themselves (its 400 about the list: a
 * count, a supplier's document rule, a pax_rules field): `PassengerRejectedError`, a
 * `BadRequestError` with its own code, the booking and the service's problems as issues.
 */
import { BadRequestError, BookingStateError, type APIErrorInit } from './api.js';
import { keepClassNames, type ValidationIssue } from './base.js';

/** `passengers[1].nationality: must be …` → path and message; anything else is a list-level issue. */
const DETAIL = /^\s*(passengers(?:\[\d+\])?(?:\.[A-Za-z_][\w]*(?:\[\d+\])?)*)\s*:\s*(.+?)\.?\s*$/s;

/**
 * 400 from save-passengers about the passengers (spec §4.4: "validation runs at the API layer and
 * against the airline's mandatory-field rules"; §1 rule 5: a supplier's own rules). Nothing was
 * saved: correct the list and send it again. Still a `BadRequestError` (`status` 400), so code
 * written for 1.1 that catches that class keeps working; route on `code === 'passenger_rejected'`
 * to answer the traveller (a 422 in the web recipe). Fareway checks every rule it can know before
 * sending; this is what only the service knew (e.g. the booking's passenger count when the
 * booking was named by id in a process that never saw its search).
 */
export class PassengerRejectedError extends BadRequestError {
  static override readonly code = 'passenger_rejected';
  declare readonly code: 'passenger_rejected';
  override name = 'PassengerRejectedError';
  /**
   * The booking whose passengers were refused (the same as `ids.booking_id`).
   * @deprecated use `err.ids.booking_id` (one spelling for every error's ids); removed in 2.0
   */
  readonly booking_id: string;
  /**
   * The service's problems, one per detail: `path` (`passengers[0].nationality`, or `passengers`
   * for the list) and `message`, in the shape of `RequestValidationError.issues`.
   */
  readonly issues: ValidationIssue[];
  constructor(init: APIErrorInit & { booking_id: string }, message?: string) {
    super({ ...init, ids: { ...init.ids, booking_id: init.booking_id } }, message);
    this.booking_id = init.booking_id;
    this.issues = (init.details ?? []).map((detail) => {
      const m = DETAIL.exec(detail);
      return m ? { path: m[1]!, message: m[2]! } : { path: 'passengers', message: detail };
    });
  }
}

/**
 * What a failed save-passengers throws: the service's own 400 (its envelope) that is not a state
 * refusal becomes a `PassengerRejectedError` for booking `id`; anything else stands.
 */
export function passengerRejection(error: unknown, id: string): unknown {
  if (!(error instanceof BadRequestError) || error instanceof BookingStateError) return error;
  if (error instanceof PassengerRejectedError || error.status !== 400 || !error.envelope) return error;
  return new PassengerRejectedError(
    { ...error, cause: error, ids: { ...error.ids }, booking_id: id },
    error.message,
  );
}

keepClassNames({ PassengerRejectedError });
