/**
 * `checkHealth`: the checks of `fareway doctor` as a function (the `fareway/health` entry,
 * src/health.ts). See that entry's documentation.
 */
import { Fareway } from '../client.js';
import type { FetchLike } from '../core/options/options.js';
import { ConfigurationError } from '../errors.js';
import { fail, skip, type HealthCheck } from './checks.js';
import { checkRedis } from './redis.js';
import { clockCheck, ExchangeLog, latencyCheck, readChecks } from './service.js';

export type { HealthCheck } from './checks.js';

const READ_TIMEOUT_MS = 10_000;

/** Options of {@link checkHealth}; each optional. */
export interface HealthOptions {
  /** The partner API key. @default process.env.FAREWAY_API_KEY */
  apiKey?: string | undefined;
  /** The service base URL. @default process.env.FAREWAY_BASE_URL */
  baseUrl?: string | undefined;
  /**
   * The Redis URL your clients pass as `rateLimits.redis` (needs the optional peer `ioredis`):
   * adds the `redis` and `shared_budget` checks. @default none (the `redis` check is skipped)
   */
  redis?: string | undefined;
  /** The whole run's bound, ms: no check outlives it (one not reached is a failed check). @default 5_000 */
  timeoutMs?: number | undefined;
  /** Keyed reads sent (`bookings.list({ limit: 1 })`, the "other" budget); latency is their median. @default 1 */
  reads?: number | undefined;
  /** Clock skew beyond this fails `clock_skew`, ms. @default 5_000 */
  maxSkewMs?: number | undefined;
  /** A median round trip above this makes `latency` a warning, ms. @default 1_500 */
  slowMs?: number | undefined;
  /** The `fetch` the reads go through (as the client's `fetch` option). @default globalThis.fetch */
  fetch?: FetchLike | undefined;
}

/** What {@link checkHealth} found. */
export interface HealthReport {
  /** False when any check failed (a warning or a skipped check is not a failure). */
  ok: boolean;
  /** Each check, in order: base_url, api_key, clock_skew, latency, redis, shared_budget (or config). */
  checks: HealthCheck[];
  /** How long the run took, ms. */
  durationMs: number;
}

/**
 * Runs the checks and resolves with the report; never rejects. Configuration that does not make a
 * client (no key, a malformed base URL) is one failed `config` check, nothing sent.
 */
export async function checkHealth(options: HealthOptions = {}): Promise<HealthReport> {
  const started = performance.now();
  const left = () => (options.timeoutMs ?? 5_000) - (performance.now() - started);
  const checks: HealthCheck[] = [];
  const done = (): HealthReport => ({
    ok: checks.every((c) => c.ok),
    checks,
    durationMs: Math.round(performance.now() - started),
  });
  let apiKey = '';
  try {
    const log = new ExchangeLog(options.fetch);
    let client: Fareway;
    try {
      client = new Fareway({
        apiKey: options.apiKey,
        baseUrl: options.baseUrl,
        fetch: log.fetch,
        logger: null,
        maxRetries: 0,
        rateLimits: false,
        timeout: Math.max(1, Math.floor(left())),
      });
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      checks.push(
        fail('config', error.message, 'pass apiKey and baseUrl, or set FAREWAY_API_KEY and FAREWAY_BASE_URL'),
      );
      return done();
    }
    apiKey = options.apiKey ?? (typeof process !== 'undefined' ? process.env?.FAREWAY_API_KEY : '') ?? '';
    try {
      // Each read waits 10 s at most, and never beyond the run's bound.
      const wait = () => Math.max(1, Math.floor(Math.min(READ_TIMEOUT_MS, left())));
      const read = () =>
        client.bookings.list({ limit: 1 }, { timeout: wait() }).then(
          () => undefined,
          (error: unknown) => error ?? new Error('failed'),
        );
      const timeout = wait();
      const first = await read();
      const { reached, checks: found } = readChecks({ apiKey, baseUrl: client.baseUrl }, first, timeout);
      checks.push(...found);
      if (reached) {
        for (let i = 1; i < (options.reads ?? 1) && left() > 0; i++) await read();
        checks.push(clockCheck(log, options.maxSkewMs ?? 5_000), latencyCheck(log, options.slowMs ?? 1_500));
      } else {
        checks.push(
          skip('clock_skew', 'clock skew not measured (the service was not reached)'),
          skip('latency', 'latency not measured (the service was not reached)'),
        );
      }
    } finally {
      await client.close();
    }
    if (!options.redis) checks.push(skip('redis', 'Redis not configured: rate limits are per process'));
    else if (left() < 100)
      checks.push(fail('redis', 'Redis not checked: the health check ran out of time', 'raise timeoutMs'));
    else checks.push(...(await checkRedis(options.redis, apiKey, left())));
  } catch (error) {
    // Never a throw: anything unforeseen is a failed check, its message without the key.
    const text = String((error as Error)?.message ?? error);
    const shown = apiKey.length >= 4 ? text.split(apiKey).join('***') : text;
    checks.push(fail('base_url', `health check failed: ${shown}`, 'report the message if it persists'));
  }
  return done();
}
