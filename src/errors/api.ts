/**
 * Errors of an HTTP exchange with the service: `APIError` and one class per status (the
 * status -> class mapping is `APIError.generate`), the fare-expired pair, and Retry-After.
 */
import { FarewayError, keepClassNames, type FarewayErrorCode } from './base.js';

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
  /** Context the SDK knew about the call, e.g. `{ booking_id }`. */
  readonly context: Record<string, unknown>;

  constructor(init: APIErrorInit, message?: string) {
    super(message ?? APIError.makeMessage(init.status, init.details ?? [], init.requestId), {
      cause: init.cause,
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
        return new BadRequestError(init);
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

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

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
  static override readonly code = 'bad_request';
  declare readonly code: 'bad_request';
  override name = 'BadRequestError';
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

/** Parses `Retry-After`: seconds, or an HTTP date. Undefined when absent or unparseable. */
export function parseRetryAfter(value: string | undefined | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

keepClassNames({
  APIError,
  BadRequestError,
  AuthenticationError,
  NotFoundError,
  RateLimitError,
  InternalServerError,
  UpstreamError,
  InsufficientBalanceError,
  FareExpiredError,
  FareExpiredLocallyError,
});
