/**
 * Client-side rate limiting: three per-key budgets (search, book, other), each a strict sliding
 * window. See docs/rate-limits.md for the partner-facing explanation.
 *
 * Design: a bucket is a bounded FIFO queue in front of a token source. The call's function gets a
 * Ticket and reports when its request left (`sent`) and when its answer arrived (`answered`); the
 * token comes back `windowMs` after min(answered, sent + marginMs), the earliest moment the
 * service cannot have counted the request any later. Local tokens are a counter in this process;
 * with `redis`, tokens live in one sorted set per budget shared by every process with the same
 * API key (src/redis/, loaded only when `redis` is set), with a per-process fallback
 * while Redis is away.
 */
import { BUCKETS } from '../../schemas/plain/vocabulary.js';
import { Bucket as BucketQueue } from './bucket.js';
import { Lateness } from './lateness.js';
import { loadRedisStore } from './load-redis.js';
import { LocalTokens } from './local-tokens.js';
import type { RedisStore, SharedLock, SharedStore, SharedTokenSource } from './redis-store.js';
import type { Hold, Ticket } from './ticket.js';
import {
  DEFAULTS,
  parseRateLimits,
  type Bucket,
  type RateLimitOptions,
  type RateLimitSpec,
  type ResolvedRateLimits,
} from '../options/options.js';

export type { Ticket } from './ticket.js';
export type { SharedLock, SharedStore, StoreCommands } from './redis-store.js';
export { SharedLockLostError } from './lock-lost.js';
export type { Bucket, RateLimitOptions, RateLimitSetting, RateLimitSpec } from '../options/options.js';

interface LimiterLogger {
  debug?(msg: string, meta?: object): void;
  info?(msg: string, meta?: object): void;
  warn?(msg: string, meta?: object): void;
  error?(msg: string, meta?: object): void;
}

