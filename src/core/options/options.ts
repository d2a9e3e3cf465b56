/* eslint-disable @typescript-eslint/no-empty-object-type -- each public type is a named interface over its schema's type */
import { z } from '../../schemas/zod.js';
import { DEFAULTS } from './defaults.js';
import { rateLimits } from './rate-limits.js';
import type { Hooks, Logger, TracerProviderLike } from '../observe/events.js';
import { isObject } from '../../schemas/plain/guards.js';
import { consoleLogger, LOG_LEVELS } from '../observe/log.js';
import { isProxyUrl } from '../loading/proxy.js';
import type { FarewayClock } from './clock.js';
import {
  closed,
  durationMs,
  flag,
  fn,
  HeadersSchema,
  oneOf,
  parseConfig,
  wholeNumber,
  withMethods,
} from './rules.js';

export type {
  Bucket,
  ContractDriftEvent,
  Endpoint,
  Hooks,
  Logger,
  RateLimitedEvent,
  ReconcileEvent,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
} from '../observe/events.js';
export type { LogLevel } from '../observe/log.js';
export { REQUEST_OPTIONS_SHAPE, RequestOptionsSchema, type RequestOptions } from './request-options.js';

export { DEFAULTS } from './defaults.js';
export {
  parseRateLimits,
  RateLimitsSchema,
  type RateLimitOptions,
  type RateLimitSetting,
  type RateLimitSpec,
  type ResolvedRateLimits,
} from './rate-limits.js';

const ReconcileOptionsObject = closed({
  /** Give up polling (BookingOutcomeUnknownError) after this long, ms. @default 10_000 */
  timeoutMs: z._default(durationMs('zero allowed'), DEFAULTS.bookReconcile.timeoutMs),
  /** First wait between retrieves, ms; doubles up to 2 s. @default 250 */
  intervalMs: z._default(durationMs(), DEFAULTS.bookReconcile.intervalMs),
});
/** How the outcome of an interrupted book (or create-booking) is established. */
export interface ReconcileOptions extends z.input<typeof ReconcileOptionsObject> {}

const MemoryOptionsObject = closed({
  /**
   * Searches remembered (result-index roles, about 4 bytes an index, and the deadline; never
   * the options). @default 500
   */
  searches: z._default(wholeNumber(1), DEFAULTS.memory.searches),
  /** Bookings remembered (supplier, fare lock, pax_rules). @default 2_000 */
  bookings: z._default(wholeNumber(1), DEFAULTS.memory.bookings),
});
/** How much the client remembers to refuse doomed work early (never to decide a book). */
export interface MemoryOptions extends z.input<typeof MemoryOptionsObject> {}

const LOGGER_RULE = 'must be an object with optional debug, info, warn and error methods, or null';
const HOOK_NAMES = ['onContractDrift', 'onRequest', 'onResponse', 'onRetry', 'onRateLimited', 'onReconcile'];

const hasNow = (v: unknown): boolean => isObject(v) && typeof (v as { now?: unknown }).now === 'function';

const TOKEN_SECRET_RULE = 'must be a string of at least 32 characters, or a non-empty list of them';
const tokenSecret = z.string().check(z.minLength(32));

/** Per-attempt timeout, ms, from sending to the last byte of the response body. */
const timeout = durationMs();

