/** Every problem with the API key and the base URL in one ConfigurationError, not one per attempt. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, Fareway } from '../../src/index.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

function configurationError(make: () => unknown): ConfigurationError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

describe('new Fareway(): the API key and the base URL are checked together', () => {
  it('both missing (no option, no FAREWAY_API_KEY, no FAREWAY_BASE_URL): one error naming both', () => {
    vi.stubEnv('FAREWAY_API_KEY', '');
    vi.stubEnv('FAREWAY_BASE_URL', '');
    const error = configurationError(() => new Fareway());
    expect(error.code).toBe('invalid_configuration');
    expect(error.message).toMatch(/Missing API key.*FAREWAY_API_KEY/);
    expect(error.message).toMatch(/Missing base URL.*FAREWAY_BASE_URL/);
    expect(error.details).toEqual([
      expect.stringMatching(/^Missing API key/),
      expect.stringMatching(/^Missing base URL/),
    ]);
  });

  it('a malformed key and a malformed base URL: each problem named, the key never echoed', () => {
    const error = configurationError(() => new Fareway({ apiKey: 'short key', baseUrl: 'ftp://x.test' }));
    expect(error.details).toHaveLength(2);
    expect(error.details[0]).toMatch(/Malformed API key/);
    expect(error.details[1]).toMatch(/Malformed base URL.*must be http or https/);
    expect(error.message).not.toContain('short key');
  });

  it('one problem: the message is that problem alone, as before', () => {
    vi.stubEnv('FAREWAY_BASE_URL', '');
    const error = configurationError(() => new Fareway({ apiKey: 'sbx_live_0123456789abcdef' }));
    expect(error.message).toBe(
      'Missing base URL: pass the `baseUrl` option or set the FAREWAY_BASE_URL environment variable (hosts are issued at onboarding)',
    );
    expect(error.details).toEqual([error.message]);
  });
});
