import { ConfigurationError } from '../../errors.js';
import type { CreateRedisStore } from './redis-store.js';
import { importAtRunTime, sideEntry } from './run-time-import.js';

/**
 * Loads the Redis half of the limiter on first use, so that an application that never sets
 * `rateLimits.redis` never bundles it (nor ioredis). `fareway/redis` registers it when imported;
 * otherwise it is imported from beside this module (the built package's `redis.js`/`redis.cjs`, or
 * src/redis.ts from the sources), then as `fareway/redis` (a bundled application whose
 * node_modules still holds fareway). The specifiers are computed and loaded with `require`
 * (run-time-import.ts), so no bundler follows them and no `import(expression)` is in the build.
 */

/** Set by the build: the Redis entry's file beside the built entry. */
declare const __FAREWAY_REDIS_ENTRY__: string | undefined;

const KEY = Symbol.for('fareway.redis-store@1');

/** Makes the Redis half available to every Fareway client of this process (`fareway/redis` calls it). */
export function registerRedisStore(create: CreateRedisStore): void {
  (globalThis as Record<symbol, unknown>)[KEY] = create;
}

function registered(): CreateRedisStore | undefined {
  const create = (globalThis as Record<symbol, unknown>)[KEY];
  return typeof create === 'function' ? (create as CreateRedisStore) : undefined;
}

const specifiers = () =>
  sideEntry(
    'redis',
    typeof __FAREWAY_REDIS_ENTRY__ === 'string' ? __FAREWAY_REDIS_ENTRY__ : '../../redis.js',
  );

/**
 * The Redis store factory. Rejects with a ConfigurationError saying how to bundle it when it
 * cannot be loaded (an application bundled without `import 'fareway/redis'`).
 */
export async function loadRedisStore(): Promise<CreateRedisStore> {
  const problems: string[] = [];
  for (const specifier of specifiers()) {
    const found = registered();
    if (found) return found;
    try {
      await importAtRunTime(specifier);
    } catch (error) {
      problems.push(`${specifier}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  const found = registered();
  if (found) return found;
  throw new ConfigurationError(
    "rateLimits.redis is set, but Fareway's Redis limiter could not be loaded. In a bundled " +
      "application, add `import 'fareway/redis';` once (beside the code that configures Redis). " +
      `Tried: ${problems.join('; ')}`,
  );
}
