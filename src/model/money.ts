import type { Pricing, RawPricing } from '../schemas/common.js';

/**
 * Exact money arithmetic for wire amounts. The service sends amounts as JSON numbers with at most
 * a few decimals (INR: rupees and paise). Adding them as floats drifts (`0.1 + 0.2` is
 * `0.30000000000000004`), so amounts are added as integers in their smallest decimal unit (paise for
 * two decimals) and converted back once: `p / 100` is the double nearest to the decimal amount,
 * exactly what `JSON.parse` would give for the same amount written out.
 */

/**
 * Decimal places of `n` as JavaScript prints it (its shortest round-trip form). Exponent notation
 * is printed only below 1e-6 (7 decimals or more: past the exact range, so `Infinity` here) and
 * from 1e21 up (an integer: none).
 */
function decimalPlaces(n: number): number {
  const s = String(n);
  if (s.includes('e')) return s.includes('e-') ? Infinity : 0;
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** The most decimals summed exactly; beyond it (never on this wire) plain float addition is used. */
const MAX_EXACT_DECIMALS = 6;

/**
 * Sums amounts exactly in their smallest decimal unit: `sumAmounts(0.1, 0.2) === 0.3`.
 * Falls back to float addition only when an amount has more than 6 decimals or the scaled
 * integers would leave the safe-integer range.
 */
export function sumAmounts(...amounts: number[]): number {
  let decimals = 0;
  for (const a of amounts) decimals = Math.max(decimals, decimalPlaces(a));
  if (decimals > MAX_EXACT_DECIMALS) return amounts.reduce((s, a) => s + a, 0);
  const scale = 10 ** decimals;
  let units = 0;
  for (const a of amounts) units += Math.round(a * scale);
  if (!Number.isSafeInteger(units)) return amounts.reduce((s, a) => s + a, 0);
  return units / scale;
}

/**
 * An amount in integer paise (hundredths): rupees × 100, rounded as `Math.round` rounds (a half
 * towards +∞), so `7174.649999999` and `7174.65` are both `717465`.
 *
 * @throws RangeError when `amount` is not a finite number (NaN, ±Infinity): no count of paise is.
 */
export function toPaise(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${String(amount)}`);
  return Math.round(amount * 100);
}

/**
 * Whether two amounts are equal to the paisa — the one money comparison of the SDK (the fare
 * guard of `book`, the move a reprice reports, `bookFlight`'s agreed fare): `0.1 + 0.2` and `0.3`
 * are the same amount; `7174.65` and `7174.64` are not. An amount that is not a finite number
 * (NaN, ±Infinity — never on the wire, which zod reads as finite numbers) is the same as nothing,
 * not even itself: every caller then takes the cautious branch (the fare "moved", the guard
 * refuses) rather than throwing mid-flow.
 */
export function sameAmount(a: number, b: number): boolean {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return toPaise(a) === toPaise(b);
}

/** Amount fields of a pricing object that add up when two fares are combined. */
const SUMMED_FIELDS = [
  'base_fare',
  'service_fee',
  'published_fare',
  'final_fare',
  'tax_and_surcharge',
  'previous_total_amount',
] as const;

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/**
 * Combines the pricing of two independently priced legs (a domestic independent round trip):
 * every amount present in both is summed exactly, `raw.*` likewise; `currency` must agree;
 * `markup_percent` is kept when both legs carry the same one (it is one flat rate per partner).
 * Fields that cannot be combined (present on one side only, flags) are left out.
 *
 * @throws RangeError when the currencies differ (never the case on this wire: INR throughout).
 */
export function sumPricing(a: Pricing, b: Pricing): Pricing {
  if (a.currency !== b.currency) throw new RangeError(`cannot add ${a.currency} and ${b.currency} amounts`);
  const out: Record<string, unknown> = { currency: a.currency };
  for (const key of SUMMED_FIELDS) {
    const x = a[key];
    const y = b[key];
    if (isNum(x) && isNum(y)) out[key] = sumAmounts(x, y);
  }
  if (isNum(a.markup_percent) && a.markup_percent === b.markup_percent) out.markup_percent = a.markup_percent;
  if (a.raw && b.raw) {
    const raw: Record<string, number> = {};
    const rb = b.raw as Record<string, unknown>;
    for (const [key, x] of Object.entries(a.raw as Record<string, unknown>)) {
      const y = rb[key];
      if (isNum(x) && isNum(y)) raw[key] = sumAmounts(x, y);
    }
    out.raw = raw as RawPricing;
  }
  return out as unknown as Pricing;
}
