/**
 * The base of Fareway's error hierarchy: `FarewayError`, its stable `code` and `docUrl`, its JSON
 * form (never the key), and the validation issue shape shared by input and response checks.
 */
import { redactedEntry, redactText } from './redact.js';

/**
 * The stable code of every Fareway error class, one per class (`err.code`; the class's own is
 * `RateLimitError.code`). Match on it in alerting rather than on class names or messages: codes
 * never change within a major version. Each has an entry in docs/errors-and-retries.md
 * (`err.docUrl` points at it) saying what it means and what to do.
 */
export type FarewayErrorCode =
  | 'fareway_error'
  | 'api_error'
  | 'bad_request'
  | 'authentication_failed'
  | 'not_found'
  | 'fare_expired'
  | 'fare_expired_locally'
  | 'rate_limited'
  | 'internal_server_error'
  | 'upstream_error'
  | 'insufficient_balance'
  | 'connection_failed'
  | 'timeout'
  | 'invalid_request'
  | 'client_closed'
  | 'rate_limit_queue_full'
  | 'invalid_response'
  | 'booking_outcome_unknown'
  | 'booking_in_progress'
  | 'book_lock_unavailable'
  | 'create_outcome_unknown'
  | 'booking_failed'
  | 'price_changed'
  | 'duplicate_booking'
  | 'invalid_booking_state'
  | 'passenger_rejected'
  | 'invalid_selection_token'
  | 'invalid_configuration';

/** Where every code is explained: `${ERROR_DOCS}#${code}` is that code's entry. */
const ERROR_DOCS = 'https://github.com/fareway-dev/fareway/blob/main/docs/errors-and-retries.md';

/** One problem with caller input or with a response: where (`path`) and what rule (`message`). */
export interface ValidationIssue {
  /** Dotted path of the field, e.g. `passengers[1].passport_expiry`. */
  path: string;
  /** What is wrong there, e.g. `must be one of Mr, Ms, Mrs`. */
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
export function toIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix = '',
): ValidationIssue[] {
  return issues.map((issue) => ({ path: formatPath(issue.path, prefix), message: issue.message }));
}

/**
 * A process-wide brand: the ESM and the CJS build of Fareway (or two installed copies) each have
 * their own classes, so the brand carries the class-name chain that `instanceof` compares.
 */
const BRAND = Symbol.for('fareway.error');
/**
 * The ids of what an error is about, in one place on every error (`err.ids`): the service's
 * request id, the search's `trace_id`, the `booking_id` and, once known, the booking's `pnr`.
 * A key is present only when the error knows it; the object is frozen and empty when none is known.
 */
export type FarewayIds = Readonly<{
  /** The service's `X-Request-Id` of the answer (or the last request) the error came from. */
  request_id?: string;
  /** The search the call was about (create-booking, fare rules, a search's answer). */
  trace_id?: string;
  /** The booking the call was about (every booking endpoint, book's and create's outcomes). */
  booking_id?: string;
  /** The booking's PNR, when the error knows the booking is confirmed (e.g. `BookingStateError`). */
  pnr?: string;
}>;

const ID_KEYS = ['request_id', 'trace_id', 'booking_id', 'pnr'] as const;

