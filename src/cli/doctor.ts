/**
 * `fareway doctor`: checks what a support case usually turns on, one line per check. Every call
 * to the service goes through the public SDK (a keyed read: `bookings.list({ limit: 1 })`, three
 * times, one attempt each); the CLI's fetch only watches the exchanges for the `Date` header and
 * the round-trip time.
 */
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  AuthenticationError,
  NotFoundError,
  ResponseValidationError,
} from '../errors.js';
import { fail, describeError, pass, skip, warn, type Check } from './checks.js';
import { createClient, ExchangeLog, type CliEnv } from './client.js';
import { maskKey } from './output.js';
import { checkRedis } from './redis-check.js';

/** Clock skew above this fails the check. */
export const MAX_SKEW_MS = 5000;
/** Median round trip above this is a warning. */
export const SLOW_MS = 1500;
const READS = 3;
const TIMEOUT_MS = 10_000;

const KEY_FIX =
  'check FAREWAY_API_KEY: use the partner key issued for this base URL (sandbox and production keys differ), without quotes or spaces';

export interface DoctorReport {
  ok: boolean;
  checks: Check[];
}

const idOf = (error: unknown) => {
  const id = (error as { requestId?: unknown }).requestId;
  return typeof id === 'string' ? `, request ${id}` : '';
};

/** The first keyed read decides reachability and the key. */
function readChecks(env: CliEnv, outcome: unknown): { reached: boolean; checks: Check[] } {
  const base = env.baseUrl;
  if (outcome === undefined) {
    return {
      reached: true,
      checks: [
        pass('base_url', `base URL reachable (${base})`),
        pass('api_key', `key accepted (${maskKey(env.apiKey)})`),
      ],
    };
  }
  if (outcome instanceof APIConnectionError) {
    const what =
      outcome instanceof APITimeoutError ? `no answer within ${TIMEOUT_MS / 1000} s` : outcome.message;
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
  const reachable = pass('base_url', `base URL reachable (${base})`);
  if (outcome instanceof AuthenticationError || (outcome instanceof APIError && outcome.status === 403)) {
    return {
      reached: true,
      checks: [
        reachable,
        fail('api_key', `key rejected (${maskKey(env.apiKey)}: ${outcome.status}${idOf(outcome)})`, KEY_FIX),
      ],
    };
  }
  if (outcome instanceof NotFoundError || outcome instanceof ResponseValidationError) {
    return {
      reached: true,
      checks: [
        reachable,
        fail(
          'api_key',
          `key not checked: the answer is not the service's (${describeError(outcome)})`,
          'check FAREWAY_BASE_URL: it must be the service base address issued at onboarding, without a path',
        ),
      ],
    };
  }
  if (outcome instanceof APIError) {
    return {
      reached: true,
      checks: [
        reachable,
        fail(
          'api_key',
          `key not checked: the keyed read failed (${describeError(outcome)})`,
          'the service answered with an error: retry later, or contact support with the request id',
        ),
      ],
    };
  }
  return {
    reached: true,
    checks: [
      reachable,
      fail(
        'api_key',
        `key not checked: ${describeError(outcome)}`,
        'run again; report the message if it persists',
      ),
    ],
  };
}

/** Local clock against the service's `Date` (1 s resolution), from the quickest exchange. */
function clockCheck(log: ExchangeLog): Check {
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
  if (Math.abs(skew) > MAX_SKEW_MS) {
    return fail(
      'clock_skew',
      `clock skew ${text} (${side}; limit ±${MAX_SKEW_MS / 1000} s)`,
      'sync the clock (NTP, e.g. `timedatectl set-ntp true` or chrony): expires_at countdowns and fare-lock refusals are computed with this clock',
    );
  }
  return pass(
    'clock_skew',
    `clock skew ${text} (limit ±${MAX_SKEW_MS / 1000} s; the Date header has 1 s resolution)`,
  );
}

function latencyCheck(log: ExchangeLog): Check {
  const times = log.exchanges.map((e) => e.roundTripMs).sort((a, b) => a - b);
  if (times.length === 0) return skip('latency', 'latency not measured (no answer)');
  const median = times[Math.floor((times.length - 1) / 2)] as number;
  const ms = (n: number) => `${Math.round(n)} ms`;
  const detail = `latency ${ms(median)} (median of ${times.length} reads; min ${ms(times[0] as number)}, max ${ms(times.at(-1) as number)})`;
  if (median > SLOW_MS)
    return warn(
      'latency',
      detail,
      'slow round trips: check the network path (proxy, VPN, region); calls will be slower and timeouts likelier',
    );
  return pass('latency', detail);
}

/** Runs every check; `ok` is false when any failed. */
export async function doctor(env: CliEnv): Promise<DoctorReport> {
  const log = new ExchangeLog();
  const client = createClient(env, { fetch: log.fetch, maxRetries: 0, timeout: TIMEOUT_MS });
  const checks: Check[] = [];
  try {
    const read = () =>
      client.bookings.list({ limit: 1 }).then(
        () => undefined,
        (error: unknown) => error ?? new Error('failed'),
      );
    const first = await read();
    const { reached, checks: readResults } = readChecks(env, first);
    checks.push(...readResults);
    if (reached) {
      for (let i = 1; i < READS; i++) await read();
      checks.push(clockCheck(log), latencyCheck(log));
    } else {
      checks.push(
        skip('clock_skew', 'clock skew not measured (the service was not reached)'),
        skip('latency', 'latency not measured (the service was not reached)'),
      );
    }
  } finally {
    await client.close();
  }
  if (env.redisUrl) checks.push(...(await checkRedis(env.redisUrl, env.apiKey)));
  else checks.push(skip('redis', 'Redis not configured (REDIS_URL unset): rate limits are per process'));
  return { ok: checks.every((c) => c.ok), checks };
}
