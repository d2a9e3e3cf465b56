/**
 * Every default of the SDK, in one place (internal: the option schemas of options.ts and
 * rate-limit-options.ts apply them, and each option's JSDoc states its `@default`). A leaf.
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
  /** What an interrupted create may adopt without a shared store. */
  createAdoption: 'this-client' as 'this-client' | 'shared-store',
  /** What a book does while its shared lock cannot be taken (Redis configured but away). */
  bookLockUnavailable: 'proceed',
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
