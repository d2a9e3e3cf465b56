/**
 * Fareway's error hierarchy. Every error carries `requestId` where the service gave one and never
 * contains the API key: messages are built from the status, the service's detail and the id only,
 * and response headers are stored without `authorization`.
 */

/** One problem with caller input or with a response: where (`path`) and what rule (`message`). */
export interface ValidationIssue {
  /** Dotted path of the field, e.g. `passengers[1].passport_expiry`. */
  path: string;
  message: string;
}

/**
 * The one path format of every ValidationIssue: `['passengers', 1, 'ssr', 'meal', 0]` →
 * `passengers[1].ssr.meal[0]`; a key that is not an identifier is quoted (`["a-b"]`).
 */
export function formatPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (typeof seg === 'string' && /^[A-Za-z_$][\w$]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out;
}

/** Issues (zod's, or any `{ path, message }` with an array path) as ValidationIssues. */
export function toIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix = ''): ValidationIssue[] {
  return issues.map((issue) => ({ path: formatPath(issue.path, prefix), message: issue.message }));
}

/**
 * A process-wide brand: the ESM and the CJS build of Fareway (or two installed copies) each have
 * their own classes, so the brand carries the class-name chain that `instanceof` compares.
 */
const BRAND = Symbol.for('fareway.error');
/** Keys never serialised by `toJSON`, at any depth of a plain object (headers, context, …). */
const SECRET_KEYS = /^(authorization|proxy-authorization|cookie|set-cookie|api[-_]?key|x-api-key)$/i;

function jsonSafe(value: unknown, depth: number): unknown {
  if (value instanceof Error) {
    const json = (value as { toJSON?: () => unknown }).toJSON;
    return typeof json === 'function' ? json.call(value) : { name: value.name, message: value.message };
  }
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => jsonSafe(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!SECRET_KEYS.test(k)) out[k] = jsonSafe(v, depth + 1);
  return out;
}

/** Base class of every error Fareway throws. */
export class FarewayError extends Error {
  override name = 'FarewayError';
  /** The service's `X-Request-Id`, when a response (or a request) had one. */
  requestId: string | undefined = undefined;
  /** Readable details: the service's `errors[].detail`, or our own. */
  details: string[] = [];
  constructor(message: string, options?: { cause?: unknown }) {
    // Only a real cause: `{ cause: undefined }` would print `[cause]: undefined` in console.log.
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    const chain: string[] = [];
    for (let c: unknown = new.target; typeof c === 'function' && c !== Error; c = Object.getPrototypeOf(c))
      chain.push((c as { name: string }).name);
    Object.defineProperty(this, BRAND, { value: chain, enumerable: false });
  }

  /**
   * `instanceof` that also holds across builds: an error thrown by the CommonJS build is an
   * instance of the ESM build's class of the same name (and of its ancestors), and vice versa.
   */
  static override [Symbol.hasInstance]<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (typeof value !== 'object' || value === null) return false;
    const chain = (value as { [BRAND]?: unknown })[BRAND];
    return Array.isArray(chain) && chain.includes(this.name);
  }

  /**
   * A plain object for `JSON.stringify` and structured logs: `name`, `message`, `requestId`,
   * `details`, `status` and every other field of the error class, plus `cause`. Authorization,
   * cookies and anything named like an API key are left out at every depth; the key itself never
   * reaches an error in the first place.
   */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [k, v] of Object.entries(this)) if (!SECRET_KEYS.test(k)) out[k] = jsonSafe(v, 0);
    if (this.cause !== undefined) out.cause = jsonSafe(this.cause, 0);
    return out;
  }
}

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
  override name = 'APIError';
  readonly status: number;
  /** Response headers (lower-cased names; never request headers, so never the key). */
  readonly headers: Record<string, string>;
  /** The parsed body, or the raw text when it was not JSON. */
  readonly body: unknown;
  /** Context the SDK knew about the call, e.g. `{ booking_id }`. */
  readonly context: Record<string, unknown>;

  constructor(init: APIErrorInit, message?: string) {
    super(message ?? APIError.makeMessage(init.status, init.details ?? [], init.requestId), { cause: init.cause });
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
export const INSUFFICIENT_BALANCE = /(insufficient|not enough|low)\b.*\b(wallet|balance|funds)|balance.*\b(insufficient|too low)/i;

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
  override name = 'BadRequestError';
}
/** 401: missing, malformed or revoked API key. */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
/** 404: the booking does not exist or belongs to another partner. */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
/** 429: rate limit exceeded. `retryAfterMs` is parsed from `Retry-After` when sent. */
export class RateLimitError extends APIError {
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
  override name = 'InternalServerError';
}
/** 502: the upstream supplier failed (or the airport data source is unreachable). */
export class UpstreamError extends APIError {
  override name = 'UpstreamError';
}
/** Book refused because the prepaid wallet cannot cover the booking total. */
export class InsufficientBalanceError extends APIError {
  override name = 'InsufficientBalanceError';
}

