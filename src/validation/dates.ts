import { isRealDate, localDate } from '../schemas/inputs.js';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_RE.exec(value);
  return !!m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** The `YYYY-MM-DD` part of an ISO date or date-time (`2026-12-01T06:05:00` → `2026-12-01`). */
export function datePart(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const day = value.slice(0, 10);
  return isIsoDate(day) && (value.length === 10 || value[10] === 'T' || value[10] === ' ') ? day : undefined;
}

/** Today in the process's local time zone, `YYYY-MM-DD`. */
export function todayLocal(): string {
  return localDate(new Date());
}

/**
 * Age in whole years on a date, both `YYYY-MM-DD` (calendar arithmetic, no time zones). The
 * birthday of someone born on 29 February counts as 1 March in common years. Returns `NaN` when
 * either date is not a real `YYYY-MM-DD` day; a negative number when `on` is before `dob`.
 */
export function ageOn(dob: string, on: string): number {
  if (!isIsoDate(dob) || !isIsoDate(on)) return Number.NaN;
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}

/** `date` shifted by whole months, clamped to the month's end (`2026-08-31` + 6 → `2027-02-28`). */
export function addMonthsIso(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(first.getUTCFullYear(), 4)}-${pad(first.getUTCMonth() + 1)}-${pad(Math.min(d, last))}`;
}
