import type { RateLimitOptions } from './limiter.js';

/** Names of the nine endpoints, used by hooks, logs, retry policy and the limiter. */
export type Endpoint =
  | 'search'
  | 'fareRules'
  | 'createBooking'
  | 'savePassengers'
  | 'reprice'
  | 'book'
  | 'retrieve'
  | 'list'
  | 'autocomplete';

/** A console-like logger. Any method may be missing. Fareway never logs the API key or passenger data. */
export interface Logger {
  debug?(message: string, meta?: Record<string, unknown>): void;
  info?(message: string, meta?: Record<string, unknown>): void;
  warn?(message: string, meta?: Record<string, unknown>): void;
  error?(message: string, meta?: Record<string, unknown>): void;
}

/** What a hook sees of a request. No headers, no body: never the key, never passenger data. */
export interface RequestEvent {
  endpoint: Endpoint;
  method: string;
  /** Path and query, e.g. `/v1/flights/booking/…/book/`. */
  path: string;
  /** 1 for the first try. */
  attempt: number;
}
/** A response (any status). */
export interface ResponseEvent extends RequestEvent {
  status: number;
  requestId: string | undefined;
  durationMs: number;
}
/** A failed attempt that will be retried after `delayMs`. */
export interface RetryEvent extends RequestEvent {
  error: Error;
  requestId: string | undefined;
  delayMs: number;
}
/** A 429: the budget of `bucket` pauses for `pauseMs`. */
export interface RateLimitedEvent extends RequestEvent {
  bucket: 'search' | 'book' | 'other';
  requestId: string | undefined;
  pauseMs: number;
}
/** One step of reconciling a book whose outcome was unknown. */
export interface ReconcileEvent {
  booking_id: string;
  /** What interrupted the book (a timeout, a dropped connection, a 5xx). */
  reason: string;
  /** The status seen by this retrieve, or undefined when the retrieve itself failed. */
  status: string | undefined;
  check: number;
  done: boolean;
}

/**
 * A 2xx answer that did not match the contract in a part the SDK does not need to act on: the
 * part was dropped (a malformed search option, list entry or airport) or left as it came.
 */
export interface ContractDriftEvent {
  endpoint: Endpoint;
  /** Where, e.g. `outbound[3]` or `pricing.markup_percent`. */
  path: string;
  /** What rule the answer broke there. */
  message: string;
  /** `dropped`: the element was removed from the result; `ignored`: kept (or removed if optional) and reported. */
  action: 'dropped' | 'ignored';
  requestId: string | undefined;
}

/** Observability hooks. Exceptions thrown by hooks are caught and logged, never propagated. */
export interface Hooks {
  /** A 2xx answer drifted from the contract in a part the SDK could do without (see docs/errors-and-retries.md). */
  onContractDrift?(event: ContractDriftEvent): void;
  onRequest?(event: RequestEvent): void;
  onResponse?(event: ResponseEvent): void;
  onRetry?(event: RetryEvent): void;
  onRateLimited?(event: RateLimitedEvent): void;
  onReconcile?(event: ReconcileEvent): void;
}

/** How the outcome of an interrupted book (or create-booking) is established. */
export interface ReconcileOptions {
  /** Give up polling (BookingOutcomeUnknownError) after this long. @default 10_000 */
  timeoutMs?: number;
  /** First wait between retrieves; doubles up to 2 s. @default 250 */
  intervalMs?: number;
}

/** How much the client remembers to refuse doomed work early (never to decide a book). */
export interface MemoryOptions {
  /**
   * Searches remembered (result-index roles, about 4 bytes an index, and the deadline; never
   * the options). @default 500
   */
  searches?: number;
  /** Bookings remembered (supplier, fare lock, pax_rules). @default 2_000 */
  bookings?: number;
}

