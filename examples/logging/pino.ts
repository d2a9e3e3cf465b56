// Fareway's log lines through pino: `new Fareway({ logger: fromPino(pino()) })`.
// pino takes its fields first (`log.info(fields, message)`); passed as it is, it would read
// Fareway's fields as a format argument and drop them. The child's `component` names the source.
import type { Logger as Pino } from 'pino';
import type { Logger } from 'fareway';

export function fromPino(pino: Pino): Logger {
  const log = pino.child({ component: 'fareway' });
  return {
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}