export interface Limiter {
  /**
   * Runs fn when the bucket has a token (sliding window), queueing otherwise. fn reports on its
   * ticket when its request was sent and answered; without reports, the token is held a window
   * from when fn settled.
   */
  schedule<T>(
    bucket: Bucket,
    fn: (ticket: Ticket) => Promise<T>,
    opts?: { signal?: AbortSignal },
  ): Promise<T>;
  /** Pauses the whole bucket for ms (after a 429). Extends, never shortens, a pause in force. */
  pause(bucket: Bucket, ms: number): void;
  /** Resolves when the limiter is ready (Redis connected or local fallback chosen). */
  ready(): Promise<void>;
  /** 'local' | 'redis' | 'off' — what is in force (after ready; 'local' while Redis is away). */
  readonly mode: 'local' | 'redis' | 'off';
  /** True when `redis` is configured (whether or not it answers now). */
  readonly coordinated?: boolean;
  /**
   * Takes a named lock shared by every process with this API key. Resolves `'held'` when another
   * holder has it, `undefined` when there is no shared store (no `redis`, or Redis unavailable:
   * then a warning is logged). A taken lock renews its TTL every ttlMs / 3 until `release()`, so
   * it covers however long its holder waits; ttlMs only bounds how long a crashed holder blocks
   * the others. When a renewal finds it gone or taken, or none reaches Redis within ttlMs, it
   * reports so: `lost` turns true and `signal` aborts with a `SharedLockLostError`.
   */
  lock(name: string, ttlMs: number): Promise<SharedLock | 'held' | undefined>;
  /**
   * Resolves true once the named lock is free (at once without a shared store, or when Redis
   * cannot tell), false after timeoutMs while a holder keeps renewing it. Rejects on abort.
   */
  waitUntilFree(name: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /**
   * The shared store's connection for other coordination (create's claims): undefined without
   * `redis`; with it, `isUp` false while Redis is away (or its half could not be loaded).
   */
  shared?(): Promise<SharedStore | undefined>;
  /** Rejects queued calls (see `onClosed`), releases timers and Redis connections. */
  close(): Promise<void>;
}

/** The margin used for a window when `marginMs` is not given: min(1 s, 25% of the window). */
export function defaultMarginMs(windowMs: number): number {
  return Math.min(DEFAULTS.rateLimitMarginCapMs, Math.round(windowMs * DEFAULTS.rateLimitMarginFraction));
}

function limiterError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

function runNow<T>(fn: (ticket: Ticket) => Promise<T>): Promise<T> {
  try {
    return Promise.resolve(fn(NO_TICKET));
  } catch (error) {
    return Promise.reject(error);
  }
}

const NO_TICKET: Ticket = { sent: () => undefined, answered: () => undefined, notSent: () => undefined };

/** No budget and no shared store: every call runs at once. */
const OFF: Limiter = {
  mode: 'off',
  schedule: (_bucket, fn) => runNow(fn),
  pause: () => undefined,
  ready: () => Promise.resolve(),
  lock: () => Promise.resolve(undefined),
  waitUntilFree: () => Promise.resolve(true),
  close: () => Promise.resolve(),
};

/**
 * Creates the limiter for one API key from `rateLimits` as a caller writes them (parsed here: a
 * bad setting is a ConfigurationError naming it). The client parses its options once and calls
 * `openLimiter` with the result.
 */
export function createLimiter(
  apiKey: string,
  options: RateLimitOptions | false | undefined,
  logger?: LimiterLogger,
): Limiter {
  return openLimiter(apiKey, parseRateLimits(options), logger);
}

/**
 * Creates the limiter for one API key from parsed rate limits. Never throws for Redis trouble
 * and never blocks: with `redis`, calls queue until the connection is ready or the local
 * fallback is chosen.
 */
export function openLimiter(apiKey: string, limits: ResolvedRateLimits, logger?: LimiterLogger): Limiter {
  const opts = limits;
  const maxQueue = opts.maxQueue;
  const closedError = () =>
    opts.onClosed?.() ??
    limiterError('fareway: the client was closed; the queued call was not sent', 'LIMITER_CLOSED');
  const buckets = new Map<
    Bucket,
    { queue: BucketQueue; spec: RateLimitSpec; hold: Hold; shared?: SharedTokenSource }
  >();
  // How late this client's timers fire lately: widens every bucket's margin on a busy machine.
  const lateness = new Lateness();
  for (const name of BUCKETS) {
    const spec = opts[name];
    if (spec === false) continue;
    const queue = new BucketQueue({
      maxQueue,
      queueFullError: () =>
        opts.onQueueFull?.(name, maxQueue) ??
        limiterError(
          `fareway: rate limit queue full for '${name}' (${maxQueue} calls waiting)`,
          'RATE_LIMIT_QUEUE_FULL',
        ),
      closedError,
    });
    const marginMs = opts.marginMs ?? defaultMarginMs(spec.windowMs);
    const hold: Hold = {
      windowMs: spec.windowMs,
      get marginMs() {
        return marginMs + lateness.extraMarginMs();
      },
      busy: (delta) => lateness.busy(delta),
    };
    buckets.set(name, { queue, spec, hold });
  }
  const warn = (msg: string, meta?: object) => logger?.warn?.(msg, meta);
  const useRedis = opts.redis !== undefined && opts.redis !== null;
  // What Redis needs is loaded now: what cannot be is a ConfigurationError from the constructor.
  const redisStore = useRedis ? loadRedisStore(opts.redis) : undefined;

  if (buckets.size === 0 && !useRedis) return OFF;

  let closed = false;
  let store: RedisStore | undefined;
  let readyPromise: Promise<void> = Promise.resolve();
  let warnedNoStore = false;
  const attachLocal = () => {
    for (const b of buckets.values()) {
      b.queue.attach(new LocalTokens(b.spec.limit, b.hold, () => b.queue.wake()));
    }
  };

  if (!useRedis) {
    attachLocal();
  } else {
    // The Redis half was loaded above (src/core/limiter/load-redis.ts); calls queue until Redis answers.
    readyPromise = redisStore!
      .then(async (createStore) => {
        if (closed) return;
        const s = createStore({
          apiKey,
          redis: opts.redis,
          commandTimeoutMs: opts.commandTimeoutMs,
          warn,
          info: (msg, meta) => logger?.info?.(msg, meta),
        });
        store = s;
        for (const [name, b] of buckets)
          b.shared = s.tokens(name, b.spec.limit, b.hold, () => b.queue.wake());
        // Until Redis answers (or the timeout), takes wait; then they go to Redis or the local fallback.
        await s.open(opts.connectTimeoutMs);
        if (closed) return;
        for (const b of buckets.values()) if (b.shared) b.queue.attach(b.shared);
        if (s.isUp) logger?.debug?.('rate limits shared through Redis');
      })
      .catch((error: unknown) => {
        // The Redis store could not be set up (what cannot be loaded threw from the constructor).
        const why = error instanceof Error ? error.message : String(error);
        const message = `shared rate limits could not be set up (${why}); rate limits are per process`;
        if (logger?.error) logger.error(message);
        else warn(message);
        if (!closed) attachLocal();
      });
  }

  return {
    coordinated: useRedis,
    get mode() {
      if (buckets.size === 0) return 'off';
      return store?.isUp ? 'redis' : 'local';
    },
    schedule<T>(
      bucket: Bucket,
      fn: (ticket: Ticket) => Promise<T>,
      scheduleOpts?: { signal?: AbortSignal },
    ): Promise<T> {
      const b = buckets.get(bucket);
      if (b === undefined) return closed ? Promise.reject(closedError()) : runNow(fn);
      return b.queue.schedule(fn, scheduleOpts?.signal);
    },
    pause(bucket: Bucket, ms: number): void {
      const b = buckets.get(bucket);
      b?.queue.pause(ms);
      b?.shared?.pause(ms);
    },
    ready: () => readyPromise,
    async lock(name: string, ttlMs: number): Promise<SharedLock | 'held' | undefined> {
      if (!useRedis) return undefined;
      await readyPromise;
      const result = store?.isUp ? await store.lock(name, ttlMs) : undefined;
      if (result === undefined && !warnedNoStore) {
        warnedNoStore = true;
        warn('Redis unavailable; a shared lock could not be taken', { lock: name });
      }
      if (result !== undefined) warnedNoStore = false;
      return result;
    },
    async waitUntilFree(name: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
      if (!useRedis) return true;
      await readyPromise;
      return store?.isUp ? store.waitUntilFree(name, timeoutMs, signal) : true;
    },
    async shared(): Promise<SharedStore | undefined> {
      if (!useRedis) return undefined;
      await readyPromise;
      return {
        get isUp() {
          return !closed && store?.isUp === true;
        },
        run: (command) => (store ? store.run(command) : Promise.reject(new Error('Redis unavailable'))),
      };
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      // Reject what waits first, so no caller hangs on a connection being set up.
      await Promise.all([...buckets.values()].map((b) => Promise.all([b.queue.close(), b.shared?.close()])));
      store?.close();
      lateness.close();
      await readyPromise;
    },
  };
}
