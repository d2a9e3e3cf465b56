/**
 * Client-side rate limiting: three per-key budgets (search, book, other), each a strict sliding
 * window. See docs/rate-limits.md for the partner-facing explanation.
 *
 * Design: a bucket is a bounded FIFO queue in front of a token source. A token is taken when a
 * request is sent and comes back `windowMs + marginMs` after that send (an exact sliding-window
 * log: never more than `limit` sends in any window, yet a full burst when idle). Local tokens are
 * a counter in this process (no timers or ticks on the hot path); with `redis`, tokens live in a
 * clustered Bottleneck limiter's reservoir shared by every process using the same API key.
 */
import { createHash } from 'node:crypto';
import { Bucket as BucketQueue, LocalTokens } from './limiter/bucket.js';
import { ClusterTokens, openConnection } from './limiter/cluster.js';
import { DEFAULTS } from './options.js';

export type Bucket = 'search' | 'book' | 'other';
export interface RateLimitSpec {
  limit: number;
  windowMs: number;
}
/** A number is requests per 60 000 ms; `false` switches the bucket off. */
export type RateLimitSetting = number | RateLimitSpec | false;

export interface RateLimitOptions {
  /** `POST /v1/flights/search/`. @default 60 (per minute) */
  search?: RateLimitSetting;
  /** `POST /v1/flights/booking/{id}/book/`. @default 30 (per minute) */
  book?: RateLimitSetting;
  /** Every other endpoint, combined. @default 120 (per minute) */
  other?: RateLimitSetting;
  /**
   * An ioredis client (anything with `.duplicate()`; it is duplicated, never closed by us) or
   * ioredis constructor options: every process with the same API key then shares one budget.
   * Typed loosely so ioredis stays an optional peer dependency.
   * @default undefined (limits are per process)
   */
  redis?: unknown;
  /**
   * Extra time a token is held after its window, so that network jitter cannot move a request
   * into the service's previous window. Costs throughput: windowMs / (windowMs + marginMs).
   * @default min(250, 5% of the bucket's windowMs)
   */
  marginMs?: number;
  /** Calls waiting per bucket before new ones are rejected. @default 1000 */
  maxQueue?: number;
  /** How long to wait for Redis before falling back to local limits. @default 2000 */
  connectTimeoutMs?: number;
  /** Builds the rejection of a call that finds its bucket's queue full. @default an Error with code 'RATE_LIMIT_QUEUE_FULL' */
  onQueueFull?: (bucket: Bucket, maxQueue: number) => unknown;
}

export interface LimiterLogger {
  debug?(msg: string, meta?: object): void;
  info?(msg: string, meta?: object): void;
  warn?(msg: string, meta?: object): void;
  error?(msg: string, meta?: object): void;
}

export interface Limiter {
  /** Runs fn when the bucket has a token (sliding window), queueing otherwise. */
  schedule<T>(bucket: Bucket, fn: () => Promise<T>, opts?: { signal?: AbortSignal }): Promise<T>;
  /** Pauses the whole bucket for ms (after a 429). Extends, never shortens, a pause in force. */
  pause(bucket: Bucket, ms: number): void;
  /** Resolves when the limiter is ready (Redis connected or local fallback chosen). */
  ready(): Promise<void>;
  /** 'local' | 'redis' | 'off' — what is in force (after ready). */
  readonly mode: 'local' | 'redis' | 'off';
  close(): Promise<void>;
}

const BUCKETS: readonly Bucket[] = ['search', 'book', 'other'];
const DEFAULT_LIMITS: Record<Bucket, number> = DEFAULTS.rateLimits;
export const DEFAULT_MAX_QUEUE = DEFAULTS.rateLimitMaxQueue;
export const DEFAULT_CONNECT_TIMEOUT_MS = DEFAULTS.redisConnectTimeoutMs;

/** The margin used for a window when `marginMs` is not given: min(250 ms, 5% of the window). */
export function defaultMarginMs(windowMs: number): number {
  return Math.min(DEFAULTS.rateLimitMarginCapMs, Math.round(windowMs * DEFAULTS.rateLimitMarginFraction));
}

/** Resolves every bucket's setting to `{ limit, windowMs }` or `false`; rejects nonsense early. */
export function normaliseRateLimits(options: RateLimitOptions | false | undefined): Record<Bucket, RateLimitSpec | false> {
  const out = {} as Record<Bucket, RateLimitSpec | false>;
  for (const bucket of BUCKETS) {
    const setting = options === false ? false : (options?.[bucket] ?? DEFAULT_LIMITS[bucket]);
    if (setting === false) {
      out[bucket] = false;
      continue;
    }
    const spec = typeof setting === 'number' ? { limit: setting, windowMs: DEFAULTS.rateLimitWindowMs } : setting;
    if (!Number.isInteger(spec.limit) || spec.limit < 1 || !(spec.windowMs > 0) || !Number.isFinite(spec.windowMs)) {
      throw new TypeError(
        `rateLimits.${bucket} must be a positive integer per minute, { limit, windowMs } with positive values, or false`,
      );
    }
    out[bucket] = { limit: spec.limit, windowMs: spec.windowMs };
  }
  return out;
}

