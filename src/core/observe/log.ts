/**
 * Log levels: the one place that decides which of the SDK's messages reach the caller's logger.
 * The client wraps its `logger` once, at construction, into a Logger holding only the enabled
 * methods, so every call site stays `logger.debug?.(…)` and a disabled level costs nothing (an
 * optional call on a missing method does not even build its message).
 */
import { redactPassengerData, redactText } from '../../errors/redact.js';
import type { Logger } from './events.js';

/** The levels, most verbose first. `'off'` writes nothing. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'off'] as const;
/** How much the SDK logs: a level and everything above it. */
export type LogLevel = (typeof LOG_LEVELS)[number];
/** The level when neither the `logLevel` option nor `FAREWAY_LOG` sets one. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'warn';

const METHODS = ['debug', 'info', 'warn', 'error'] as const;

/** The fields as one line of JSON (undefined when they cannot be: a cycle, a bigint). */
function oneLine(meta: Record<string, unknown>): string | undefined {
  try {
    return JSON.stringify(meta);
  } catch {
    return undefined;
  }
}

function write(method: 'debug' | 'info' | 'warn' | 'error') {
  return (message: string, meta?: Record<string, unknown>) => {
    // One line per message, fields as JSON (console's own formatting breaks objects over several
    // lines). Looked up per call, so a test's spy (or a patched console) sees the line. debug and
    // info reach the console only when the caller asked for them (logLevel or FAREWAY_LOG).
    const fields = meta === undefined ? '' : oneLine(meta);
    /* eslint-disable no-console -- the default logger is the console, at every level the caller enables */
    if (fields === undefined) console[method](`[fareway] ${message}`, meta);
    else console[method](fields ? `[fareway] ${message} ${fields}` : `[fareway] ${message}`);
    /* eslint-enable no-console */
  };
}

/**
 * The logger used when the `logger` option is absent: every level to `console` (debug and info to
 * stdout, warn and error to stderr), one line each, `[fareway] <message> <fields as JSON>`; the
 * level decides what reaches it.
 */
export const consoleLogger: Logger = Object.freeze({
  debug: write('debug'),
  info: write('info'),
  warn: write('warn'),
  error: write('error'),
});

/**
 * A Logger with only the methods of `level` and above that `logger` has. Each calls the logger's
 * own method as a method (pino's and winston's need their `this`), looked up at call time, with
 * the arguments it was given (no trailing `undefined`).
 */
export function withLevel(logger: Logger, level: LogLevel): Logger {
  const from = LOG_LEVELS.indexOf(level);
  const out: Logger = {};
  METHODS.forEach((name, rank) => {
    if (rank < from || typeof logger[name] !== 'function') return;
    // Passenger data never reaches a log line by default (errors/redact.ts): the SDK's messages
    // and fields pass through one redaction here, whichever logger receives them.
    out[name] = (message: string, ...meta: [meta?: Record<string, unknown>]) =>
      logger[name]?.(
        redactText(message),
        ...(meta.length ? [redactPassengerData(meta[0]) as Record<string, unknown>] : []),
      );
  });
  return Object.freeze(out);
}

function readEnv(name: string): string | undefined {
  return typeof process !== 'undefined' ? process.env?.[name] : undefined;
}

/**
 * `FAREWAY_LOG` as a level (any case, surrounding spaces ignored). Unset or empty: undefined. Any
 * other value: `invalid`, for a warning; the value is echoed only when it is short and word-like
 * (an environment variable may hold something that should not reach a log).
 */
export function logLevelFromEnv(raw: string | undefined): { level?: LogLevel; invalid?: string } {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '') return {};
  if ((LOG_LEVELS as readonly string[]).includes(value)) return { level: value as LogLevel };
  const shown = /^[\w.-]{1,16}$/.test(raw!.trim()) ? `"${raw!.trim()}"` : 'its value';
  return {
    invalid:
      `FAREWAY_LOG: ${shown} is not a log level (expected ${LOG_LEVELS.join(', ')}; any case); ` +
      `it is ignored and the level is '${DEFAULT_LOG_LEVEL}'`,
  };
}

/**
 * The client's logger: `logger` filtered by the `logLevel` option, else by `FAREWAY_LOG` (read
 * here, once), else by 'warn'. A `FAREWAY_LOG` that is no level is ignored with one warning: a typo
 * in a logging variable should not stop a deployment from starting, and the warning says why the
 * debug lines it asked for are missing.
 */
export function clientLogger(
  logger: Logger,
  option: LogLevel | undefined,
  env: string | undefined = readEnv('FAREWAY_LOG'),
): Logger {
  if (option !== undefined) return withLevel(logger, option);
  const fromEnv = logLevelFromEnv(env);
  const levelled = withLevel(logger, fromEnv.level ?? DEFAULT_LOG_LEVEL);
  if (fromEnv.invalid) levelled.warn?.(fromEnv.invalid);
  return levelled;
}
