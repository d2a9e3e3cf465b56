/** One check of `checkHealth` (one line of `fareway doctor`). */
export interface HealthCheck {
  /**
   * Stable identifier for scripts: `config`, `base_url`, `api_key`, `clock_skew`, `latency`,
   * `redis`, `shared_budget`.
   */
  name: 'config' | 'base_url' | 'api_key' | 'clock_skew' | 'latency' | 'redis' | 'shared_budget';
  /** False only for a failed check (a warning or a skipped check is not a failure). */
  ok: boolean;
  /** `pass`; `warn`: worth a look, not a failure; `fail`: see `fix`; `skip`: not checked. */
  level: 'pass' | 'warn' | 'fail' | 'skip';
  /** What was found, e.g. `base URL reachable (https://…)`. */
  detail: string;
  /** What to do about a failure or warning. */
  fix?: string;
}

export const pass = (name: HealthCheck['name'], detail: string): HealthCheck => ({
  name,
  ok: true,
  level: 'pass',
  detail,
});
export const warn = (name: HealthCheck['name'], detail: string, fix: string): HealthCheck => ({
  name,
  ok: true,
  level: 'warn',
  detail,
  fix,
});
export const fail = (name: HealthCheck['name'], detail: string, fix: string): HealthCheck => ({
  name,
  ok: false,
  level: 'fail',
  detail,
  fix,
});
export const skip = (name: HealthCheck['name'], detail: string): HealthCheck => ({
  name,
  ok: true,
  level: 'skip',
  detail,
});

/** An error's message with its cause's (`fetch failed: connect ECONNREFUSED 127.0.0.1:9`), one line. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    const e = current as { message?: unknown; code?: unknown; cause?: unknown; errors?: unknown };
    const message =
      typeof e.message === 'string' && e.message ? e.message : typeof current === 'string' ? current : '';
    if (message && !parts.some((p) => p.includes(message))) parts.push(message);
    else if (!message && typeof e.code === 'string') parts.push(e.code);
    // An AggregateError (connect to several addresses) keeps the first reason.
    current = e.cause ?? (Array.isArray(e.errors) ? e.errors[0] : undefined);
  }
  return parts.join(': ').replace(/\s+/g, ' ') || 'unknown error';
}
