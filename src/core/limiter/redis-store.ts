/**
 * The seam between the limiter and its Redis half. Nothing here imports Redis code: the store
 * (src/redis/store.ts) is loaded only when `rateLimits.redis` is set, so an
 * application that never configures Redis never bundles it (see load-redis.ts).
 */
import type { TokenSource } from './bucket.js';
import type { SharedLock } from '../../redis/lock.js';
import type { Hold } from './ticket.js';
import type { RedisConstructor } from '../loading/redis-client.js';

export type { RedisConstructor } from '../loading/redis-client.js';

export type { SharedLock } from '../../redis/lock.js';

/** One bucket's budget shared through Redis (with a local fallback while Redis is away). */
export interface SharedTokenSource extends TokenSource {
  /** Shares a pause (after a 429) with every process. */
  pause(ms: number): void;
  /** Rejects what waits for a shared token and stops its timers. */
  close(): Promise<void>;
}

/** The plain commands other coordination than budgets and locks runs (create's claims). */
export interface StoreCommands {
  set(key: string, value: string, px: 'PX', ms: number, nx?: 'NX'): Promise<string | null>;
  mget(...keys: string[]): Promise<Array<string | null>>;
  hset(key: string, field: string, value: string): Promise<number>;
  hgetall(key: string): Promise<Record<string, string>>;
  pexpire(key: string, ms: number): Promise<number>;
}

/**
 * The store's connection for other coordination than budgets and locks (resources/create/create-claims.ts):
 * `run` rejects while Redis is away, like every command of the limiter.
 */
export interface SharedStore {
  readonly isUp: boolean;
  run<T>(command: (client: StoreCommands, prefix: string) => Promise<T>): Promise<T>;
}

/** Budgets and locks of one API key in Redis. */
export interface RedisStore extends SharedStore {
  /** True while Redis answers (false before `open` and during an outage). */
  readonly isUp: boolean;
  /** Resolves once Redis answers, or after `timeoutMs` (it keeps reconnecting). */
  open(timeoutMs: number): Promise<unknown>;
  /** The shared budget of one bucket. */
  tokens(bucket: string, limit: number, hold: Hold, wake: () => void): SharedTokenSource;
  /** A named lock, `'held'` by another holder, or undefined when Redis cannot answer. */
  lock(name: string, ttlMs: number): Promise<SharedLock | 'held' | undefined>;
  /** Resolves true once the named lock is free, false after `timeoutMs`. */
  waitUntilFree(name: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** Closes the connections (a client the caller passed is never closed: it was duplicated). */
  close(): void;
}

interface RedisStoreInit {
  /** Hashed into the key prefix; never stored or sent as is. */
  apiKey: string;
  /** `rateLimits.redis`: an ioredis client or Cluster, a URL, or ioredis options. */
  redis: unknown;
  /** ioredis' `Redis` class, loaded by the main entry (load-redis.ts) unless `redis` is a client. */
  Redis?: RedisConstructor | undefined;
  commandTimeoutMs: number;
  warn: (msg: string, meta?: object) => void;
  info: (msg: string, meta?: object) => void;
}

export type CreateRedisStore = (init: RedisStoreInit) => RedisStore;
