/**
 * The CLI's configuration (environment variables) and its client: the public `Fareway` SDK (the
 * doctor's checks are `fareway/health`'s, src/health/).
 */
import { Fareway, type FarewayOptions } from '../index.js';
import { hideSecret } from './output.js';

/**
 * Missing or malformed settings, each one a problem: the message on stderr (one problem on its
 * line, several under a count), exit code 2.
 */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: string | readonly string[]) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(
      list.length === 1
        ? (list[0] as string)
        : `${list.length} configuration problems:\n${list.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = list;
  }
}

export interface CliEnv {
  apiKey: string;
  baseUrl: string;
  /** Only when REDIS_URL is set (and not empty). */
  redisUrl: string | undefined;
}

/** Reads FAREWAY_API_KEY, FAREWAY_BASE_URL and REDIS_URL; the secrets are registered for masking at once. */
export function readEnv(env: NodeJS.ProcessEnv = process.env): CliEnv {
  const apiKey = env.FAREWAY_API_KEY?.trim() ?? '';
  hideSecret(apiKey);
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl) {
    try {
      hideSecret(decodeURIComponent(new URL(redisUrl).password));
    } catch {
      // Not a URL: ioredis will say so; nothing to hide.
    }
  }
  // Every missing setting at once: one message naming each, not one per run.
  const missing: string[] = [];
  if (!apiKey)
    missing.push(
      'FAREWAY_API_KEY is not set: export your partner API key (issued at onboarding), e.g. FAREWAY_API_KEY=… fareway doctor',
    );
  const baseUrl = env.FAREWAY_BASE_URL?.trim() ?? '';
  if (!baseUrl)
    missing.push(
      'FAREWAY_BASE_URL is not set: export the service base URL issued at onboarding, e.g. FAREWAY_BASE_URL=https://sandbox.example.com',
    );
  if (missing.length > 0) throw new ConfigError(missing);
  return { apiKey, baseUrl, redisUrl };
}

/**
 * A client of the configured service. Silent (the CLI reports errors itself); `options` adjust
 * retries and timeouts (the doctor sends one attempt per read). Throws ConfigError for a
 * malformed key or base URL (the SDK's message never contains the key).
 */
export function createClient(env: CliEnv, options: FarewayOptions = {}): Fareway {
  try {
    return new Fareway({ apiKey: env.apiKey, baseUrl: env.baseUrl, logger: null, ...options });
  } catch (error) {
    // Every problem the SDK found (a ConfigurationError lists each in `details`).
    if (error instanceof Error && error.name === 'ConfigurationError') {
      const { details } = error as { details?: string[] };
      throw new ConfigError(details && details.length > 0 ? details : error.message);
    }
    throw error;
  }
}
