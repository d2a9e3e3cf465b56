/**
 * Errors of an HTTP exchange with the service: `APIError` and one class per status (the
 * status -> class mapping is `APIError.generate`), the fare-expired pair, and Retry-After.
 */
import { FarewayError, keepClassNames, type FarewayErrorCode, type FarewayIds } from './base.js';
import { parseRetryAfter, STATUS_TEXT } from './http.js';

export { parseRetryAfter } from './http.js';

/** Options shared by API errors. */
export interface APIErrorInit {
  status: number;
  requestId?: string | undefined;
  details?: string[];
  headers?: Record<string, string>;
  body?: unknown;
  cause?: unknown;
  /** Free context, e.g. `{ booking_id }`. */
  context?: Record<string, unknown>;
  /**
   * The endpoint that answered (e.g. `'book'`). It decides whether a balance reading applies:
   * only book's 4xx answers can be an insufficient balance. When absent, `context.endpoint` is
   * read instead.
   */
  endpoint?: string | undefined;
  /** Ids known beside `requestId` and `context`'s (e.g. the PNR of a confirmed booking). */
  ids?: FarewayIds | undefined;
}

/** The service answered with a non-2xx status. */
export class APIError extends FarewayError {
  static override readonly code: FarewayErrorCode = 'api_error';
  override name = 'APIError';
  /** The HTTP status of the service's answer. */
  readonly status: number;
  /** Response headers (lower-cased names; never request headers, so never the key). */
  readonly headers: Record<string, string>;
  /** The parsed body, or the raw text when it was not JSON. */
  readonly body: unknown;
  /**
   * Context the SDK knew about the call, e.g. `{ booking_id }`. Its `booking_id` and `trace_id`
   * are also in `ids`: read them there (they stay here until 2.0).
   */
  readonly context: Record<string, unknown>;

  constructor(init: APIErrorInit, message?: string) {
    super(message ?? APIError.makeMessage(init.status, init.details ?? [], init.requestId), {
      cause: init.cause,
      ids: { ...init.context, ...init.ids, request_id: init.requestId },
    });
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details ?? [];
    this.headers = init.headers ?? {};
    this.body = init.body;
    this.context = init.context ?? {};
  }

  /**
   * True when the body is the service's own error envelope (`{success: false, errors: [...]}`):
   * the service itself answered. A proxy's HTML page is not: it says nothing about what the
   * service did (a book is then reconciled, never reported as failed).
   */
  get envelope(): boolean {
    const b = this.body as { success?: unknown; errors?: unknown } | null;
    return typeof b === 'object' && b !== null && b.success === false && Array.isArray(b.errors);
  }

  /** "409 Conflict: Fare expired, please search again (request req_123)". */
  static makeMessage(status: number, details: string[], requestId: string | undefined): string {
    const label = STATUS_TEXT[status] ? `${status} ${STATUS_TEXT[status]}` : String(status);
    const first = details[0] ? `: ${details[0]}` : '';
    const more = details.length > 1 ? ` (+${details.length - 1} more)` : '';
    const id = requestId ? ` (request ${requestId})` : '';
    return `${label}${first}${more}${id}`;
  }

  /** Maps a status (and details) to the most specific class. */
  static generate(init: APIErrorInit): APIError {
    const { status } = init;
    if (isBalanceRefusal(init)) return new InsufficientBalanceError(init);
    switch (status) {
      case 400:
        return stateRefusal(init) ?? new BadRequestError(init);
      case 401:
        return new AuthenticationError(init);
      case 404:
        return new NotFoundError(init);
      case 409:
        return new FareExpiredError(init);
      case 429:
        return new RateLimitError(init);
      case 500:
        return new InternalServerError(init);
      case 502:
        return new UpstreamError(init);
      default:
        return status >= 500 ? new InternalServerError(init) : new APIError(init);
    }
  }
}

/**
 * How an insufficient wallet balance is recognised: the spec does not fix its status, so either
 * 402 or a detail that speaks of an insufficient/low balance. See docs/errors-and-retries.md.
 */
export const INSUFFICIENT_BALANCE =
  /(insufficient|not enough|low)\b.*\b(wallet|balance|funds)|balance.*\b(insufficient|too low)/i;