/**
 * "The fare or search has expired: search again", whoever said it. From the service: a 409
 * (`local: false`, `status` 409, its `requestId`). Refused by the SDK before sending: the subclass
 * {@link FareExpiredLocallyError} (`local: true`, `status` 0, nothing was sent). One
 * `instanceof FareExpiredError` catches both.
 */
export class FareExpiredError extends APIError {
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

/**
 * A call was made on a client after `fareway.close()` (or was still queued when it closed).
 * Nothing was sent. Create a new client.
 */
export class ClientClosedError extends FarewayError {
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
  override name = 'PriceChangedError';
  constructor(
    message: string,
    readonly booking_id: string,
    readonly previousFare: number | undefined,
    readonly newFare: number,
  ) {
    super(message);
    this.details = [message];
  }
}

/**
 * save-passengers reported possible duplicates and the duplicates policy is `'refuse'`.
 */
export class DuplicateBookingError extends FarewayError {
  override name = 'DuplicateBookingError';
  constructor(
    message: string,
    readonly booking_id: string,
    readonly duplicates: unknown[],
  ) {
    super(message);
    this.details = [message];
  }
}

/** The request never got a response: DNS, refused or reset connection, a dropped socket. */
export class APIConnectionError extends FarewayError {
  override name = 'APIConnectionError';
  /** The network cause, when known: `ECONNREFUSED`, `ECONNRESET`, `UND_ERR_SOCKET`, `ETIMEDOUT`… */
  declare code?: string;
  constructor(message = 'Connection error', options?: { cause?: unknown; requestId?: string }) {
    super(message, options);
    this.requestId = options?.requestId;
  }
}

/** The request timed out (the client's or the call's `timeout`). */
export class APITimeoutError extends APIConnectionError {
  override name = 'APITimeoutError';
  constructor(message = 'Request timed out', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Caller input broke a rule. Nothing was sent. `issues` names every field and rule. */
export class RequestValidationError extends FarewayError {
  override name = 'RequestValidationError';
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[], what = 'Invalid request') {
    super(`${what}: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`);
    this.issues = issues;
    this.details = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
  }
}

/** The service answered something the contract does not allow, in a part the SDK needs. */
export class ResponseValidationError extends FarewayError {
  override name = 'ResponseValidationError';
  readonly issues: ValidationIssue[];
  readonly status: number | undefined;
  /**
   * The body as it came (parsed JSON, or the text when it was not JSON). After a 2xx on a
   * state-changing call the service did something: the body and `ids` let you find it.
   */
  readonly body: unknown;
  /** The ids the SDK knew for this call (`booking_id`, `trace_id`), whatever the body said. */
  readonly ids: { booking_id?: string | undefined; trace_id?: string | undefined };
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
      { cause: init.cause },
    );
    this.issues = issues;
    this.status = init.status;
    this.requestId = init.requestId;
    this.body = init.body;
    this.ids = init.ids ?? {};
    this.details = issues.map((i) => `${i.path || '(root)'}: ${i.message}`);
  }
}

