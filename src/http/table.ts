/**
 * The one table of `fareway/http`: every Fareway error code → the HTTP answer a partner's own API
 * gives for it (status, the answer's public code, a message a traveller can read, the error's
 * fields the body carries). Typed as a record over every `FarewayErrorCode`, so a new code does
 * not compile until it has its row; test/http/to-http-answer.test.ts checks that every exported
 * error class has one at run time too.
 *
 * The rules: the traveller's mistakes are 4xx (passengers → 422, a moved price or an expired fare
 * → 409); the service's refusals are never 500 (`bad_request` and any other 4xx → 422); the
 * service's and the network's faults are 502/504; "busy, try again" is 503 with `Retry-After`.
 * Only Fareway's own faults (a misconfigured client) answer 500. The answer's code is public: it
 * never tells a browser what the partner keeps private (a wallet balance, a rate-limit budget, a
 * revoked key are all `unavailable`).
 */
import type { FarewayError, FarewayErrorCode, ValidationIssue } from '../errors/base.js';
import { redactText } from '../errors/redact.js';

/** One row: how errors with one code are answered. */
export interface AnswerRule {
  /** The HTTP status. */
  readonly status: number;
  /** The answer's public code (`body.error.code`). */
  readonly code: string;
  /** The answer's message, for the traveller (never the error's own text). */
  readonly message: string;
  /** The error's fields the body carries, under their public names. */
  readonly fields?: (error: FarewayError) => Record<string, unknown>;
}

/** The issues of an input or passenger problem: path and rule (the rule's text redacted). */
const issues = (error: FarewayError): Record<string, unknown> => {
  const list = (error as { issues?: unknown }).issues;
  if (!Array.isArray(list)) return {};
  return {
    issues: (list as ValidationIssue[]).map((i) => ({
      path: String(i.path),
      message: redactText(String(i.message)),
    })),
  };
};

/** The service's own reasons for a refusal (`errors[].detail`), redacted of passenger data. */
const details = (error: FarewayError): Record<string, unknown> =>
  error.details.length ? { details: error.details.map((d) => redactText(String(d))) } : {};

const INTERNAL = { status: 500, code: 'internal', message: 'Something went wrong' } as const;
const REFUSED = {
  status: 422,
  code: 'request_refused',
  message: 'The flight service refused this request',
  fields: details,
} as const;
const INVALID = {
  status: 422,
  code: 'invalid_request',
  message: 'Check the highlighted fields',
  fields: issues,
} as const;
const EXPIRED = { status: 409, code: 'fare_expired', message: 'The fare has expired: search again' } as const;
const PENDING = {
  status: 202,
  code: 'confirmation_pending',
  message: 'Do not retry: we are confirming your booking',
} as const;
const BUSY = { status: 503, code: 'unavailable', message: 'Busy: try again shortly' } as const;
const UNAVAILABLE = {
  status: 503,
  code: 'unavailable',
  message: 'Flight booking is unavailable right now: try again later',
} as const;
const UPSTREAM = {
  status: 502,
  code: 'upstream_failed',
  message: 'The flight service failed: try again',
} as const;

/** Every code's answer. */
export const ANSWERS: Readonly<Record<FarewayErrorCode, AnswerRule>> = {
  // The traveller's input: our checks (nothing sent) or the service's refusal of the passengers.
  invalid_request: INVALID,
  passenger_rejected: INVALID,
  // The service refused the request (400, or a 4xx without a class of its own): never a 500.
  bad_request: REFUSED,
  api_error: REFUSED,
  invalid_selection_token: {
    status: 400,
    code: 'invalid_selection',
    message: 'This choice is not valid any more: search again',
  },
  fare_expired: EXPIRED,
  fare_expired_locally: EXPIRED,
  price_changed: {
    status: 409,
    code: 'price_changed',
    message: 'The fare changed: confirm again with the new fare',
    fields: (error) => {
      const e = error as FarewayError & { previousFare?: unknown; newFare?: unknown };
      return { previous_fare: e.previousFare, new_fare: e.newFare };
    },
  },
  invalid_booking_state: {
    status: 409,
    code: 'invalid_state',
    message: 'The booking does not allow this step in its current status',
    fields: (error) => ({ booking_status: (error as { booking_status?: unknown }).booking_status }),
  },
  duplicate_booking: {
    status: 409,
    code: 'duplicate_booking',
    message: 'This traveller already holds a booking for this flight',
  },
  booking_failed: {
    status: 409,
    code: 'booking_failed',
    message: 'The airline did not confirm: search again',
  },
  not_found: { status: 404, code: 'not_found', message: 'No such booking' },
  // The book may have happened (or another instance is booking): never book again, check later.
  booking_outcome_unknown: PENDING,
  booking_in_progress: PENDING,
  create_outcome_unknown: {
    status: 503,
    code: 'hold_pending',
    message: 'Do not retry yet: we are checking your hold',
  },
  // Busy or away: another attempt later (or another instance) can succeed.
  rate_limited: BUSY,
  rate_limit_queue_full: BUSY,
  book_lock_unavailable: BUSY,
  client_closed: BUSY,
  // The partner's own account (wallet, key): page the on-call, tell the traveller "later".
  insufficient_balance: UNAVAILABLE,
  authentication_failed: UNAVAILABLE,
  // The service or the network failed.
  timeout: { status: 504, code: 'upstream_timeout', message: 'The flight service did not answer in time' },
  connection_failed: UPSTREAM,
  upstream_error: UPSTREAM,
  internal_server_error: UPSTREAM,
  invalid_response: UPSTREAM,
  // Fareway's own faults (a misconfigured client, an error of no more specific class): a bug here.
  invalid_configuration: INTERNAL,
  fareway_error: INTERNAL,
};

/** The answer to anything that is not a Fareway error: nothing of it is shown. */
export const UNKNOWN: AnswerRule = INTERNAL;
