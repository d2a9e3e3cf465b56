import type { CreateRedisStore, StoreCommands } from '../core/limiter/redis-store.js';
import { RedisConnection, keyPrefix } from './connection.js';
import { SharedLocks } from './lock.js';
import { Roster } from './roster.js';
import { SharedTokens } from './shared-tokens.js';
import { randomBytes } from 'node:crypto';

/** The Redis half of the limiter: one connection per client, shared budgets and locks on it. */
export const createRedisStore: CreateRedisStore = (init) => {
  const connection = new RedisConnection(keyPrefix(init.apiKey), {
    redis: init.redis,
    Redis: init.Redis,
    commandTimeoutMs: init.commandTimeoutMs,
    warn: init.warn,
    info: init.info,
  });
  const locks = new SharedLocks(connection);
  const roster = new Roster(connection, randomBytes(6).toString('hex'));
  return {
    get isUp() {
      return connection.isUp;
    },
    open: (timeoutMs) => {
      roster.start();
      return connection.open(timeoutMs);
    },
    tokens: (bucket, limit, hold) => new SharedTokens({ connection, bucket, limit, hold, roster }),
    lock: (name, ttlMs) => locks.lock(name, ttlMs),
    waitUntilFree: (name, timeoutMs, signal) => locks.waitUntilFree(name, timeoutMs, signal),
    run: (command) =>
      connection.run((client) => command(client as unknown as StoreCommands, connection.prefix)),
    close: () => {
      roster.close();
      locks.close();
      connection.close();
    },
  };
};
