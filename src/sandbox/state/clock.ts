/**
 * The sandbox's virtual clock: real time plus an offset. Every expiry (offers, traces, fare locks,
 * rate-limit windows, the duplicate look-back) reads it, so tests can jump ahead with
 * `control.advanceTime(ms)` instead of waiting. The same kind of clock is what `createClock` gives
 * a test for the client's `clock` option.
 */
export class Clock {
  private offset: number;

  /** @param start virtual time at creation, in epoch milliseconds. */
  constructor(start: number = Date.now()) {
    this.offset = start - Date.now();
  }

  /** Virtual now in epoch milliseconds. */
  now(): number {
    return Date.now() + this.offset;
  }

  /** Moves virtual time forward (or back, with a negative value). */
  advance(ms: number): void {
    this.offset += ms;
  }
}

/** A clock a test moves: real time plus an offset, like the sandbox's own (docs/testing.md). */
export interface MovableClock {
  /** Now, in epoch milliseconds (it keeps running at the real rate). */
  now(): number;
  /** Moves it forward by `ms` (back, with a negative value). */
  advance(ms: number): void;
}

/**
 * A clock for the client's `clock` option that a test moves, starting at `start` (epoch ms or a
 * Date; default now): `new Fareway({ clock })`, then `clock.advance(16 * 60_000)` expires a search
 * on the client's side with nothing sent. With a sandbox in another process, start it at the
 * sandbox's `now` and move both by the same amount. In the same process, `sandbox.clock` is
 * simpler: it is the sandbox's own, moved by `control.advanceTime`.
 */
export function createClock(start: number | Date = Date.now()): MovableClock {
  const clock = new Clock(start instanceof Date ? start.getTime() : start);
  return { now: () => clock.now(), advance: (ms) => clock.advance(ms) };
}

/** `YYYY-MM-DDTHH:mm:ss` in UTC: the zone-less timestamp format of `expires_at`. */
export function isoNoZone(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** ISO 8601 UTC with milliseconds and `Z`, as used by `created_at` / `modified_at`. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString();
}

/** Whole seconds left until `at`, never negative. */
export function remainingSeconds(at: number, now: number): number {
  return Math.max(0, Math.floor((at - now) / 1000));
}
