import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sameAmount, toPaise } from '../../src/model/money.js';

// The one money comparison (book's fare guard, reprice's move, bookFlight's agreed fare).
describe('toPaise / sameAmount', () => {
  it('compares to the paisa, not as floats', () => {
    expect(0.1 + 0.2 === 0.3).toBe(false);
    expect(sameAmount(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameAmount(7174.65, 7174.649999)).toBe(true);
    expect(sameAmount(7174.65, 7174.6499999999)).toBe(true);
    expect(sameAmount(7174.65, 7174.64)).toBe(false);
    expect(sameAmount(7174.65, 7174.66)).toBe(false);
    expect(sameAmount(0, 0)).toBe(true);
    expect(sameAmount(0, -0)).toBe(true);
    expect(sameAmount(0, 0.01)).toBe(false);
    expect(sameAmount(0, 0.004)).toBe(true);
  });

  it('rounds a half-paisa as Math.round does (towards +∞), negative amounts included', () => {
    expect(toPaise(7174.65)).toBe(717465);
    expect(toPaise(0.005)).toBe(1);
    expect(toPaise(-12.34)).toBe(-1234);
    expect(toPaise(-0.005)).toBe(-0);
    expect(sameAmount(-12.34, -12.34)).toBe(true);
    expect(sameAmount(-12.34, 12.34)).toBe(false);
    expect(sameAmount(-0.004, 0)).toBe(true);
  });

  it('a non-finite amount is the same as nothing (not even itself); toPaise refuses it', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(sameAmount(bad, bad)).toBe(false);
      expect(sameAmount(bad, 100)).toBe(false);
      expect(sameAmount(100, bad)).toBe(false);
      expect(() => toPaise(bad)).toThrow(RangeError);
      expect(() => toPaise(bad)).toThrow(/not an amount/);
    }
  });

  it('is symmetric and agrees with integer paise for every two-decimal amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: -5, max: 5 }),
        (p, d) => {
          const a = p / 100;
          const b = (p + d) / 100;
          expect(toPaise(a)).toBe(p);
          expect(sameAmount(a, b)).toBe(d === 0);
          expect(sameAmount(b, a)).toBe(d === 0);
        },
      ),
    );
  });
});
