/**
 * `fareway/health`: the checks of `fareway doctor` as a function a readiness probe calls. The
 * service is reached through the public SDK (keyed reads, one attempt each): base URL reachable,
 * key accepted, clock skew against the service's `Date` header, latency; with a Redis URL, Redis
 * answering and the shared budget's use. A failed check is a check with `ok: false`, never a
 * throw; the whole run is bounded by `timeoutMs`; no detail holds the key (`sbx_live_…abcd`) or a
 * Redis password.
 * @packageDocumentation
 * @module fareway/health
 *
 * @example
 * import { checkHealth } from 'fareway/health';
 * app.get('/ready', async (_req, res) => {
 *   const report = await checkHealth({ redis: process.env.REDIS_URL, timeoutMs: 2_000 });
 *   res.status(report.ok ? 200 : 503).json(report);
 * });
 */
export { checkHealth, type HealthCheck, type HealthOptions, type HealthReport } from './health/index.js';
export type { FetchLike } from './core/options/options.js';
