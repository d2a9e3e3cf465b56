import { openLimiter, type Limiter } from './core/limiter/limiter.js';
import { HOOK_NAMES, parseClientOptions, type FarewayOptions } from './core/options/options.js';
import { unknownKeyMessage } from './validation/suggest.js';
import { clientLogger } from './core/observe/log.js';
import type { ClientContext } from './core/state/context.js';
import type { FarewayPromise } from './core/call/call.js';
import { Registry } from './core/state/registry.js';
import { Requester } from './core/call/requester.js';
import { Transport } from './core/wire/transport.js';
import { openProxy, type ProxyRoute } from './core/loading/proxy.js';
import { Tracing } from './core/call/tracing.js';
import { clientClock } from './core/options/clock.js';
import { markClosed } from './resources/check-call.js';
import { ClientClosedError, ConfigurationError, RateLimitQueueFullError } from './errors.js';
import { bookFlight, type BookFlightParams, type BookFlightResult } from './flow.js';
import { Airports } from './resources/airports.js';
import { Bookings } from './resources/bookings.js';
import { Flights } from './resources/flights.js';

export type { FarewayOptions } from './core/options/options.js';

function readEnv(name: string): string | undefined {
  return typeof process !== 'undefined' ? process.env?.[name] : undefined;
}

function isBrowser(): boolean {
  const g = globalThis as { window?: { document?: unknown }; document?: unknown };
  return typeof g.window !== 'undefined' && typeof g.window.document !== 'undefined';
}

function resolveApiKey(option: string | undefined): string {
  const key = option ?? readEnv('FAREWAY_API_KEY');
  if (key === undefined || key === '')
    throw new ConfigurationError(
      'Missing API key: pass the `apiKey` option or set the FAREWAY_API_KEY environment variable',
    );
  // Never echo the key itself, even a malformed one.
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,512}$/.test(key))
    throw new ConfigurationError(
      'Malformed API key (from the `apiKey` option or FAREWAY_API_KEY): expected 8-512 printable characters without spaces',
    );
  return key;
}

