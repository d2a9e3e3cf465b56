/* eslint-disable @typescript-eslint/no-empty-object-type -- each public type is a named interface over its schema's type */
import { z } from '../schemas/zod.js';
import type { Bucket, Hooks, Logger, TracerProviderLike } from './events.js';
import { isObject } from '../schemas/guards.js';
import { consoleLogger, LOG_LEVELS } from './log.js';
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
} from './option-rules.js';

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
} from './events.js';
export type { LogLevel } from './log.js';
export { REQUEST_OPTIONS_SHAPE, RequestOptionsSchema, type RequestOptions } from './request-options.js';

/**
 * Every default of the SDK, in one place (internal: the schemas below apply them, and each
 * option's JSDoc states its `@default`).
 */
export const DEFAULTS = {
  timeout: 30_000,
  maxRetries: 2,
  /** Largest response body read (100 MiB): a generous cap far above the largest search answer. */
  maxResponseBytes: 104_857_600,
  expiryMarginMs: 5_000,
  expiresAtZone: 'utc',
  autocompleteCacheMs: 3_600_000,
  autocompleteCacheSize: 500,
  maxRetryAfterMs: 60_000,
  /** First backoff delay; doubles each retry, with full jitter, capped at `retryMaxDelayMs`. */
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  bookReconcile: { timeoutMs: 10_000, intervalMs: 250 },
  memory: { searches: 500, bookings: 2_000 },
  /** `bookFlight`'s policy for duplicates reported by save-passengers, when no callback decides. */
  duplicates: 'refuse',
  /** `bookFlight` reprices before booking. */
  bookFlightReprice: true,
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

const SETTING_RULE = 'must be a whole number >= 1 (requests per minute), { limit, windowMs } or false';

const RateLimitSpecObject = closed(
  {
    /** Requests allowed in any window. */
    limit: wholeNumber(1),
    /** The sliding window, in ms. */
    windowMs: durationMs(),
  },
  { error: SETTING_RULE },
);
/** One budget: at most `limit` requests in any `windowMs`. */
export interface RateLimitSpec extends z.output<typeof RateLimitSpecObject> {}
/** A number is requests per 60 000 ms; `false` switches the bucket off. */
export type RateLimitSetting = number | RateLimitSpec | false;
// Typed by the alias (for its name in the docs); the compiler checks the union matches it.
const SettingUnion: z.ZodMiniType<RateLimitSetting, RateLimitSetting> = z.union(
  [z.literal(false), wholeNumber(1, SETTING_RULE), RateLimitSpecObject],
  { error: SETTING_RULE },
);

/**
 * A bucket's setting, resolved to `{ limit, windowMs }` or `false`. No branch is a pipe: zod names
 * the branch whose rule failed (`search: 0` → the per-minute rule) only if it did not abort.
 */
const setting = (perMinute: number) =>
  z.prefault(
    z.pipe(
      SettingUnion,
      z.transform((value): RateLimitSpec | false =>
        typeof value === 'number' ? { limit: value, windowMs: DEFAULTS.rateLimitWindowMs } : value,
      ),
    ),
    perMinute,
  );

const RateLimitOptionsObject = closed(
  {
    /** `POST /v1/flights/search/`. @default 60 (per minute) */
    search: setting(DEFAULTS.rateLimits.search),
    /** `POST /v1/flights/booking/{id}/book/`. @default 30 (per minute) */
    book: setting(DEFAULTS.rateLimits.book),
    /** Every other endpoint, combined. @default 120 (per minute) */
    other: setting(DEFAULTS.rateLimits.other),
    /**
     * An ioredis `Redis` or `Cluster` instance (duplicated, never closed by us) or ioredis
     * constructor options (ioredis is then loaded lazily): every process with the same API key then
     * shares one budget, and `lock()` works across processes. Needs Redis ≥ 6.2. Typed loosely so
     * ioredis stays an optional peer dependency.
     * @default undefined (limits are per process)
     */
    redis: z.optional(z.unknown()),
    /**
     * Longest time a request may take from leaving this process to being counted by the service.
     * A token comes back `windowMs` after its answer arrived, or `windowMs + marginMs` after the
     * request was sent if the answer is slower than that: the margin only caps the wait for slow
     * answers. Costs nothing when answers are fast.
     * @default min(1000, 25% of the bucket's windowMs)
     */
    marginMs: z.optional(durationMs('zero allowed')),
    /** Calls waiting per bucket before new ones are rejected. @default 1000 */
    maxQueue: z._default(wholeNumber(0), DEFAULTS.rateLimitMaxQueue),
    /** How long to wait for Redis before falling back to local limits (it keeps reconnecting), ms. @default 2000 */
    connectTimeoutMs: z._default(durationMs('zero allowed'), DEFAULTS.redisConnectTimeoutMs),
    /** How long one Redis command may take before Redis counts as unavailable, ms. @default 1000 */
    commandTimeoutMs: z._default(durationMs(), DEFAULTS.redisCommandTimeoutMs),
    /** Builds the rejection of a call that finds its bucket's queue full. @default an Error with code 'RATE_LIMIT_QUEUE_FULL' */
    onQueueFull: z.optional(fn<(bucket: Bucket, maxQueue: number) => unknown>()),
    /** Builds the rejection of a call queued at, or made after, `close()`. @default an Error with code 'LIMITER_CLOSED' */
    onClosed: z.optional(fn<() => unknown>()),
  },
  { error: 'must be an object { search, book, other, redis, … } or false' },
);
/** Client-side rate limits, per API key (spec §8): three budgets, optionally shared through Redis. */
export interface RateLimitOptions extends z.input<typeof RateLimitOptionsObject> {}
/** Rate limits with every default applied and every bucket resolved (what the limiter runs on). */
export type ResolvedRateLimits = z.output<typeof RateLimitOptionsObject>;

/** `false` is every bucket off (and no Redis): the object's own rules then report everything else. */
const rateLimits = () =>
  z.prefault(
    z.pipe(
      z.transform((value: RateLimitOptions | false): RateLimitOptions =>
        value === false ? { search: false, book: false, other: false } : value,
      ),
      RateLimitOptionsObject as z.ZodMiniType<ResolvedRateLimits, RateLimitOptions>,
    ),
    {},
  );
const RateLimitsSchema = rateLimits();

/** Parses `rateLimits` alone (the limiter's own entry); bad settings are a ConfigurationError. */
export function parseRateLimits(input: RateLimitOptions | false | undefined): ResolvedRateLimits {
  return parseConfig(RateLimitsSchema, input, 'rateLimits');
}

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
  /** A fetch implementation. @default globalThis.fetch */
  fetch: z.optional(fn<typeof fetch>()),
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
  /** Bounds of the client's memory of searches and bookings. */
  memory: z.prefault(
    MemoryOptionsObject as z.ZodMiniType<z.output<typeof MemoryOptionsObject>, MemoryOptions>,
    {},
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
