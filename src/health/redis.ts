/**
 * The Redis checks of `checkHealth` and `fareway doctor` (only with a Redis URL): Redis answers
 * PING, and the current use of the budgets the SDK shares through it. ioredis (an optional peer)
 * is loaded here, at run time, and the connection never retries: a stopped Redis is reported at
 * once, and the check ends. Each step is bounded by the time the caller has left.
 */
import { timed } from '../redis/connection.js';
import { readSharedBudgets, type BudgetReader } from '../redis/budget.js';
import { importAtRunTime } from '../core/loading/run-time-import.js';
import { DEFAULTS } from '../core/options/defaults.js';
import { fail, describeError, pass, warn, type HealthCheck } from './checks.js';
import { maskUrlPassword } from './mask.js';

interface RedisLike extends BudgetReader {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  connect(): Promise<void>;
  ping(): Promise<string>;
  info(section: string): Promise<string>;
  disconnect(): void;
}
type RedisCtor = new (url: string, options: object) => RedisLike;

/** Give up on an unanswering Redis after this long at most (connect, then each command). */
const TIMEOUT_MS = 3000;

/** One attempt, no reconnects, nothing queued while disconnected. */
const options = (timeoutMs: number) => ({
  lazyConnect: true,
  connectTimeout: timeoutMs,
  commandTimeout: timeoutMs,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
  reconnectOnError: () => false,
  enableOfflineQueue: false,
  enableReadyCheck: false,
  disconnectTimeout: 0,
});

async function loadIoredis(): Promise<RedisCtor> {
  // A computed name: bundlers do not follow it, so ioredis stays optional.
  const name = ['io', 'redis'].join('');
  const mod = (await importAtRunTime(name)) as { Redis?: RedisCtor; default?: RedisCtor };
  const Redis = mod.Redis ?? mod.default;
  if (typeof Redis !== 'function') throw new Error('ioredis did not export Redis');
  return Redis;
}

const LIMITS = DEFAULTS.rateLimits;

/** `redis` and `shared_budget` checks, within about `timeoutMs` (four steps of at most 3 s). */
export async function checkRedis(
  url: string,
  apiKey: string,
  timeoutMs = TIMEOUT_MS,
): Promise<HealthCheck[]> {
  const step = Math.max(1, Math.min(TIMEOUT_MS, Math.floor((timeoutMs - 500) / 4)));
  const shown = maskUrlPassword(url);
  let Redis: RedisCtor;
  try {
    Redis = await loadIoredis();
  } catch {
    return [
      fail(
        'redis',
        `Redis not checked at ${shown}: ioredis is not installed`,
        'npm i ioredis (the optional peer dependency the shared rate limits use)',
      ),
    ];
  }
  let client: RedisLike;
  try {
    client = new Redis(url, options(step));
  } catch (error) {
    return [
      fail(
        'redis',
        `Redis URL not understood (${describeError(error)})`,
        'set the Redis URL (REDIS_URL) to redis://[user:password@]host:port[/db] (rediss:// for TLS)',
      ),
    ];
  }
  let lastError: unknown;
  client.on('error', (error) => (lastError = error));
  try {
    await timed(client.connect(), step + 500);
    await timed(client.ping(), step);
    const info = await timed(client.info('server'), step).catch(() => '');
    const version = /redis_version:(\S+)/.exec(info)?.[1];
    const checks = [pass('redis', `Redis reachable at ${shown}${version ? ` (redis ${version})` : ''}`)];
    checks.push(await budgetCheck(client, apiKey, step));
    return checks;
  } catch (error) {
    const why = describeError(lastError ?? error);
    return [
      fail(
        'redis',
        `Redis unreachable at ${shown} (${why})`,
        'start Redis or correct REDIS_URL; meanwhile the SDK falls back to per-process rate limits, so several processes together may exceed the budget',
      ),
    ];
  } finally {
    client.disconnect();
  }
}

async function budgetCheck(client: RedisLike, apiKey: string, step: number): Promise<HealthCheck> {
  try {
    const budgets = await timed(readSharedBudgets(client, apiKey), step);
    const parts = budgets.map(
      (b) =>
        `${b.bucket} ${b.inUse}/${LIMITS[b.bucket]}${b.pausedMs > 0 ? ` (paused ${Math.ceil(b.pausedMs / 1000)} s after a 429)` : ''}`,
    );
    const detail = `shared budget in use: ${parts.join(', ')} (of the default per-minute limits)`;
    const busy = budgets.filter((b) => b.pausedMs > 0 || b.inUse >= LIMITS[b.bucket]);
    if (busy.length > 0) {
      return warn(
        'shared_budget',
        detail,
        `${busy.map((b) => b.bucket).join(', ')} ${busy.length > 1 ? 'are' : 'is'} saturated or paused: calls queue until tokens come back; if this persists, spread the load or ask the service for higher limits`,
      );
    }
    return pass('shared_budget', detail);
  } catch (error) {
    return fail(
      'shared_budget',
      `shared budget unreadable (${describeError(error)})`,
      'check that the Redis URL (REDIS_URL) is the one your applications pass as rateLimits.redis',
    );
  }
}
