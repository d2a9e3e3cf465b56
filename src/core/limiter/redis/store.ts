import type { CreateRedisStore, StoreCommands } from '../redis-store.js';
import { RedisConnection, keyPrefix } from './connection.js';
import { SharedLocks } from './lock.js';
import { SharedTokens } from './shared-tokens.js';

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
  return {
    get isUp() {
      return connection.isUp;
    },
    open: (timeoutMs) => connection.open(timeoutMs),
    tokens: (bucket, limit, hold, wake) => new SharedTokens({ connection, bucket, limit, hold, wake }),
    lock: (name, ttlMs) => locks.lock(name, ttlMs),
    waitUntilFree: (name, timeoutMs, signal) => locks.waitUntilFree(name, timeoutMs, signal),
    run: (command) =>
      connection.run((client) => command(client as unknown as StoreCommands, connection.prefix)),
    close: () => {
      locks.close();
      connection.close();
    },
  };
};
