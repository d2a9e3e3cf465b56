/* eslint-disable @typescript-eslint/no-empty-object-type -- each public type is a named interface over its schema's type */
/** The client's `rateLimits` option: its schema, its public types and its parser. */
import { z } from '../../schemas/zod.js';
import { DEFAULTS } from './defaults.js';
import type { Bucket } from '../observe/events.js';
import { closed, durationMs, fn, parseConfig, wholeNumber } from './rules.js';
import { RedisSettingSchema } from './redis-option.js';

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
     * Where the shared budgets live: a URL as ioredis takes it (`'redis://host:6379/2'`,
     * `rediss://` for TLS), ioredis constructor options (`{ host, port, db, … }`), or an ioredis
     * `Redis` or `Cluster` instance (duplicated, never closed by us). Every process with the same
     * API key then shares one budget, and `lock()` works across processes. Needs Redis ≥ 6.2. For
     * a URL or options, ioredis (an optional peer) is loaded from Fareway's own installation when
     * the client is built: a ConfigurationError names it when it cannot be. Anything else is a
     * ConfigurationError. Typed loosely so ioredis stays an optional peer dependency.
     * @default undefined (limits are per process)
     */
    redis: z.optional(RedisSettingSchema),
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
export const rateLimits = () =>
  z.prefault(
    z.pipe(
      z.transform((value: RateLimitOptions | false): RateLimitOptions =>
        value === false ? { search: false, book: false, other: false } : value,
      ),
      RateLimitOptionsObject as z.ZodMiniType<ResolvedRateLimits, RateLimitOptions>,
    ),
    {},
  );
export const RateLimitsSchema = rateLimits();

/** Parses `rateLimits` alone (the limiter's own entry); bad settings are a ConfigurationError. */
export function parseRateLimits(input: RateLimitOptions | false | undefined): ResolvedRateLimits {
  return parseConfig(RateLimitsSchema, input, 'rateLimits');
}