/** Options of `new Fareway(options)`. */
export interface ClientOptions {
  /** Partner API key. @default process.env.FAREWAY_API_KEY */
  apiKey?: string | undefined;
  /** Service base URL, e.g. `https://sandbox.example.com`. @default process.env.FAREWAY_BASE_URL */
  baseUrl?: string | undefined;
  /** Per-attempt timeout in ms, from sending to the last byte of the response body. @default 30_000 */
  timeout?: number;
  /** Retries after the first attempt, for what is safe to retry. @default 2 */
  maxRetries?: number;
  /** Rate limits (per API key) or `false` to switch throttling off. @default { search: 60, book: 30, other: 120 } per minute */
  rateLimits?: RateLimitOptions | false;
  /** Local refusal margin: a deadline closer than this is treated as expired. @default 5_000 */
  expiryMarginMs?: number;
  /** Zone of `expires_at` (it carries none). @default 'utc' */
  expiresAtZone?: 'utc' | 'local';
  /** A logger. @default warnings and errors to `console`; pass `null` for silence */
  logger?: Logger | null;
  /** Observability hooks. @default {} */
  hooks?: Hooks;
  /** A fetch implementation. @default globalThis.fetch */
  fetch?: typeof fetch;
  /**
   * Largest response body the SDK reads, in bytes (decoded). A larger body ends the call with a
   * `ResponseValidationError` without being read to the end. @default 104_857_600 (100 MiB)
   */
  maxResponseBytes?: number;
  /**
   * Headers added to every request. Cannot override `Authorization`, `Content-Type`, `Accept`,
   * `Content-Length` or `Host`: the SDK's own values always win. @default {}
   */
  defaultHeaders?: Record<string, string>;
  /** Reconciliation of a book interrupted by a timeout, dropped connection or 5xx. */
  bookReconcile?: ReconcileOptions;
  /** Bounds of the client's memory of searches and bookings. */
  memory?: MemoryOptions;
  /** Cache lifetime of autocomplete answers (the service caches for an hour). @default 3_600_000 */
  autocompleteCacheMs?: number;
  /** Max cached autocomplete queries. @default 500 */
  autocompleteCacheSize?: number;
  /** Backoff between retries: full jitter in [d/2, d], d = baseDelayMs·2ⁿ⁻¹ capped at maxDelayMs. @default { baseDelayMs: 500, maxDelayMs: 8_000 } */
  retryBackoff?: { baseDelayMs?: number; maxDelayMs?: number };
  /** Cap on a `Retry-After` the SDK will honour, in ms. @default 60_000 */
  maxRetryAfterMs?: number;
  /**
   * The spec forbids API keys in browser code. Constructing the client in a browser throws unless
   * this is true. @default false
   */
  dangerouslyAllowBrowser?: boolean;
}

/** Per-call options, the last argument of every method. */
export interface RequestOptions {
  /** Per-attempt timeout in ms, overriding the client's. */
  timeout?: number;
  /** Cancels the call, queued or in flight. */
  signal?: AbortSignal;
  /** Retries for this call, overriding the client's. */
  maxRetries?: number;
  /** Extra headers for this call. Cannot override `Authorization`, `Content-Type`, `Accept`, `Content-Length` or `Host`. */
  headers?: Record<string, string>;
}

/** Every default of the SDK, in one place. */
export const DEFAULTS = {
  timeout: 30_000,
  maxRetries: 2,
  /** Largest response body read (100 MiB): a generous cap far above the largest search answer. */
  maxResponseBytes: 104_857_600,
  expiryMarginMs: 5_000,
  expiresAtZone: 'utc' as const,
  autocompleteCacheMs: 3_600_000,
  autocompleteCacheSize: 500,
  maxRetryAfterMs: 60_000,
  /** First backoff delay; doubles each retry, with full jitter, capped at `retryMaxDelayMs`. */
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  bookReconcile: { timeoutMs: 10_000, intervalMs: 250 },
  memory: { searches: 500, bookings: 2_000 },
  /** The spec's per-partner limits, per 60 s (§8). */
  rateLimits: { search: 60, book: 30, other: 120 },
  rateLimitWindowMs: 60_000,
  /** Calls that may wait per bucket before new ones are refused. */
  rateLimitMaxQueue: 1000,
  /** How long to wait for Redis before falling back to the local limiter. */
  redisConnectTimeoutMs: 2000,
  /** How long one Redis command of the shared limiter may take before Redis counts as unavailable. */
  redisCommandTimeoutMs: 1000,
  /** Cap on how long a token waits for a slow answer after its send: min(this cap, this fraction of the window). */
  rateLimitMarginCapMs: 1000,
  rateLimitMarginFraction: 0.25,
} as const;

/** Console logger used by default: warnings and errors only. */
export const consoleLogger: Logger = {
  warn: (message, meta) => console.warn(`[fareway] ${message}`, meta ?? ''),
  error: (message, meta) => console.error(`[fareway] ${message}`, meta ?? ''),
};