/**
 * Only book debits the wallet, and only a refusal (4xx) can say "not enough balance": a 5xx or a
 * proxy page that happens to mention a balance is a fault, not a verdict on the wallet. When the
 * endpoint is known and is not book, no balance reading applies.
 */
function isBalanceRefusal(init: APIErrorInit): boolean {
  const { status, details = [] } = init;
  if (status < 400 || status >= 500) return false;
  const endpoint = init.endpoint ?? init.context?.['endpoint'];
  if (endpoint !== undefined && endpoint !== 'book') return false;
  return status === 402 || details.some((d) => INSUFFICIENT_BALANCE.test(d));
}

/** 400: missing fields, bad formats, or a supplier's own validation (reason in `details`). */
export class BadRequestError extends APIError {
  static override readonly code: 'bad_request' | 'invalid_booking_state' | 'passenger_rejected' =
    'bad_request';
  declare readonly code: 'bad_request' | 'invalid_booking_state' | 'passenger_rejected';
  override name = 'BadRequestError';
}

/** The booking steps a booking's status can refuse. */
export type BookingOperation = 'reprice' | 'book' | 'savePassengers';

/** The service's wording of a step refused in a status (the sandbox's; the spec shows none). */
const STATE_REFUSAL = /\bCannot (reprice|book|save passengers for) booking (\S+) in status '([a-z_]+)'/i;
const PNR_IN_DETAIL = /\bPNR ([A-Z0-9]{5,8})\b/;

/**
 * 400: the booking's status does not allow the step — reprice or book of a booking already
 * `confirmed`, anything on a `failed` one. A `BadRequestError` (`status` stays the HTTP 400) with
 * the booking's status in `booking_status`, the refused `operation` and `ids.booking_id`; `ids.pnr`
 * when the booking is confirmed and its PNR is known. Recognised from the service's message when
 * it names the status, otherwise (reprice, book) by one retrieve after the 400. Nothing happened.
 */
export class BookingStateError extends BadRequestError {
  static override readonly code = 'invalid_booking_state';
  declare readonly code: 'invalid_booking_state';
  override name = 'BookingStateError';
  /**
   * The booking (the same as `ids.booking_id`).
   * @deprecated use `err.ids.booking_id` (one spelling for every error's ids); removed in 2.0
   */
  readonly booking_id: string;
  /** The booking's current status, e.g. `'confirmed'`, which does not allow `operation`. */
  readonly booking_status: string;
  /** The refused step. */
  readonly operation: BookingOperation;
  constructor(
    init: APIErrorInit & { booking_id: string; booking_status: string; operation: BookingOperation },
    message?: string,
  ) {
    super({ ...init, ids: { ...init.ids, booking_id: init.booking_id } }, message);
    this.booking_id = init.booking_id;
    this.booking_status = init.booking_status;
    this.operation = init.operation;
  }
}
/** 401: missing, malformed or revoked API key. */
export class AuthenticationError extends APIError {
  static override readonly code = 'authentication_failed';
  declare readonly code: 'authentication_failed';
  override name = 'AuthenticationError';
}
/** 404: the booking does not exist or belongs to another partner. */
export class NotFoundError extends APIError {
  static override readonly code = 'not_found';
  declare readonly code: 'not_found';
  override name = 'NotFoundError';
}
/** 429: rate limit exceeded. `retryAfterMs` is parsed from `Retry-After` when sent. */
export class RateLimitError extends APIError {
  static override readonly code = 'rate_limited';
  declare readonly code: 'rate_limited';
  override name = 'RateLimitError';
  /** Milliseconds the service asked us to wait, if it said. */
  readonly retryAfterMs: number | undefined;
  constructor(init: APIErrorInit) {
    super(init);
    this.retryAfterMs = parseRetryAfter(this.headers['retry-after']);
  }
  /** Seconds the service asked us to wait, if it said (alias of `retryAfterMs / 1000`). */
  get retryAfter(): number | undefined {
    return this.retryAfterMs === undefined ? undefined : this.retryAfterMs / 1000;
  }
}
/** 500: a fault in the service. */
export class InternalServerError extends APIError {
  static override readonly code = 'internal_server_error';
  declare readonly code: 'internal_server_error';
  override name = 'InternalServerError';
}
/** 502: the upstream supplier failed (or the airport data source is unreachable). */
export class UpstreamError extends APIError {
  static override readonly code = 'upstream_error';
  declare readonly code: 'upstream_error';
  override name = 'UpstreamError';
}
/** Book refused because the prepaid wallet cannot cover the booking total. */
export class InsufficientBalanceError extends APIError {
  static override readonly code = 'insufficient_balance';
  declare readonly code: 'insufficient_balance';
  override name = 'InsufficientBalanceError';
}

