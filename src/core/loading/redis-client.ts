/**
 * What tells an ioredis client from its options, shared by the option's schema (core/options/redis-option.ts,
 * main entry) and the Redis half (redis/connection.ts). No zod here: the Redis half must not pull
 * zod into a chunk it shares with the main entry (an app's bundler then keeps all of zod).
 */

/** The part of an ioredis `Redis` or `Cluster` that tells it from anything else (structural: no ioredis types). */
export interface RedisClientLike {
  duplicate(...args: unknown[]): unknown;
  defineCommand(name: string, definition: object): void;
  readonly isCluster?: boolean;
}

/** An ioredis `Redis` or `Cluster` (not its options, nor another library's client, which lacks `defineCommand`). */
export function isRedisClient(value: unknown): value is RedisClientLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { duplicate?: unknown }).duplicate === 'function' &&
    typeof (value as { defineCommand?: unknown }).defineCommand === 'function'
  );
}

/** ioredis' `Redis` class: `new Redis(url, options)` or `new Redis(options)` (kept structural: no ioredis types). */
export type RedisConstructor = new (...args: unknown[]) => unknown;
