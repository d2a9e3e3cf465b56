/**
 * Reads the shared budgets of one API key as the Redis limiter keeps them (shared-tokens.ts), for
 * diagnostics (`fareway doctor`): how many tokens each budget's sliding-window log holds now, and
 * whether a shared pause is in force. Read-only; nothing here takes or frees a token.
 */
import { BUCKETS } from '../schemas/plain/vocabulary.js';
import { keyPrefix } from './connection.js';
import { budgetKey, pauseKey } from './keys.js';

/** The commands the reader needs (structural: an ioredis `Redis` or `Cluster` fits). */
export interface BudgetReader {
  time(): Promise<[string, string] | string[]>;
  zcount(key: string, min: string, max: string): Promise<number>;
  pttl(key: string): Promise<number>;
}

/** One budget's current use in Redis. */
export interface SharedBudgetUse {
  bucket: (typeof BUCKETS)[number];
  /** Tokens held now: log entries whose due time (Redis clock) is still ahead. */
  inUse: number;
  /** Milliseconds left of a shared pause after a 429 (0: none). */
  pausedMs: number;
}

/**
 * The current use of the search, book and other budgets shared by every process with `apiKey`
 * (the key is only hashed into the key prefix). Entries are counted against the Redis server's
 * clock, as the limiter's scripts do.
 */
export async function readSharedBudgets(redis: BudgetReader, apiKey: string): Promise<SharedBudgetUse[]> {
  const prefix = keyPrefix(apiKey);
  const [seconds, micros] = await redis.time();
  const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  return Promise.all(
    BUCKETS.map(async (bucket) => {
      const [inUse, pttl] = await Promise.all([
        redis.zcount(budgetKey(prefix, bucket), `(${now}`, '+inf'),
        redis.pttl(pauseKey(prefix, bucket)),
      ]);
      return { bucket, inUse: Number(inUse), pausedMs: Math.max(0, Number(pttl)) };
    }),
  );
}