/**
 * A book whose outcome could not be established: the request may or may not have committed.
 * Do not book again; retrieve `booking_id` later or contact support with it.
 */
export class BookingOutcomeUnknownError extends FarewayError {
  override name = 'BookingOutcomeUnknownError';
  constructor(
    readonly booking_id: string,
    options: { cause?: unknown; lastStatus?: string | undefined; requestId?: string | undefined },
  ) {
    super(
      `The outcome of book for booking ${booking_id} is unknown${options.lastStatus ? ` (last seen status: ${options.lastStatus})` : ''}. ` +
        'Do not book again: retrieve the booking later, or contact support with the booking_id.',
      { cause: options.cause },
    );
    this.requestId = options.requestId;
    this.lastStatus = options.lastStatus;
  }
  readonly lastStatus: string | undefined;
}

/**
 * A create-booking whose outcome could not be established (a timeout, a dropped connection or a
 * proxy error, and listing the newest bookings did not settle it). A booking (and a fare lock)
 * may exist for `trace_id`: look for it (`bookings.list`) before creating again.
 */
export class CreateOutcomeUnknownError extends FarewayError {
  override name = 'CreateOutcomeUnknownError';
  constructor(
    readonly trace_id: string,
    /** Bookings made from this trace during the call, when more than one could be it. */
    readonly candidates: string[],
    options: { cause?: unknown; requestId?: string | undefined } = {},
  ) {
    super(
      `The outcome of create-booking for trace_id ${trace_id} is unknown: a booking may exist` +
        (candidates.length ? ` (candidates: ${candidates.join(', ')})` : '') +
        '. List bookings for this trace_id before creating again.',
      { cause: options.cause },
    );
    this.requestId = options.requestId;
    this.details = [this.message];
  }
}

/** Parses `Retry-After`: seconds, or an HTTP date. Undefined when absent or unparseable. */
export function parseRetryAfter(value: string | undefined | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Book ended with the booking `failed` (established by retrieving it). Create a fresh booking to retry. */
export class BookingFailedError extends FarewayError {
  override name = 'BookingFailedError';
  constructor(
    readonly booking_id: string,
    /** The booking as retrieved, for context. */
    readonly booking: unknown,
    options: { cause?: unknown; requestId?: string | undefined },
  ) {
    super(`Booking ${booking_id} failed upstream; create a fresh booking to try again`, { cause: options.cause });
    this.requestId = options.requestId;
    this.details = [this.message];
  }
}

/** The client was constructed with a missing or malformed option. */
export class ConfigurationError extends FarewayError {
  override name = 'ConfigurationError';
}

/**
 * A call found its rate-limit bucket's queue full (`rateLimits.maxQueue`): the service is being
 * asked for far more than the budget allows. Nothing was sent; back off or shed load.
 */
export class RateLimitQueueFullError extends FarewayError {
  override name = 'RateLimitQueueFullError';
  constructor(
    readonly bucket: 'search' | 'book' | 'other',
    readonly maxQueue: number,
  ) {
    super(`Rate limit queue full for '${bucket}' (${maxQueue} calls waiting); nothing was sent`);
    this.details = [this.message];
  }
}

/**
 * Class names that survive any minifier, ours or the application's: the build does not run with
 * `keepNames` (its `__name` call on every function cost 2.4 KiB gzipped of each app's bundle).
 * The cross-build `instanceof` compares these names.
 */
for (const [name, cls] of Object.entries({
  FarewayError,
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
  ClientClosedError,
  PriceChangedError,
  DuplicateBookingError,
  APIConnectionError,
  APITimeoutError,
  RequestValidationError,
  ResponseValidationError,
  BookingOutcomeUnknownError,
  CreateOutcomeUnknownError,
  BookingFailedError,
  ConfigurationError,
  RateLimitQueueFullError,
}))
  Object.defineProperty(cls, 'name', { value: name });
