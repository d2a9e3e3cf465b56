import { afterEach, describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';
import { ConfigurationError, Fareway, RequestValidationError } from '../../src/index.js';
import { DEFAULTS, parseClientOptions } from '../../src/core/options/options.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { VERSION } from '../../src/version.js';
import pkg from '../../package.json' with { type: 'json' };

const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
  delete (globalThis as { window?: unknown }).window;
});

describe('new Fareway()', () => {
  it('reads apiKey and baseUrl from FAREWAY_API_KEY and FAREWAY_BASE_URL', () => {
    process.env.FAREWAY_API_KEY = 'env_key_123456';
    process.env.FAREWAY_BASE_URL = 'https://sandbox.example.com/';
    const fareway = new Fareway({ logger: null, rateLimits: false });
    expect(fareway.baseUrl).toBe('https://sandbox.example.com');
  });

  it('names the option and the variable when the key is missing', () => {
    delete process.env.FAREWAY_API_KEY;
    expect(() => new Fareway({ baseUrl: 'https://x.test' })).toThrow(ConfigurationError);
    expect(() => new Fareway({ baseUrl: 'https://x.test' })).toThrow(/`apiKey`.*FAREWAY_API_KEY/);
  });

  it('names the option and the variable when the base URL is missing or malformed', () => {
    delete process.env.FAREWAY_BASE_URL;
    expect(() => new Fareway({ apiKey: 'k_12345678' })).toThrow(/`baseUrl`.*FAREWAY_BASE_URL/);
    expect(() => new Fareway({ apiKey: 'k_12345678', baseUrl: 'not a url' })).toThrow(
      /Malformed base URL.*FAREWAY_BASE_URL/,
    );
    expect(() => new Fareway({ apiKey: 'k_12345678', baseUrl: 'ftp://x.test' })).toThrow(/http or https/);
  });

  it('refuses a malformed key without echoing it', () => {
    const secret = 'has spaces in it secret';
    let error: unknown;
    try {
      new Fareway({ apiKey: secret, baseUrl: 'https://x.test' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(String((error as Error).message)).not.toContain(secret);
    expect((error as Error).message).toMatch(/FAREWAY_API_KEY/);
  });

  it('throws in a browser unless dangerouslyAllowBrowser is set', () => {
    (globalThis as { window?: unknown }).window = { document: {} };
    expect(() => new Fareway({ apiKey: 'k_12345678', baseUrl: 'https://x.test' })).toThrow(
      /dangerouslyAllowBrowser/,
    );
    expect(
      () =>
        new Fareway({
          apiKey: 'k_12345678',
          baseUrl: 'https://x.test',
          dangerouslyAllowBrowser: true,
          logger: null,
          rateLimits: false,
        }),
    ).not.toThrow();
  });

  it('never shows the key when logged or serialised', async () => {
    const key = 'sk_secret_abcdef123456';
    const fareway = new Fareway({ apiKey: key, baseUrl: 'https://x.test', logger: null, rateLimits: false });
    const { inspect } = await import('node:util');
    expect(JSON.stringify(fareway)).not.toContain(key);
    expect(inspect(fareway, { depth: 10, showHidden: true })).not.toContain(key);
    await fareway.close();
  });

  it('validates numeric options', () => {
    expect(() => new Fareway({ apiKey: 'k_12345678', baseUrl: 'https://x.test', timeout: -1 })).toThrow(
      /`timeout`/,
    );
  });

  it('keeps its defaults in one place, applied by the options schema, and out of the public API', () => {
    expect('DEFAULTS' in api).toBe(false);
    expect(parseClientOptions({})).toMatchObject({
      timeout: DEFAULTS.timeout,
      maxRetries: 2,
      rateLimits: {
        search: { limit: 60, windowMs: 60_000 },
        book: { limit: 30, windowMs: 60_000 },
        other: { limit: 120, windowMs: 60_000 },
      },
      bookReconcile: { timeoutMs: 10_000, intervalMs: 250 },
      memory: { searches: 500, bookings: 2_000 },
      retryBackoff: { baseDelayMs: 500, maxDelayMs: 8_000 },
      duplicates: 'refuse',
      defaultHeaders: {},
    });
  });

  it('reports the package version', () => {
    expect(VERSION).toBe(pkg.version);
  });
});

const base = { apiKey: 'k_12345678', baseUrl: 'https://x.test', logger: null, rateLimits: false } as const;

/** The ConfigurationError thrown by `new Fareway(options)`. */
function configError(options: unknown): ConfigurationError {
  try {
    new Fareway(options as never);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('new Fareway() did not throw');
}

/** Collects the process warnings emitted while `run` runs (and one turn after it). */
async function warningsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (warning: Error) => seen.push(`${warning.name}: ${warning.message}`);
  process.on('warning', listener);
  try {
    await run();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', listener);
  }
  return seen;
}

describe('client options are parsed once, by their schemas', () => {
  it('a timeout a timer cannot hold (3e9 ms) is a ConfigurationError naming `timeout`, never a TimeoutOverflowWarning', async () => {
    const warnings = await warningsDuring(async () => {
      const error = configError({ ...base, timeout: 3e9 });
      expect(error.message).toBe(
        'Invalid option `timeout`: must be a finite number > 0 (milliseconds, at most 2147483647)',
      );
      expect(error.details).toEqual([
        'timeout: must be a finite number > 0 (milliseconds, at most 2147483647)',
      ]);
    });
    expect(warnings).toEqual([]);
  });

  it('a timeout of 2³¹−1 ms (client and per call) is accepted: calls complete, nothing warns', async () => {
    const sandbox = createSandbox({ seed: 18 });
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) =>
      (await sandbox.fetch(new Request(input, init))) ?? new Response('no route', { status: 404 });
    const fareway = new Fareway({
      apiKey: sandbox.apiKey,
      baseUrl: 'http://sandbox.test',
      fetch,
      logger: null,
      timeout: 2 ** 31 - 1,
    });
    const warnings = await warningsDuring(async () => {
      const results = await fareway.flights.search({
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: new Date(Date.now() + 30 * 86_400_000),
        adult_count: 1,
      });
      expect(results.outbound.length).toBeGreaterThan(0);
      await expect(fareway.airports.autocomplete('del', { timeout: 2 ** 31 - 1 })).resolves.toMatchObject({
        results: expect.any(Array),
      });
    });
    expect(warnings).toEqual([]);
    await fareway.close();
  });

  it('every duration that feeds a timer is capped at 2³¹−1 ms', () => {
    const over = 2 ** 31;
    for (const [option, path] of [
      [{ bookReconcile: { timeoutMs: over } }, 'bookReconcile.timeoutMs'],
      [{ bookReconcile: { intervalMs: over } }, 'bookReconcile.intervalMs'],
      [{ retryBackoff: { baseDelayMs: over } }, 'retryBackoff.baseDelayMs'],
      [{ retryBackoff: { maxDelayMs: over } }, 'retryBackoff.maxDelayMs'],
      [{ maxRetryAfterMs: over }, 'maxRetryAfterMs'],
      [{ expiryMarginMs: over }, 'expiryMarginMs'],
      [{ rateLimits: { search: { limit: 1, windowMs: over } } }, 'rateLimits.search.windowMs'],
      [{ rateLimits: { marginMs: over } }, 'rateLimits.marginMs'],
      [{ rateLimits: { connectTimeoutMs: over } }, 'rateLimits.connectTimeoutMs'],
    ] as const)
      expect(configError({ ...base, ...option }).details, path).toEqual([
        expect.stringMatching(new RegExp(`^${path.replace(/\./g, '\\.')}: .*at most 2147483647`)),
      ]);
  });

  it('names every bad option at once, with its path and rule', () => {
    const error = configError({
      ...base,
      timeout: 0,
      memory: { searches: 0 },
      expiresAtZone: 'UTC',
      rateLimits: { book: 0 },
      hooks: { onRetry: 'log' },
    });
    // In the order the keys were written (`rateLimits` comes from `base`).
    expect(error.details).toEqual([
      'rateLimits.book: must be a whole number >= 1 (requests per minute), { limit, windowMs } or false',
      'timeout: must be a finite number > 0 (milliseconds, at most 2147483647)',
      'memory.searches: must be a whole number >= 1',
      "expiresAtZone: must be 'utc' or 'local'",
      'hooks.onRetry: must be a function',
    ]);
    expect(error.message).toMatch(/^Invalid options `rateLimits\.book`: .*; `timeout`: /);
  });

  it('refuses an unknown option with a hint, and options that are not an object', () => {
    expect(configError({ ...base, timout: 5_000 }).details).toEqual([
      'timout: unknown option — did you mean timeout?',
    ]);
    expect(configError({ ...base, rateLimits: { serach: 10 } }).details).toEqual([
      'rateLimits.serach: unknown option — did you mean search?',
    ]);
    expect(configError(null).details).toEqual(['options: must be an object (or omitted)']);
  });

  it('a bad rateLimits setting is a ConfigurationError (it was a TypeError)', () => {
    const error = configError({ ...base, rateLimits: { other: { limit: 1.5, windowMs: 1_000 } } });
    expect(error.details).toEqual(['rateLimits.other.limit: must be a whole number >= 1']);
  });

  it('refuses a reserved header in defaultHeaders by name (it was silently dropped), as per call', async () => {
    for (const [name, path] of [
      ['Authorization', 'defaultHeaders.Authorization'],
      ['content-type', 'defaultHeaders["content-type"]'],
      ['Host', 'defaultHeaders.Host'],
      ['Transfer-Encoding', 'defaultHeaders["Transfer-Encoding"]'],
    ])
      expect(configError({ ...base, defaultHeaders: { [name!]: 'x', 'x-ok': '1' } }).details).toEqual([
        `${path}: is set by the SDK or the HTTP stack and cannot be overridden`,
      ]);
    const fareway = new Fareway({ ...base, defaultHeaders: { 'x-partner': 'acme' } });
    const error = await fareway.airports
      .autocomplete('del', { headers: { Authorization: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).details).toEqual([
      'options.headers.Authorization: is set by the SDK or the HTTP stack and cannot be overridden',
    ]);
    await fareway.close();
  });
});
