// Fareway's log lines through winston: `new Fareway({ logger: fromWinston(log) })`.
// winston takes `(message, fields)` as Fareway calls it and merges the fields into the entry, so a
// child logger (naming the source) is the whole adapter.
import type { Logger as Winston } from 'winston';
import type { Logger } from 'fareway';

export function fromWinston(winston: Winston): Logger {
  return winston.child({ component: 'fareway' });
}
