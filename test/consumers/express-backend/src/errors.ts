// Fareway's errors as answers of the partner's own API. Route on `err.code` (stable within a major
// version); every answer carries the ids support needs (`err.ids`: request, search, booking, PNR)
// and never a key, a passenger's data or the service's own wording for a fault on our side.
import {
  FarewayError,
  RateLimitError,
  type BookingStateError,
  type PassengerRejectedError,
  type PriceChangedError,
  type RequestValidationError,
} from 'fareway';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: { error: string; message: string } & Record<string, unknown>;
}

const answer = (status: number, error: string, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  error,
  message,
  extra,
});

export function toHttpAnswer(err: unknown): HttpAnswer {
  if (!(err instanceof FarewayError)) return shape(answer(500, 'internal', 'Something went wrong'), {});
  const a = route(err);
  const headers: Record<string, string> = {};
  if (a.status === 503) {
    const ms = err instanceof RateLimitError ? err.retryAfterMs : undefined;
    headers['retry-after'] = String(Math.max(1, Math.ceil((ms ?? 5_000) / 1000)));
  }
  return shape(a, headers, err.ids);
}

function route(err: FarewayError): ReturnType<typeof answer> {
  switch (err.code) {
    case 'invalid_request': // our input checks: every issue at once, nothing was sent
      return answer(422, 'invalid_request', 'Check the highlighted fields', {
        issues: (err as RequestValidationError).issues,
      });
    case 'passenger_rejected': // the service refused the passengers: the traveller corrects them
      return answer(422, 'invalid_request', 'Check the highlighted fields', {
        issues: (err as PassengerRejectedError).issues,
      });
    case 'invalid_selection_token':
      return answer(400, 'invalid_selection', 'This choice is not valid any more: search again');
    case 'fare_expired':
    case 'fare_expired_locally':
      return answer(409, 'fare_expired', 'The fare has expired: search again');
    case 'price_changed': {
      const e = err as PriceChangedError;
      return answer(409, 'price_changed', 'The fare changed: confirm again with the new fare', {
        previous_fare: e.previousFare,
        new_fare: e.newFare,
      });
    }
    case 'invalid_booking_state': {
      const e = err as BookingStateError;
      return answer(409, 'invalid_state', `The booking is ${e.booking_status}`, {
        booking_status: e.booking_status,
      });
    }
    case 'duplicate_booking':
      return answer(409, 'duplicate_booking', 'This traveller already holds a booking for this flight');
    case 'booking_failed':
      return answer(409, 'booking_failed', 'The airline did not confirm: search again');
    case 'booking_in_progress':
    case 'booking_outcome_unknown': // the book may have happened: never book again, check later
      return answer(202, 'confirmation_pending', 'Do not retry: we are confirming your booking');
    case 'create_outcome_unknown':
      return answer(503, 'hold_pending', 'Do not retry yet: we are checking your hold');
    case 'not_found':
      return answer(404, 'not_found', 'No such booking');
    case 'rate_limited':
    case 'rate_limit_queue_full':
    case 'book_lock_unavailable': // nothing was sent (bookLockUnavailable: 'refuse', Redis away)
    case 'insufficient_balance': // the partner's wallet: page the on-call, tell the traveller "later"
    case 'client_closed': // shutting down: another instance takes the retry
      return answer(503, 'unavailable', 'Busy: try again shortly');
    case 'timeout':
      return answer(504, 'upstream_timeout', 'The flight service did not answer in time');
    case 'connection_failed':
    case 'upstream_error':
    case 'internal_server_error':
    case 'invalid_response':
      return answer(502, 'upstream_failed', 'The flight service failed: try again');
    default: // authentication_failed, invalid_configuration, bad_request: our bug, never shown
      return answer(500, 'internal', 'Something went wrong');
  }
}

function shape(
  a: ReturnType<typeof answer>,
  headers: Record<string, string>,
  ids: FarewayError['ids'] = {},
): HttpAnswer {
  return { status: a.status, headers, body: { error: a.error, message: a.message, ...a.extra, ...ids } };
}
