/**
 * `fareway/redis`: the Redis half of the rate limiter (shared budgets and locks across processes).
 *
 * You do not need to import it: a client with `rateLimits.redis` loads it on first use. Import it
 * once (`import 'fareway/redis';`) only when you **bundle** your application (esbuild, webpack,
 * …) and set `rateLimits.redis`, so that the bundle carries it. Applications that never use Redis
 * do not pay for it (about 3 KiB gzipped).
 * @packageDocumentation
 * @module fareway/redis
 */
import { registerRedisStore } from './core/limiter/redis-registry.js';
import { createRedisStore } from './redis/store.js';

registerRedisStore(createRedisStore);
