/**
 * `fareway doctor`: the checks of `fareway/health` (src/health/), one line each. The same
 * implementation a readiness probe calls with `checkHealth`; here with three reads (latency is
 * their median), a 10 s wait for each and Redis from REDIS_URL.
 */
import { checkHealth, type HealthCheck } from '../health.js';
import { createClient, type CliEnv } from './client.js';

/** Clock skew above this fails the check. */
export const MAX_SKEW_MS = 5000;
/** Median round trip above this is a warning. */
export const SLOW_MS = 1500;
const READS = 3;
/** Three reads of 10 s at most, then Redis (four steps of 3 s at most). */
const TIMEOUT_MS = READS * 10_000 + 13_000;

export interface DoctorReport {
  ok: boolean;
  checks: HealthCheck[];
}

/** Runs every check; `ok` is false when any failed. A malformed key or base URL is a ConfigError. */
export async function doctor(env: CliEnv): Promise<DoctorReport> {
  // The CLI's own refusal (exit code 2) for settings that make no client, before anything is sent.
  await createClient(env).close();
  const { ok, checks } = await checkHealth({
    apiKey: env.apiKey,
    baseUrl: env.baseUrl,
    redis: env.redisUrl,
    reads: READS,
    timeoutMs: TIMEOUT_MS,
    maxSkewMs: MAX_SKEW_MS,
    slowMs: SLOW_MS,
  });
  return {
    ok,
    checks: checks.map((c) =>
      c.name === 'redis' && c.level === 'skip'
        ? { ...c, detail: 'Redis not configured (REDIS_URL unset): rate limits are per process' }
        : c,
    ),
  };
}
