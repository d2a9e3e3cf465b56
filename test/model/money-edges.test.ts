/**
 * The edges of exact money addition (src/model/money.ts): how many decimals an amount has (its
 * shortest printed form, exponent notation included), where exact addition stops (6 decimals,
 * the safe-integer range) and what `sumPricing` leaves out. Each case fails when the rule it
 * names is changed (docs/mutation.md, money.ts).
 */
import { describe, expect, it } from 'vitest';
import { sumAmounts, sumPricing } from '../../src/model/money.js';
import type { Pricing } from '../../src/schemas/common.js';

const fare = (final_fare: number, more: Partial<Pricing> = {}): Pricing =>
  ({ currency: 'INR', base_fare: final_fare, final_fare, ...more }) as Pricing;

describe('exact addition: decimals as printed', () => {
  it('counts the decimals after the point: 5 decimals are added exactly (floats give 0.000030000000000000004)', () => {
    expect(0.00001 + 0.00002).not.toBe(0.00003);
    expect(sumAmounts(0.00001, 0.00002)).toBe(0.00003);
  });

  it('adds 6 decimals exactly (the last exact place): 0.100024 + 0.200072 is 0.300096', () => {
    expect(0.100024 + 0.200072).not.toBe(0.300096);
    expect(sumAmounts(0.100024, 0.200072)).toBe(0.300096);
  });

  it('reads exponent notation (1e-7 has 7 decimals): beyond 6, plain float addition, never rounded to 0', () => {
    expect(String(1e-7)).toBe('1e-7');
    expect(sumAmounts(1e-7, 2e-7)).toBe(1e-7 + 2e-7);
    expect(sumAmounts(1.5e-7, 0)).toBe(1.5e-7);
  });

  it('falls back to float addition when the scaled sum leaves the safe-integer range', () => {
    const big = 4000000000000000.5; // one decimal; ×10 is past 2^53
    expect(Number.isSafeInteger(big * 10)).toBe(false);
    expect(sumAmounts(big, 0.5)).toBe(big + 0.5);
  });
});

describe('sumPricing: what is combined and what is left out', () => {
  it('sums a field only when both legs carry a finite amount', () => {
    const sum = sumPricing(fare(100, { service_fee: 10 }), fare(200, { tax_and_surcharge: Infinity }));
    expect(sum.final_fare).toBe(300);
    expect(sum).not.toHaveProperty('service_fee');
    expect(sum).not.toHaveProperty('tax_and_surcharge');
    const infinite = sumPricing(fare(1, { service_fee: 10 }), fare(2, { service_fee: Infinity }));
    expect(infinite).not.toHaveProperty('service_fee');
  });

  it('reads amounts of 1e21 and above (printed with an exponent) as integers', () => {
    expect(String(2e21)).toBe('2e+21');
    expect(sumAmounts(2e21, 1e21)).toBe(3e21);
    expect(sumAmounts(2e21, 0.5)).toBe(2e21 + 0.5);
  });

  it('keeps markup_percent only when both legs carry the same one', () => {
    expect(sumPricing(fare(1, { markup_percent: 5 }), fare(2, { markup_percent: 5 })).markup_percent).toBe(5);
    expect(sumPricing(fare(1, { markup_percent: 5 }), fare(2, { markup_percent: 7 }))).not.toHaveProperty(
      'markup_percent',
    );
  });

  it('refuses two currencies, naming both', () => {
    expect(() => sumPricing(fare(1), { ...fare(2), currency: 'USD' } as Pricing)).toThrow(
      new RangeError('cannot add INR and USD amounts'),
    );
  });
});