function limiterError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

function runNow<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Creates the limiter for one API key. Never throws for Redis trouble and never blocks: with
 * `redis`, calls queue until the connection is ready or the local fallback is chosen.
 */
export function createLimiter(
  apiKey: string,
  options: RateLimitOptions | false | undefined,
  logger?: LimiterLogger,
): Limiter {
  const specs = normaliseRateLimits(options);
  const opts = options === false ? {} : (options ?? {});
  const maxQueue = opts.maxQueue ?? DEFAULT_MAX_QUEUE;
  const buckets = new Map<Bucket, { queue: BucketQueue; spec: RateLimitSpec; holdMs: number }>();
  for (const name of BUCKETS) {
    const spec = specs[name];
    if (spec === false) continue;
    const queue = new BucketQueue({
      maxQueue,
      queueFullError: () =>
        opts.onQueueFull?.(name, maxQueue) ??
        limiterError(`fareway: rate limit queue full for '${name}' (${maxQueue} calls waiting)`, 'RATE_LIMIT_QUEUE_FULL'),
      closedError: () => limiterError('fareway: the client was closed; the queued call was not sent', 'LIMITER_CLOSED'),
    });
    buckets.set(name, { queue, spec, holdMs: spec.windowMs + (opts.marginMs ?? defaultMarginMs(spec.windowMs)) });
  }

  if (buckets.size === 0) {
    return {
      mode: 'off',
      schedule: (_bucket, fn) => runNow(fn),
      pause: () => undefined,
      ready: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
  }

  const warn = (msg: string, meta?: object) => logger?.warn?.(msg, meta);
  const attachLocal = () => {
    for (const b of buckets.values()) b.queue.attach(new LocalTokens(b.spec.limit, b.holdMs, () => b.queue.wake()));
  };

  let mode: 'local' | 'redis' = 'local';
  let closed = false;
  let connection: Awaited<ReturnType<typeof openConnection>> | undefined;
  const cluster = new Map<Bucket, ClusterTokens>();
  let readyPromise: Promise<void>;

  if (opts.redis === undefined || opts.redis === null) {
    attachLocal();
    readyPromise = Promise.resolve();
  } else {
    readyPromise = (async () => {
      const timeoutMs = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
      try {
        connection = await openConnection(opts.redis, timeoutMs, warn);
        if (closed) throw new Error('closed while connecting');
        const idBase = `fareway:${createHash('sha256').update(apiKey).digest('hex').slice(0, 16)}`;
        const longest = Math.max(...[...buckets.values()].map((b) => b.holdMs));
        for (const [name, b] of buckets) {
          cluster.set(
            name,
            new ClusterTokens({
              connection,
              id: `${idBase}:${name}`,
              limit: b.spec.limit,
              holdMs: b.holdMs,
              idleTimeoutMs: longest + 60_000,
              onRemotePause: (ms) => b.queue.pause(ms),
              warn,
            }),
          );
        }
        await Promise.all([...cluster.values()].map((c) => c.ready()));
        if (closed) throw new Error('closed while connecting');
        for (const [name, c] of cluster) buckets.get(name)?.queue.attach(c);
        mode = 'redis';
        logger?.debug?.('fareway: rate limits shared through Redis');
      } catch (error) {
        await Promise.all([...cluster.values()].map((c) => c.close().catch(() => undefined)));
        cluster.clear();
        await connection?.disconnect(false);
        connection = undefined;
        if (closed) return;
        warn('fareway: Redis unavailable for shared rate limits; falling back to per-process limits', {
          error: error instanceof Error ? error.message : String(error),
        });
        attachLocal();
      }
    })();
  }

  return {
    get mode() {
      return mode;
    },
    schedule<T>(bucket: Bucket, fn: () => Promise<T>, scheduleOpts?: { signal?: AbortSignal }): Promise<T> {
      const b = buckets.get(bucket);
      if (b === undefined) return runNow(fn);
      return b.queue.schedule(fn, scheduleOpts?.signal);
    },
    pause(bucket: Bucket, ms: number): void {
      buckets.get(bucket)?.queue.pause(ms);
      cluster.get(bucket)?.publishPause(ms);
    },
    ready: () => readyPromise,
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      // Reject what waits first, so no caller hangs on a connection being set up.
      await Promise.all([...buckets.values()].map((b) => b.queue.close()));
      await readyPromise;
      const own = connection;
      connection = undefined;
      if (own) await own.disconnect(true);
    },
  };
}
