/**
 * Where the Redis half of the limiter (`fareway/redis`) registers itself, for every Fareway client
 * of the process (load-redis.ts reads it). No imports: the Redis half shares this module with the
 * main entry, and a chunk it shares must not need the main entry's others (an app's bundler warns
 * about a bare import of a chunk marked free of side effects).
 */
import type { CreateRedisStore } from './redis-store.js';

const KEY = Symbol.for('fareway.redis-store@1');

/** Makes the Redis half available to every Fareway client of this process (`fareway/redis` calls it). */
export function registerRedisStore(create: CreateRedisStore): void {
  (globalThis as Record<symbol, unknown>)[KEY] = create;
}

/** The registered Redis half, if any. */
export function registered(): CreateRedisStore | undefined {
  const create = (globalThis as Record<symbol, unknown>)[KEY];
  return typeof create === 'function' ? (create as CreateRedisStore) : undefined;
}