/**
 * "The fare or search has expired: search again", whoever said it. From the service: a 409
 * (`local: false`, `status` 409, its `requestId`). Refused by the SDK before sending: the subclass
 * {@link FareExpiredLocallyError} (`local: true`, `status` 0, nothing was sent). One
 * `instanceof FareExpiredError` catches both.
 */
export class FareExpiredError extends APIError {
  static override readonly code: 'fare_expired' | 'fare_expired_locally' = 'fare_expired';
  declare readonly code: 'fare_expired' | 'fare_expired_locally';
  override name = 'FareExpiredError';
  /** True when the SDK refused the call itself (nothing was sent; `status` 0, no `requestId`). */
  readonly local: boolean;
  constructor(init: APIErrorInit, message?: string) {
    super(init, message);
    this.local = init.status === 0;
  }
  /** A local refusal: the deadline is known to have passed; nothing was sent. */
  static local(what: string, context: Record<string, unknown> = {}): FareExpiredLocallyError {
    return new FareExpiredLocallyError(what, context);
  }
}

/**
 * Refused before sending: the SDK knows the search or the fare lock has expired (its deadline,
 * minus `expiryMarginMs`, has passed). Nothing was sent: `status` is 0 (no HTTP exchange, as a
 * fetch network error), no `requestId`, `headers` or `body`. Search again.
 * @example
 * try { await fareway.bookings.create(choice); }
 * catch (err) { if (err instanceof FareExpiredError) return searchAgain(); throw err; }
 */
export class FareExpiredLocallyError extends FareExpiredError {
  static override readonly code = 'fare_expired_locally';
  declare readonly code: 'fare_expired_locally';
  override name = 'FareExpiredLocallyError';
  declare readonly status: 0;
  declare readonly local: true;
  declare requestId: undefined;
  /** `context`: what the SDK knew, `{ trace_id }` or `{ booking_id }` and the deadline. */
  constructor(what: string, context: Record<string, unknown> = {}) {
    const detail = `${what} has expired; search again`;
    super({ status: 0, details: [detail], context }, `${detail} (refused locally, nothing was sent)`);
  }
}

/** True for "the fare or search has expired, search again": `instanceof FareExpiredError`. */
export function isFareExpired(error: unknown): error is FareExpiredError {
  return error instanceof FareExpiredError;
}

/** The state error a 400 of a booking step is, when its detail names the booking's status. */
function stateRefusal(init: APIErrorInit): BookingStateError | undefined {
  const operation = init.endpoint ?? init.context?.['endpoint'];
  if (operation !== 'reprice' && operation !== 'book' && operation !== 'savePassengers') return undefined;
  for (const detail of init.details ?? []) {
    const m = STATE_REFUSAL.exec(detail);
    if (!m) continue;
    const known = init.context?.['booking_id'];
    const pnr = PNR_IN_DETAIL.exec(detail)?.[1];
    return new BookingStateError({
      ...init,
      ...(pnr ? { ids: { ...init.ids, pnr } } : {}),
      booking_id: typeof known === 'string' ? known : m[2]!,
      booking_status: m[3]!,
      operation,
    });
  }
  return undefined;
}

keepClassNames({
  APIError,
  BadRequestError,
  BookingStateError,
  AuthenticationError,
  NotFoundError,
  RateLimitError,
  InternalServerError,
  UpstreamError,
  InsufficientBalanceError,
  FareExpiredError,
  FareExpiredLocallyError,
});
