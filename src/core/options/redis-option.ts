/**
 * `rateLimits.redis`: every form it takes, and nothing else. A URL string as ioredis takes it
 * (`redis://[user:password@]host:port[/db]`, `rediss://` for TLS), ioredis constructor options, an
 * ioredis `Redis` or `Cluster` instance; `undefined` or `null` for none. Anything else is refused
 * (a ConfigurationError naming the option): before 1.2 a URL string was ignored, and the limiter
 * connected to 127.0.0.1:6379. The value is never echoed (a URL may hold a password).
 */
import { z } from '../../schemas/zod.js';
import { isRedisClient, type RedisClientLike } from '../loading/redis-client.js';

const RULE =
  'must be a redis:// or rediss:// URL, ioredis options ({ host, port, db, … }), ' +
  'an ioredis Redis or Cluster instance, or undefined';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

const isRedisUrl = (value: string) => /^rediss?:$/.test(URL.parse(value)?.protocol ?? '');

/**
 * The option's schema. Typed `unknown` in and out, as in 1.1 (ioredis stays an optional peer, and
 * narrowing an option's type would break a caller's build): the rules are checked here.
 */
export const RedisSettingSchema: z.ZodMiniType<unknown, unknown> = z.union(
  [
    z.null(),
    z.string({ error: RULE }).check(z.refine(isRedisUrl, { error: RULE })),
    z.custom<RedisClientLike>(isRedisClient, { error: RULE }),
    z.custom<Record<string, unknown>>(isPlainObject, { error: RULE }).check(
      z.superRefine((options, ctx) => {
        // ioredis has no `url` option (node-redis has): it would be ignored, and 6379 used.
        if ('url' in options)
          ctx.addIssue({
            code: 'custom',
            path: ['url'],
            message: "ioredis takes no `url` option: pass the URL itself (redis: 'redis://…')",
            input: undefined,
          });
      }),
    ),
  ],
  { error: RULE },
);
