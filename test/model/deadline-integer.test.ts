import { describe, expect, it } from 'vitest';
import { Deadline, type DeadlineClock } from '../../src/model/deadline.js';

/** A monotonic clock the test moves by hand, with fractions as performance.now() has them. */
function manualClock(start: number): DeadlineClock & { t: number } {
  const c = { t: start, now: () => c.t };
  return c;
}

describe('Deadline.remainingMs(): whole milliseconds, never more than is left', () => {
  it('rounds down a fractional remainder (performance.now() has fractions)', () => {
    const clock = manualClock(1_000.25);
    const d = Deadline.fromResponse({ remaining_seconds: 371 }, { kind: 'offer', clock, receivedAt: 1_000 });
    // 370_999.75 ms are left: 370_999, never 371_000.
    expect(d.remainingMs()).toBe(370_999);
    expect(Number.isInteger(d.remainingMs())).toBe(true);
    clock.t += 0.6;
    expect(d.remainingMs()).toBe(370_999);
    clock.t += 0.2;
    expect(d.remainingMs()).toBe(370_998);
  });

  it('is an integer for every fraction, within 1 ms below the true remainder, and 0 once passed', () => {
    const clock = manualClock(0);
    const d = Deadline.in(5_000, { clock });
    for (const t of [0.1, 1.5, 999.999, 2_500.5, 4_999.01, 4_999.99, 5_000, 5_000.4, 9_000.7]) {
      clock.t = t;
      const left = d.remainingMs();
      const exact = Math.max(0, 5_000 - t);
      expect(Number.isInteger(left)).toBe(true);
      expect(left).toBeLessThanOrEqual(exact);
      expect(exact - left).toBeLessThan(1);
      expect(left).toBeGreaterThanOrEqual(0);
    }
  });

  it('toJSON reports the same whole number (rounded down, not to the nearest)', () => {
    const clock = manualClock(10);
    const d = Deadline.in(90_000, { clock });
    clock.t = 10.4; // 89_999.6 ms left: rounding to the nearest would overstate it as 90_000
    expect(d.toJSON().remainingMs).toBe(89_999);
    expect(d.toJSON().remainingMs).toBe(d.remainingMs());
  });
});
