/**
 * Errors raised on this side of the wire: bad input or options (nothing sent), a closed client, a
 * connection or timeout failure, an answer the contract does not allow, and the guards of book.
 */
import type { Bucket } from '../schemas/plain/vocabulary.js';
import { FarewayError, keepClassNames, type FarewayIds, type ValidationIssue } from './base.js';

/**
 * A call was made on a client after `fareway.close()` (or was still queued when it closed).
 * Nothing was sent. Create a new client.
 */
export class ClientClosedError extends FarewayError {
  static override readonly code = 'client_closed';
  declare readonly code: 'client_closed';
  override name = 'ClientClosedError';
  constructor(message = 'The Fareway client is closed (fareway.close() was called); nothing was sent') {
    super(message);
    this.details = [message];
  }
}

/**
 * The last reprice reported `price_changed` and the caller has not accepted the new fare.
 * Nothing was sent.
 */
export class PriceChangedError extends FarewayError {
  static override readonly code = 'price_changed';
  declare readonly code: 'price_changed';
  override name = 'PriceChangedError';
  constructor(
    message: string,
    /** @deprecated use `err.ids.booking_id`; kept until 2.0 */
    readonly booking_id: string,
    /** The fare the caller expected (`expectedFinalFare`, or the fare before the reprice); undefined when unknown. */
    readonly previousFare: number | undefined,
    /** The service's current fare: what book would charge. */
    readonly newFare: number,
  ) {
    super(message, { ids: { booking_id } });
    this.details = [message];
  }
}

/**
 * save-passengers reported possible duplicates and the duplicates policy is `'refuse'`.
 */
export class DuplicateBookingError extends FarewayError {
  static override readonly code = 'duplicate_booking';
  declare readonly code: 'duplicate_booking';
  override name = 'DuplicateBookingError';
  constructor(
    message: string,
    /** @deprecated use `err.ids.booking_id`; kept until 2.0 */
    readonly booking_id: string,
    /** The possible duplicates save-passengers reported (spec §2 `duplicates`), as they came. */
    readonly duplicates: unknown[],
  ) {
    super(message, { ids: { booking_id } });
    this.details = [message];
  }
}

/** Options of the connection errors: the cause, the ids of the call (`booking_id`, `trace_id`). */
export interface ConnectionErrorOptions {
  /** The error fetch (or ky) threw, reduced to name, message and code (never the request). */
  cause?: unknown;
  /** The service's `X-Request-Id`, when response headers arrived before the failure. */
  requestId?: string | undefined;
  /** The root cause's network code (`ECONNREFUSED`, `ETIMEDOUT`, …): the error's `systemCode`. */
  systemCode?: string | undefined;
  /** The ids the call was about, e.g. `{ booking_id }` of a book. */
  ids?: FarewayIds | undefined;
}

/** The request never got a response: DNS, refused or reset connection, a dropped socket. */
export class APIConnectionError extends FarewayError {
  static override readonly code: 'connection_failed' | 'timeout' = 'connection_failed';
  declare readonly code: 'connection_failed' | 'timeout';
  override name = 'APIConnectionError';
  /**
   * The system (network) code of the root cause, when known: `ECONNREFUSED`, `ECONNRESET`,
   * `ENOTFOUND`, `UND_ERR_SOCKET`, `BAD_PORT`, `ERR_SSL_*`; `ETIMEDOUT` on `APITimeoutError`.
   * (`code` is Fareway's own stable code: `connection_failed` or `timeout`.)
   */
  declare readonly systemCode?: string;
  constructor(message = 'Connection error', options?: ConnectionErrorOptions) {
    super(message, { cause: options?.cause, ids: { ...options?.ids, request_id: options?.requestId } });
    this.requestId = options?.requestId;
    if (options?.systemCode !== undefined) this.systemCode = options.systemCode;
  }
}

