/**
 * The service checks of `checkHealth` (and so of `fareway doctor`): keyed reads through the public
 * SDK (`bookings.list({ limit: 1 })`, one attempt each) decide whether the base URL is reachable
 * and the key accepted; a watching `fetch` records each exchange's `Date` header and round trip
 * for the clock-skew and latency checks. ky still carries every request.
 */
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  AuthenticationError,
  NotFoundError,
  ResponseValidationError,
} from '../errors.js';
import type { FetchLike } from '../core/options/options.js';
import { describeError, fail, pass, skip, warn, type HealthCheck } from './checks.js';
import { maskKey } from './mask.js';

/** One HTTP exchange as the watching fetch saw it. */
interface Exchange {
  /** The service's `Date` header, if any. */
  date: string | null;
  /** `Date.now()` when the request was handed to fetch and when its response headers arrived. */
  sentAt: number;
  receivedAt: number;
  /** Milliseconds from handing the request to fetch to its response headers. */
  roundTripMs: number;
}

/** Records every exchange of a client: `fetch` (the given one, else the global) watched. */
export class ExchangeLog {
  readonly exchanges: Exchange[] = [];
  constructor(private readonly inner: FetchLike = (input, init) => globalThis.fetch(input, init)) {}

  readonly fetch: FetchLike = async (input, init) => {
    const sentAt = Date.now();
    const start = performance.now();
    const response = await this.inner(input, init);
    if (response)
      this.exchanges.push({
        date: response.headers.get('date'),
        sentAt,
        receivedAt: Date.now(),
        roundTripMs: performance.now() - start,
      });
    return response;
  };
}

const KEY_FIX =
  'check FAREWAY_API_KEY: use the partner key issued for this base URL (sandbox and production keys differ), without quotes or spaces';

const idOf = (error: unknown) => {
  const id = (error as { requestId?: unknown }).requestId;
  return typeof id === 'string' ? `, request ${id}` : '';
};

/** The first keyed read decides reachability and the key (`outcome`: undefined, or its error). */
export function readChecks(
  target: { apiKey: string; baseUrl: string },
  outcome: unknown,
  timeoutMs: number,
): { reached: boolean; checks: HealthCheck[] } {
  const base = target.baseUrl;
  const reachable = pass('base_url', `base URL reachable (${base})`);
  const key = maskKey(target.apiKey);
  if (outcome === undefined)
    return { reached: true, checks: [reachable, pass('api_key', `key accepted (${key})`)] };
  if (outcome instanceof APIConnectionError) {
    const what =
      outcome instanceof APITimeoutError
        ? `no answer within ${Math.round(timeoutMs / 100) / 10} s`
        : describeError(outcome);
    return {
      reached: false,
      checks: [
        fail(
          'base_url',
          `base URL unreachable (${base}): ${what}`,
          'check FAREWAY_BASE_URL (scheme, host, port), DNS, proxy and firewall; the service must be reachable from this machine',
        ),
        skip('api_key', 'key not checked (the service was not reached)'),
      ],
    };
  }
  const second = (check: HealthCheck) => ({ reached: true, checks: [reachable, check] });
  if (outcome instanceof AuthenticationError || (outcome instanceof APIError && outcome.status === 403))
    return second(fail('api_key', `key rejected (${key}: ${outcome.status}${idOf(outcome)})`, KEY_FIX));
  if (outcome instanceof NotFoundError || outcome instanceof ResponseValidationError)
    return second(
      fail(
        'api_key',
        `key not checked: the answer is not the service's (${describeError(outcome)})`,
        'check FAREWAY_BASE_URL: it must be the service base address issued at onboarding, without a path',
      ),
    );
  if (outcome instanceof APIError)
    return second(
      fail(
        'api_key',
        `key not checked: the keyed read failed (${describeError(outcome)})`,
        'the service answered with an error: retry later, or contact support with the request id',
      ),
    );
  return second(
    fail(
      'api_key',
      `key not checked: ${describeError(outcome)}`,
      'run again; report the message if it persists',
    ),
  );
}

/** Local clock against the service's `Date` (1 s resolution), from the quickest exchange. */
export function clockCheck(log: ExchangeLog, maxSkewMs: number): HealthCheck {
  const dated = log.exchanges.filter((e) => e.date !== null && Number.isFinite(Date.parse(e.date)));
  if (dated.length === 0)
    return warn(
      'clock_skew',
      'clock skew not measured: the service sent no Date header',
      'none needed; compare the clock with an NTP server if countdowns look wrong',
    );
  const best = dated.reduce((a, b) => (b.roundTripMs < a.roundTripMs ? b : a));
  // The Date header is truncated to the second: the service's time was in [date, date + 1 s).
  const service = Date.parse(best.date as string) + 500;
  const local = (best.sentAt + best.receivedAt) / 2;
  const skew = local - service;
  const text = `${(Math.abs(skew) / 1000).toFixed(1)} s`;
  const side = skew > 0 ? 'local clock ahead of the service' : 'local clock behind the service';
  if (Math.abs(skew) > maxSkewMs) {
    return fail(
      'clock_skew',
      `clock skew ${text} (${side}; limit ±${maxSkewMs / 1000} s)`,
      'sync the clock (NTP, e.g. `timedatectl set-ntp true` or chrony): expires_at countdowns and fare-lock refusals are computed with this clock',
    );
  }
  return pass(
    'clock_skew',
    `clock skew ${text} (limit ±${maxSkewMs / 1000} s; the Date header has 1 s resolution)`,
  );
}

/** Median round trip; above `slowMs` a warning. */
export function latencyCheck(log: ExchangeLog, slowMs: number): HealthCheck {
  const times = log.exchanges.map((e) => e.roundTripMs).sort((a, b) => a - b);
  if (times.length === 0) return skip('latency', 'latency not measured (no answer)');
  const median = times[Math.floor((times.length - 1) / 2)] as number;
  const ms = (n: number) => `${Math.round(n)} ms`;
  const reads = `${times.length} read${times.length > 1 ? 's' : ''}`;
  const detail = `latency ${ms(median)} (median of ${reads}; min ${ms(times[0] as number)}, max ${ms(times.at(-1) as number)})`;
  if (median > slowMs)
    return warn(
      'latency',
      detail,
      'slow round trips: check the network path (proxy, VPN, region); calls will be slower and timeouts likelier',
    );
  return pass('latency', detail);
}