const FarewayOptionsObject = closed({
  /** Partner API key. @default process.env.FAREWAY_API_KEY */
  apiKey: z.optional(z.string({ error: 'must be a string' })),
  /** Service base URL, e.g. `https://sandbox.example.com`. @default process.env.FAREWAY_BASE_URL */
  baseUrl: z.optional(z.string({ error: 'must be a string' })),
  /**
   * Per-attempt timeout in ms, from sending to the last byte of the response body; at most
   * 2³¹−1 (what a timer can hold). @default 30_000
   */
  timeout: z._default(timeout, DEFAULTS.timeout),
  /** Retries after the first attempt, for what is safe to retry. @default 2 */
  maxRetries: z._default(wholeNumber(0), DEFAULTS.maxRetries),
  /** Rate limits (per API key) or `false` to switch throttling off. @default { search: 60, book: 30, other: 120 } per minute */
  rateLimits: rateLimits(),
  /** Local refusal margin, ms: a deadline closer than this is treated as expired. @default 5_000 */
  expiryMarginMs: z._default(durationMs('zero allowed'), DEFAULTS.expiryMarginMs),
  /**
   * The time every local expiry decision reads (countdowns, refusals before sending, selection
   * tokens): `now()` gives epoch ms or a `Date`. A test moves it to expire a search or a fare lock
   * without waiting, e.g. `clock: sandbox.clock` (docs/testing.md). Waits (rate limits, timeouts,
   * backoff) keep real time. @default the real clock
   */
  clock: z.optional(z.custom<FarewayClock>(hasNow, { error: 'must be an object with a now() method' })),
  /** Zone of `expires_at` (it carries none). @default 'utc' */
  expiresAtZone: z._default(oneOf(['utc', 'local']), DEFAULTS.expiresAtZone),
  /**
   * Where the SDK's log lines go: any object with `debug`, `info`, `warn` and `error` methods
   * (console, winston; pino through a small adapter, see docs/production.md), each optional.
   * `logLevel` decides which reach it. @default `console`, each line prefixed `[fareway]`; `null`
   * is silence
   */
  logger: z.pipe(
    z._default(
      z.nullable(withMethods<Logger>(['debug', 'info', 'warn', 'error'], LOGGER_RULE)),
      consoleLogger,
    ),
    z.transform((logger): Logger => logger ?? {}),
  ),
  /**
   * Which log lines reach `logger`: this level and the ones above it (`'debug'` < `'info'` <
   * `'warn'` < `'error'`; `'off'` is none). When absent, the `FAREWAY_LOG` environment variable
   * sets it (any case; a value that is no level is ignored with a warning). No line at any level
   * holds the API key or passenger data.
   * @default process.env.FAREWAY_LOG, else 'warn'
   */
  logLevel: z.optional(oneOf(LOG_LEVELS)),
  /** Observability hooks. @default {} */
  hooks: z._default(withMethods<Hooks>(HOOK_NAMES, 'must be an object of hook functions'), {}),
  /**
   * A fetch implementation, called with the `Request` the SDK built: the global `fetch`, undici's,
   * a test double or `sandbox.fetch` (see {@link FetchLike}). @default globalThis.fetch
   */
  fetch: z.optional(fn<FetchLike>()),
  /**
   * An HTTP(S) proxy every request goes through, e.g. `'http://user:pass@proxy.internal:3128'`
   * (Node; needs the optional peer `undici`). HTTPS requests are tunnelled with CONNECT; the
   * password never appears in an error or log. Without it, Node uses HTTPS_PROXY/NO_PROXY only when
   * started with `NODE_USE_ENV_PROXY=1`; Bun and Deno read them natively (docs/production.md).
   * @default none
   */
  proxy: z.optional(
    z.string({ error: 'must be a string' }).check(z.refine(isProxyUrl, { error: 'must be an http(s) URL' })),
  ),
  /**
   * Hosts reached directly, not through `proxy`: comma-separated names, `.domain` suffixes,
   * `host:port`, `*`. @default process.env.NO_PROXY
   */
  noProxy: z.optional(z.string({ error: 'must be a string' })),
  /**
   * The OpenTelemetry `TracerProvider` of the SDK's spans (one span per call, see
   * docs/production.md). @default the global provider of `@opentelemetry/api`, when that optional
   * package is installed; no spans without it
   */
  tracerProvider: z.optional(
    z.custom<TracerProviderLike>(
      (v) => isObject(v) && typeof (v as { getTracer?: unknown }).getTracer === 'function',
      {
        error: 'must be an OpenTelemetry TracerProvider (an object with getTracer)',
      },
    ),
  ),
  /**
   * Largest response body the SDK reads, in bytes (decoded). A larger body ends the call with a
   * `ResponseValidationError` without being read to the end. @default 104_857_600 (100 MiB)
   */
  maxResponseBytes: z._default(wholeNumber(1), DEFAULTS.maxResponseBytes),
  /**
   * Headers added to every request. The headers the SDK or the HTTP stack owns (`Authorization`,
   * `Content-Type`, `Content-Length`, `Accept`, `Host` and the hop-by-hop
   * headers) are refused with a ConfigurationError naming them, never dropped. @default {}
   */
  defaultHeaders: z._default(HeadersSchema, {}),
  /** Reconciliation of a book interrupted by a timeout, dropped connection or 5xx. */
  bookReconcile: z.prefault(
    ReconcileOptionsObject as z.ZodMiniType<z.output<typeof ReconcileOptionsObject>, ReconcileOptions>,
    {},
  ),
  /**
   * What an interrupted create may adopt (docs/booking-safety.md, "Many instances"). With
   * `rateLimits.redis` creates always claim their bookings in Redis and adopt only what no other
   * instance claimed or may have made. Without it: `'this-client'` adopts what this client's own
   * ledger proves (right when one instance creates from a search at a time); `'shared-store'`
   * adopts nothing, and a booking that could be the call's is named in CreateOutcomeUnknownError
   * (several instances, no Redis).
   * @default 'this-client'
   */
  createAdoption: z._default(oneOf(['this-client', 'shared-store']), DEFAULTS.createAdoption),
  /**
   * What `bookings.book` does while `rateLimits.redis` is set but Redis cannot be reached to take
   * the booking's shared book lock: `'proceed'` books with the per-client guarantee only (one
   * book in flight per booking in this client; a warning is logged), `'refuse'` sends nothing and
   * throws `BookLockUnavailableError`. See docs/booking-safety.md. @default 'proceed'
   */
  bookLockUnavailable: z._default(oneOf(['proceed', 'refuse']), DEFAULTS.bookLockUnavailable),
  /** Bounds of the client's memory of searches and bookings. */
  memory: z.prefault(
    MemoryOptionsObject as z.ZodMiniType<z.output<typeof MemoryOptionsObject>, MemoryOptions>,
    {},
  ),
  /**
   * The secret selection tokens (`flights.selectionToken`) are signed with, at least 32
   * characters; a list while rotating: the first signs, each one verifies. Every instance that
   * reads another's tokens must share it (see docs/selections.md). Whatever the secret, tokens
   * are also bound to the client's `apiKey` and `baseUrl`. @default derived from `apiKey`
   */
  selectionTokenSecret: z.optional(
    z.union([tokenSecret, z.array(tokenSecret).check(z.minLength(1))], { error: TOKEN_SECRET_RULE }),
  ),
  /** Cache lifetime of autocomplete answers, ms (the service caches for an hour). @default 3_600_000 */
  autocompleteCacheMs: z._default(durationMs('zero allowed'), DEFAULTS.autocompleteCacheMs),
  /** Max cached autocomplete queries. @default 500 */
  autocompleteCacheSize: z._default(wholeNumber(1), DEFAULTS.autocompleteCacheSize),
  /** Backoff between retries: full jitter in [d/2, d], d = baseDelayMs·2ⁿ⁻¹ capped at maxDelayMs. @default { baseDelayMs: 500, maxDelayMs: 8_000 } */
  retryBackoff: z.prefault(
    closed({
      /** First delay, ms. @default 500 */
      baseDelayMs: z._default(durationMs('zero allowed'), DEFAULTS.retryBaseDelayMs),
      /** Largest delay, ms. @default 8_000 */
      maxDelayMs: z._default(durationMs('zero allowed'), DEFAULTS.retryMaxDelayMs),
    }),
    {},
  ),
  /** Cap on a `Retry-After` the SDK will honour, in ms. @default 60_000 */
  maxRetryAfterMs: z._default(durationMs('zero allowed'), DEFAULTS.maxRetryAfterMs),
  /**
   * The spec forbids API keys in browser code. Constructing the client in a browser throws unless
   * this is true. @default false
   */
  dangerouslyAllowBrowser: z._default(flag(), false),
  /**
   * What `bookFlight` does when save-passengers reports possible duplicates and no
   * `onDuplicates` callback decides: `'refuse'` throws DuplicateBookingError before booking;
   * `'allow'` books and logs a warning. (`bookings.book` itself holds no such opinion: it is
   * stateless, see docs/errors-and-retries.md.)
   * @default 'refuse'
   */
  duplicates: z._default(oneOf(['allow', 'refuse']), DEFAULTS.duplicates),
});

