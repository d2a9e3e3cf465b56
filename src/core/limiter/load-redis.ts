import { ConfigurationError } from '../../errors.js';
import { isRedisClient } from '../loading/redis-client.js';
import type { CreateRedisStore, RedisConstructor } from './redis-store.js';
import { registered } from './redis-registry.js';
import { importAtRunTime, requireAtRunTime, requirePeer, sideEntry } from '../loading/run-time-import.js';
import { sourceImport } from '../loading/source-import.js';

/**
 * Loads the Redis half of the limiter, so that an application that never sets `rateLimits.redis`
 * never bundles it (nor ioredis). `fareway/redis` registers it when imported; otherwise the built
 * package requires it from its own location (run-time-import.ts: by name, the package requiring
 * itself, or beside this module), when the client is built. The sources import src/redis.ts.
 * What cannot be loaded is a ConfigurationError then, naming what is missing and how to fix it:
 * never a fallback to per-process limits while Redis answers (issue 30).
 */

/** Set by the build: the Redis entry's file beside the built entry. */
declare const __FAREWAY_REDIS_ENTRY__: string | undefined;

/** The built package's Redis half, required now from its own location (or a ConfigurationError). */
function requireHalf(): CreateRedisStore {
  const beside = typeof __FAREWAY_REDIS_ENTRY__ === 'string' ? __FAREWAY_REDIS_ENTRY__ : '';
  const problems: string[] = [];
  for (const specifier of sideEntry('redis', beside)) {
    const found = registered();
    if (found) return found;
    try {
      requireAtRunTime(specifier);
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

/** ioredis' `Redis` class, from Fareway's own installation (or a ConfigurationError naming it). */
function ioredis(): RedisConstructor {
  const mod = requirePeer('ioredis', '`rateLimits.redis` (a URL or options)') as {
    Redis?: RedisConstructor;
    default?: RedisConstructor;
  };
  const Redis = mod.Redis ?? mod.default;
  if (typeof Redis !== 'function')
    throw new ConfigurationError('`rateLimits.redis`: the installed `ioredis` does not export `Redis`');
  return Redis;
}

/**
 * The Redis store factory for `setting` (`rateLimits.redis`, already checked). What it needs is
 * loaded now: ioredis when Fareway makes the connection itself (a URL or options; a client handed
 * in needs none), and the Redis half. Throws a ConfigurationError when either cannot be loaded;
 * the promise resolves once the half is there (at once in the build; the sources import it).
 */
export function loadRedisStore(setting: unknown): Promise<CreateRedisStore> {
  const Redis = isRedisClient(setting) ? undefined : ioredis();
  const bind =
    (create: CreateRedisStore): CreateRedisStore =>
    (init) =>
      create({ ...init, Redis });
  const now = registered();
  if (now) return Promise.resolve(bind(now));
  if (!sourceImport) return Promise.resolve(bind(requireHalf()));
  return importAtRunTime('../../redis.js').then(() => bind(registered() ?? requireHalf()));
}