function resolveBaseUrl(option: string | undefined): string {
  const raw = option ?? readEnv('FAREWAY_BASE_URL');
  if (raw === undefined || raw === '')
    throw new ConfigurationError(
      'Missing base URL: pass the `baseUrl` option or set the FAREWAY_BASE_URL environment variable (hosts are issued at onboarding)',
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigurationError(
      `Malformed base URL "${raw}" (from the \`baseUrl\` option or FAREWAY_BASE_URL): not an absolute URL`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigurationError(
      `Malformed base URL (from the \`baseUrl\` option or FAREWAY_BASE_URL): must be http or https, got ${url.protocol}`,
    );
  if (url.username || url.password || url.search || url.hash)
    throw new ConfigurationError(
      'Malformed base URL (from the `baseUrl` option or FAREWAY_BASE_URL): must not contain credentials, a query or a fragment',
    );
  return url.toString().replace(/\/+$/, '');
}

/**
 * The API key and the base URL, checked together: every problem with them (both missing, say) is
 * one ConfigurationError naming each, in `details` and joined by `; ` in the message.
 */
function resolveEndpoint(
  apiKey: string | undefined,
  baseUrl: string | undefined,
): { apiKey: string; baseUrl: string } {
  const problems: string[] = [];
  const attempt = (resolve: () => string): string => {
    try {
      return resolve();
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      problems.push(error.message);
      return '';
    }
  };
  const resolved = {
    apiKey: attempt(() => resolveApiKey(apiKey)),
    baseUrl: attempt(() => resolveBaseUrl(baseUrl)),
  };
  if (problems.length > 0) {
    const error = new ConfigurationError(problems.join('; '));
    error.details = problems;
    throw error;
  }
  return resolved;
}

/**
 * The Fareway client. One per API key; share it across your server.
 * @example
 * const fareway = new Fareway({ apiKey: process.env.FAREWAY_API_KEY, baseUrl: process.env.FAREWAY_BASE_URL });
 * const results = await fareway.flights.search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: '2026-12-01' });
 */
export class Fareway {
  /** Search and fare rules. */
  readonly flights: Flights;
  /** Create, passengers, reprice, book, retrieve, list. */
  readonly bookings: Bookings;
  /** The airport typeahead. */
  readonly airports: Airports;
  /** The base URL in use. */
  readonly baseUrl: string;
  readonly #limiter: Limiter;
  readonly #ctx: ClientContext;
  readonly #proxy: ProxyRoute | undefined;

  constructor(options: FarewayOptions = {}) {
    // Parsed once: every bad option is one ConfigurationError naming each, before anything starts.
    const o = parseClientOptions(options);
    if (isBrowser() && !o.dangerouslyAllowBrowser)
      throw new ConfigurationError(
        'Fareway is for servers: API keys must never be used in browser code (spec §5). ' +
          'If you really must (e.g. a test harness), pass dangerouslyAllowBrowser: true',
      );
    const { apiKey, baseUrl } = resolveEndpoint(o.apiKey, o.baseUrl);
    this.baseUrl = baseUrl;
    const { hooks } = o;
    const clock = clientClock(o.clock);
    // The level (option, else FAREWAY_LOG, else 'warn') filters the logger once, here.
    const logger = clientLogger(o.logger, o.logLevel);
    // A hook under another name is accepted (1.x never refuses it) but said: it is never called.
    for (const name of Object.keys(hooks).filter((k) => !HOOK_NAMES.includes(k)))
      logger.warn?.(`hooks.${name} is never called: ${unknownKeyMessage(name, HOOK_NAMES, 'hook')}`);
    // What may refuse to start (an optional peer that cannot be loaded) comes before what opens
    // connections: the tracer, the proxy, then the limiter (Redis).
    const tracing = new Tracing(this.baseUrl, o.tracerProvider, logger);
    // The `proxy` option's fetch (one keep-alive agent per client), or the environment's proxy.
    this.#proxy = openProxy(o.proxy, o.noProxy, this.baseUrl, o.fetch);
    const fetch = this.#proxy?.fetch ?? o.fetch;
    const transport = new Transport({
      baseUrl: this.baseUrl,
      apiKey,
      proxy: this.#proxy,
      ...(fetch ? { fetch } : {}),
      defaultHeaders: o.defaultHeaders,
      maxResponseBytes: o.maxResponseBytes,
    });
    this.#limiter = openLimiter(
      apiKey,
      {
        ...o.rateLimits,
        onQueueFull:
          o.rateLimits.onQueueFull ?? ((bucket, maxQueue) => new RateLimitQueueFullError(bucket, maxQueue)),
        onClosed: o.rateLimits.onClosed ?? (() => new ClientClosedError()),
      },
      logger,
    );
    const requester = new Requester(
      transport,
      this.#limiter,
      {
        timeout: o.timeout,
        maxRetries: o.maxRetries,
        maxRetryAfterMs: o.maxRetryAfterMs,
        retryBaseDelayMs: o.retryBackoff.baseDelayMs,
        retryMaxDelayMs: o.retryBackoff.maxDelayMs,
        logger,
        hooks,
      },
      tracing,
    );
    this.#ctx = {
      requester,
      baseUrl: this.baseUrl,
      timeout: o.timeout,
      maxRetries: o.maxRetries,
      registry: new Registry(o.memory),
      limiter: this.#limiter,
      logger,
      hooks,
      expiryMarginMs: o.expiryMarginMs,
      clock,
      expiresAtZone: o.expiresAtZone,
      duplicates: o.duplicates,
      bookReconcile: o.bookReconcile,
      createAdoption: o.createAdoption,
      bookLockUnavailable: o.bookLockUnavailable,
      autocompleteCacheMs: o.autocompleteCacheMs,
      autocompleteCacheSize: o.autocompleteCacheSize,
    };
    this.flights = Flights.create(this.#ctx, o.selectionTokenSecret ?? apiKey, apiKey);
    this.bookings = Bookings.create(this.#ctx);
    this.airports = Airports.create(this.#ctx);
  }

  /**
   * The guided flow: create → passengers → reprice → book, with every guard and a deadline check
   * between steps. Returns the confirmed booking and each step's result.
   */
  bookFlight(params: BookFlightParams): FarewayPromise<BookFlightResult> {
    return this.#ctx.requester.operation('bookFlight', undefined, (call) =>
      bookFlight(this, this.#ctx, params, call),
    );
  }

  /** Resolves when the rate limiter is ready (Redis connected, or the local fallback chosen). */
  ready(): Promise<void> {
    return this.#limiter.ready();
  }

  /** Releases timers, caches and Redis connections. The client is unusable afterwards. */
  async close(): Promise<void> {
    markClosed(this.#ctx);
    this.airports.clearCache();
    this.#ctx.registry.clear();
    await this.#limiter.close();
    await this.#proxy?.close?.();
  }

  /** Never shows the key: `console.log(fareway)` and JSON give the base URL only. */
  toJSON() {
    return { baseUrl: this.baseUrl };
  }
  [Symbol.for('nodejs.util.inspect.custom')]() {
    return `Fareway { baseUrl: '${this.baseUrl}' }`;
  }
}
/** The class keeps its name in minified bundles (see errors.ts). */
Object.defineProperty(Fareway, 'name', { value: 'Fareway' });
