/**
 * The sandbox's virtual clock: real time plus an offset. Every expiry (offers, traces, fare locks,
 * rate-limit windows, the duplicate look-back) reads it, so tests can jump ahead with
 * `control.advanceTime(ms)` instead of waiting.
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
