// Fareway's log lines through NestJS's Logger: `new Fareway({ logger: fromNestLogger(new Logger('Fareway')) })`.
// Fareway calls `logger.info(message, fields)`. Nest's Logger has no `info` (passed as it is, the
// info lines — retries, reconciled books — are dropped), and it prints a fields object on its own,
// over several lines when large (or as "[object Object]" once interpolated into a string). This
// adapter maps info to `log` and writes the fields as JSON after the message: one line each.
import type { Logger } from 'fareway';

/** What this adapter calls of Nest's `Logger` (or any `LoggerService`): one message each. */
export interface NestLoggerLike {
  debug?(message: string): void;
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The message, then the fields as JSON (left out when there are none, or they cannot be JSON). */
function line(message: string, fields?: Record<string, unknown>): string {
  if (fields === undefined || Object.keys(fields).length === 0) return message;
  try {
    return `${message} ${JSON.stringify(fields)}`;
  } catch {
    return message;
  }
}

export function fromNestLogger(nest: NestLoggerLike): Logger {
  return {
    debug: (message, fields) => nest.debug?.(line(message, fields)),
    info: (message, fields) => nest.log(line(message, fields)),
    warn: (message, fields) => nest.warn(line(message, fields)),
    error: (message, fields) => nest.error(line(message, fields)),
  };
}