/** The request timed out (the client's or the call's `timeout`). */
export class APITimeoutError extends APIConnectionError {
  static override readonly code = 'timeout';
  declare readonly code: 'timeout';
  override name = 'APITimeoutError';
  constructor(message = 'Request timed out', options?: ConnectionErrorOptions) {
    super(message, options);
  }
}

/** Caller input broke a rule. Nothing was sent. `issues` names every field and rule. */
export class RequestValidationError extends FarewayError {
  static override readonly code = 'invalid_request';
  declare readonly code: 'invalid_request';
  override name = 'RequestValidationError';
  /** Every problem at once: `path` (e.g. `passengers[0].email`) and `message`. */
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[], what = 'Invalid request') {
    super(`${what}: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`);
    this.issues = issues;
    this.details = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
  }
}

/** The service answered something the contract does not allow, in a part the SDK needs. */
export class ResponseValidationError extends FarewayError {
  static override readonly code = 'invalid_response';
  declare readonly code: 'invalid_response';
  override name = 'ResponseValidationError';
  /** What in the answer broke the contract: `path` in the body and `message`. */
  readonly issues: ValidationIssue[];
  /** The HTTP status of that answer (undefined when there was none). */
  readonly status: number | undefined;
  /**
   * The body as it came (parsed JSON, or the text when it was not JSON). After a 2xx on a
   * state-changing call the service did something: the body and `ids` (the ids the SDK knew for
   * this call, `booking_id`, `trace_id`, whatever the body said) let you find it.
   */
  readonly body: unknown;
  /** The request the answer came from, method and path: `'POST /v1/flights/booking/…/book/'`. */
  readonly endpoint: string;
  constructor(
    issues: ValidationIssue[],
    init: {
      requestId?: string | undefined;
      status?: number;
      endpoint: string;
      cause?: unknown;
      body?: unknown;
      ids?: { booking_id?: string | undefined; trace_id?: string | undefined };
    },
  ) {
    const shown = issues.slice(0, 5).map((i) => `${i.path || '(root)'}: ${i.message}`);
    const idText = Object.entries(init.ids ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ');
    super(
      `Unexpected response from ${init.endpoint}: ${shown.join('; ')}${issues.length > 5 ? ` (+${issues.length - 5} more)` : ''}` +
        `${idText ? ` [${idText}]` : ''}${init.requestId ? ` (request ${init.requestId})` : ''}`,
      { cause: init.cause, ids: { ...init.ids, request_id: init.requestId } },
    );
    this.issues = issues;
    this.status = init.status;
    this.requestId = init.requestId;
    this.body = init.body;
    this.endpoint = init.endpoint;
    this.details = issues.map((i) => `${i.path || '(root)'}: ${i.message}`);
  }
}

/** The client was constructed with a missing or malformed option. */
export class ConfigurationError extends FarewayError {
  static override readonly code = 'invalid_configuration';
  declare readonly code: 'invalid_configuration';
  override name = 'ConfigurationError';
}

/**
 * A call found its rate-limit bucket's queue full (`rateLimits.maxQueue`): the service is being
 * asked for far more than the budget allows. Nothing was sent; back off or shed load.
 */
export class RateLimitQueueFullError extends FarewayError {
  static override readonly code = 'rate_limit_queue_full';
  declare readonly code: 'rate_limit_queue_full';
  override name = 'RateLimitQueueFullError';
  constructor(
    /** The rate-limit bucket whose queue was full (`search`, `book` or `other`). */
    readonly bucket: Bucket,
    /** The queue's bound (`rateLimits.maxQueue`). */
    readonly maxQueue: number,
  ) {
    super(`Rate limit queue full for '${bucket}' (${maxQueue} calls waiting); nothing was sent`);
    this.details = [this.message];
  }
}

keepClassNames({
  ClientClosedError,
  PriceChangedError,
  DuplicateBookingError,
  APIConnectionError,
  APITimeoutError,
  RequestValidationError,
  ResponseValidationError,
  ConfigurationError,
  RateLimitQueueFullError,
});