/**
 * What the `fetch` option takes: a function shaped like `fetch` for the one way the SDK calls it,
 * a standard `Request` (and sometimes an init) in, a `Response` out. `globalThis.fetch`, undici's
 * `fetch`, a test double and `sandbox.fetch` (`fareway/sandbox`) all fit, whether the project's
 * types come from the "dom" lib or only from `@types/node`. An answer of `undefined` (what
 * `sandbox.fetch` gives for a path it does not know) fails the call as a connection error.
 */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response | undefined>;

/** Options of `new Fareway(options)`, but `duplicates` (the guided flow's policy). */
export interface ClientOptions extends Omit<z.input<typeof FarewayOptionsObject>, 'duplicates'> {}
/**
 * Options of `new Fareway(options)`, plus the duplicates policy of the guided flow. Every one is
 * optional; a bad one is a ConfigurationError naming it and its rule.
 */
export interface FarewayOptions
  extends ClientOptions, Pick<z.input<typeof FarewayOptionsObject>, 'duplicates'> {}
/** The client's options with every default applied. */
export type ResolvedOptions = z.output<typeof FarewayOptionsObject>;

/** Parses the client's options once, in the constructor; anything wrong is a ConfigurationError. */
export function parseClientOptions(input: unknown): ResolvedOptions {
  return parseConfig(FarewayOptionsObject, input);
}
