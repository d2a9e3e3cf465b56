/**
 * The `rateLimits.redis` setting of the Redis child processes, at both ends of the peer range
 * `ioredis: ^5 || ^6`. Without IOREDIS_CLIENT: ioredis options, and the SDK loads its own
 * `ioredis` (the devDependency, 6). With IOREDIS_CLIENT set: a client made by that major, which
 * the SDK duplicates (never closes):
 *   ioredis-5        ioredis 5 (the devDependency alias `ioredis-5`), RESP2
 *   ioredis-6        ioredis 6 with its defaults (RESP3, legacy reply shapes)
 *   ioredis-6-resp3  ioredis 6 with `replyMapping: 'resp3'` (maps as objects, doubles as numbers)
 * `release()` quits the client so the child exits by itself; `version` is the ioredis that ran.
 */
import { createRequire } from 'node:module';
import type { Redis as IoRedis } from 'ioredis';

export type IoredisClientKind = 'ioredis-5' | 'ioredis-6' | 'ioredis-6-resp3';

const require = createRequire(import.meta.url);

export async function redisSetting(
  port: number,
): Promise<{ redis: unknown; version: string; release(): Promise<void> }> {
  const kind = process.env.IOREDIS_CLIENT as IoredisClientKind | undefined;
  const options = { host: '127.0.0.1', port };
  if (kind === undefined || kind === ('' as IoredisClientKind)) {
    const { version } = require('ioredis/package.json') as { version: string };
    return { redis: options, version, release: async () => undefined };
  }
  const name = kind === 'ioredis-5' ? 'ioredis-5' : 'ioredis';
  const { version } = require(`${name}/package.json`) as { version: string };
  const { Redis } = (await import(name)) as { Redis: typeof IoRedis };
  const client = new Redis(
    kind === 'ioredis-6-resp3' ? ({ ...options, replyMapping: 'resp3' } as never) : options,
  );
  return { redis: client, version, release: async () => void (await client.quit()) };
}
