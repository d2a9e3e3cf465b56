import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError, DEFAULTS, Fareway } from '../../src/index.js';
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
    expect(() => new Fareway({ apiKey: 'k_12345678', baseUrl: 'not a url' })).toThrow(/Malformed base URL.*FAREWAY_BASE_URL/);
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
    expect(() => new Fareway({ apiKey: 'k_12345678', baseUrl: 'https://x.test' })).toThrow(/dangerouslyAllowBrowser/);
    expect(() => new Fareway({ apiKey: 'k_12345678', baseUrl: 'https://x.test', dangerouslyAllowBrowser: true, logger: null, rateLimits: false })).not.toThrow();
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
    expect(() => new Fareway({ apiKey: 'k_12345678', baseUrl: 'https://x.test', timeout: -1 })).toThrow(/`timeout`/);
  });

  it('keeps its defaults in one documented place', () => {
    expect(DEFAULTS.rateLimits).toEqual({ search: 60, book: 30, other: 120 });
    expect(DEFAULTS.timeout).toBeGreaterThan(0);
  });

  it('reports the package version', () => {
    expect(VERSION).toBe(pkg.version);
  });
});
