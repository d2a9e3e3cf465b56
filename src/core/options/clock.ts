/**
 * The time the client reads for every local expiry decision (the `clock` option): deadlines'
 * countdowns, the refusals before create, fare rules, passengers, reprice and book, selection
 * tokens, and the look-back an interrupted create lists bookings in (compared with the service's
 * `created_at`). Not for waiting: rate-limit timing, timeouts, backoff, `Retry-After` and
 * reconcile budgets stay on the real monotonic clock, so a test that moves this clock never makes a
 * request early; nor for what other processes compare (create claims in Redis, the ledger's TTL).
 */
import { ConfigurationError } from '../../errors.js';
import type { DeadlineClock } from '../../model/deadline.js';

/**
 * What the `clock` option takes: any object whose `now()` gives the current time as epoch
 * milliseconds or a `Date` (`{ now: Date.now }`, `sandbox.clock` from `fareway/sandbox`, a
 * manual clock in tests). Read on every expiry check, never cached.
 */
export interface FarewayClock {
  /** The current time: epoch milliseconds or a `Date`. */
  now(): number | Date;
}

/** The client's clock as its parts use it. @internal */
export interface ClientClock {
  /** The clock deadlines count on; `undefined` is the default (monotonic `performance.now()`). */
  readonly deadlines: DeadlineClock | undefined;
  /** A response's arrival (`performance.now()`) on the deadlines' scale, with that clock. */
  arrived(performanceMs: number): { receivedAt: number; clock: DeadlineClock | undefined };
  /** Wall-clock now, epoch ms (compared with the service's timestamps). */
  wallNow(): number;
}

const REAL: ClientClock = {
  deadlines: undefined,
  arrived: (ms) => ({ receivedAt: ms, clock: undefined }),
  wallNow: () => Date.now(),
};

/** The real clock, or one reading `option` (checked once here: a bad reading is a ConfigurationError). */
export function clientClock(option: FarewayClock | undefined): ClientClock {
  if (!option) return REAL;
  const read = (): number => {
    const value = option.now();
    const ms = value instanceof Date ? value.getTime() : value;
    if (typeof ms !== 'number' || !Number.isFinite(ms))
      throw new ConfigurationError(
        'The `clock` option: now() must return epoch milliseconds (a finite number) or a valid Date',
      );
    return ms;
  };
  read();
  const deadlines: DeadlineClock = { now: read, wallNow: read };
  // The arrival is known on the monotonic clock: as long ago on this one.
  const arrived = (ms: number) => ({ receivedAt: read() - (performance.now() - ms), clock: deadlines });
  return { deadlines, arrived, wallNow: read };
}