/** The string ids of `source` (empty strings and non-strings left out). */
function pickIds(source: unknown): { -readonly [K in keyof FarewayIds]: string } {
  const out: { -readonly [K in keyof FarewayIds]: string } = {};
  if (typeof source !== 'object' || source === null) return out;
  for (const key of ID_KEYS) {
    const value = (source as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

/**
 * The frozen `FarewayIds` of `sources`, merged left to right (a later source's id wins): what an
 * error's `ids` holds, and what every result and page carries as `ids` (core/state/context.ts `withMeta`).
 * @internal
 */
export function idsOf(...sources: unknown[]): FarewayIds {
  const out: { -readonly [K in keyof FarewayIds]: string } = {};
  for (const source of sources) Object.assign(out, pickIds(source));
  return Object.freeze(out);
}

/** Keys never serialised by `toJSON`, at any depth of a plain object (headers, context, …). */
const SECRET_KEYS = /^(authorization|proxy-authorization|cookie|set-cookie|api[-_]?key|x-api-key)$/i;

/**
 * A value as `toJSON` shows it: secrets left out, passenger data redacted (errors/redact.ts: by
 * key in parsed bodies, by JSON fragment in text such as a cut body), at every depth.
 */
function jsonSafe(value: unknown, depth: number, parent = ''): unknown {
  if (value instanceof Error) {
    const json = (value as { toJSON?: () => unknown }).toJSON;
    return typeof json === 'function' ? json.call(value) : { name: value.name, message: value.message };
  }
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => jsonSafe(v, depth + 1, parent));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    if (!SECRET_KEYS.test(k)) out[k] = redactedEntry(k, v, parent) ?? jsonSafe(v, depth + 1, k);
  return out;
}

/** Base class of every error Fareway throws. */
export class FarewayError extends Error {
  /** This class's stable code: what `code` is on its instances (`err.code === RateLimitError.code`). */
  static readonly code: FarewayErrorCode = 'fareway_error';
  override name = 'FarewayError';
  /**
   * Stable, documented code of the error's class (`'rate_limited'`, `'fare_expired'`, …): match on
   * it in alerting and logs. See {@link FarewayErrorCode}.
   */
  readonly code: FarewayErrorCode;
  /** The code's entry in docs/errors-and-retries.md: what it means and what to do. */
  readonly docUrl: string;
  /**
   * The service's `X-Request-Id`, when a response (or a request) had one.
   * @deprecated use `err.ids.request_id`; kept until 2.0
   */
  requestId: string | undefined = undefined;
  /** Readable details: the service's `errors[].detail`, or our own. */
  details: string[] = [];
  /**
   * Every id the error knows, in one place, whatever its class: `request_id`, `trace_id`,
   * `booking_id`, `pnr` (each only when known; `{}` when none; frozen). Route, log and report on
   * these; the older fields that hold the same ids (`requestId`, a class's `booking_id` or
   * `trace_id`, `context.booking_id`) stay until 2.0.
   */
  readonly ids: FarewayIds;
  constructor(
    message: string,
    /** `ids`: the ids the error is about; only non-empty strings under the keys of `FarewayIds` are kept. */
    options?: { cause?: unknown; ids?: { readonly [K in keyof FarewayIds]?: unknown } | undefined },
  ) {
    // Only a real cause: `{ cause: undefined }` would print `[cause]: undefined` in console.log.
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.ids = Object.freeze(pickIds(options?.ids));
    this.code = new.target.code;
    this.docUrl = `${ERROR_DOCS}#${this.code}`;
    const chain: string[] = [];
    for (let c: unknown = new.target; typeof c === 'function' && c !== Error; c = Object.getPrototypeOf(c))
      chain.push((c as { name: string }).name);
    Object.defineProperty(this, BRAND, { value: chain, enumerable: false });
  }

  /**
   * `instanceof` that also holds across builds: an error thrown by the CommonJS build is an
   * instance of the ESM build's class of the same name (and of its ancestors), and vice versa.
   */
  static override [Symbol.hasInstance]<T>(
    this: abstract new (...args: never[]) => T,
    value: unknown,
  ): value is T {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (typeof value !== 'object' || value === null) return false;
    const chain = (value as { [BRAND]?: unknown })[BRAND];
    return Array.isArray(chain) && chain.includes(this.name);
  }

  /**
   * A plain object for `JSON.stringify` and structured logs: `name`, `message`, `code`, `docUrl`,
   * `ids`, `requestId`, `details`, `status` and every other field of the error class, plus `cause`. Authorization,
   * cookies and anything named like an API key are left out at every depth; the key itself never
   * reaches an error in the first place. Passenger data (names, date of birth, documents, contact,
   * address, whole `passengers` lists) is replaced by `'[redacted]'`, in parsed bodies and in
   * text such as a cut body; the error's own fields (`err.body`) keep it as it came.
   */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {
      name: this.name,
      message: this.message,
      code: this.code,
      docUrl: this.docUrl,
      ids: this.ids,
    };
    for (const [k, v] of Object.entries(this)) if (!SECRET_KEYS.test(k)) out[k] = jsonSafe(v, 0);
    if (this.cause !== undefined) out.cause = jsonSafe(this.cause, 0);
    return out;
  }
}

/**
 * Adds the ids a call named to an error that does not carry them yet (e.g. `booking_id` on a
 * RequestValidationError or ClientClosedError of a call that named a booking): ids the error
 * already has are kept. Internal (not exported by the package): the error is the call's own.
 */
export function withCallIds<E extends FarewayError>(error: E, ids: FarewayIds): E {
  const merged = Object.freeze({ ...ids, ...error.ids });
  if (Object.keys(merged).length === Object.keys(error.ids).length) return error;
  Object.defineProperty(error, 'ids', { value: merged, enumerable: true, configurable: true });
  return error;
}

/**
 * Class names that survive any minifier, ours or the application's: the build does not run with
 * `keepNames` (its `__name` call on every function cost 2.4 KiB gzipped of each app's bundle).
 * The cross-build `instanceof` compares these names. Each file names its own classes: a bundler
 * drops the top-level statements of a module whose exports are unused (package.json
 * `sideEffects`), so this must run where the classes are defined, not in the barrel.
 */
export function keepClassNames(classes: Record<string, abstract new (...args: never[]) => unknown>): void {
  for (const [name, cls] of Object.entries(classes)) Object.defineProperty(cls, 'name', { value: name });
}

keepClassNames({ FarewayError });
