/**
 * Every date the SDK reads or writes, in one place and on date-fns: the wire's formats
 * (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm:ss`), the zone-less `expires_at`, the list's `created_at` and
 * `modified_at`, calendar-date checks, today, ages and passport windows. A leaf module (it imports
 * only date-fns), so schemas, model, validation and resources can all use it without a cycle.
 *
 * Two kinds of value meet here. A `Date` the caller passes is an instant: it is written as its wall
 * time in the process's zone, which is what `new Date(2026, 11, 1, 9, 30)` means. A calendar date
 * (`dob`, `passport_expiry`, a travel date) is a day, not an instant: it is checked on its digits
 * and compared at local noon, so the process's zone never moves it to another day.
 */
import { addMonths, differenceInYears, isBefore, isValid, lightFormat, parseISO } from 'date-fns';

/** How a zone-less `expires_at` is read. The sandbox (and, as far as we know, the service) emits UTC. @inline */
export type ExpiresAtZone = 'utc' | 'local';

/** `YYYY-MM-DD` of a valid `Date`, in the process's time zone. */
export function formatWireDate(date: Date): string {
  return lightFormat(date, 'yyyy-MM-dd');
}

/** `YYYY-MM-DDTHH:mm:ss` of a valid `Date`, in the process's time zone (the wire carries no zone). */
export function formatWireDateTime(date: Date): string {
  return lightFormat(date, "yyyy-MM-dd'T'HH:mm:ss");
}

/** Today in the process's local time zone, `YYYY-MM-DD`. */
export function todayLocal(): string {
  return formatWireDate(new Date());
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * True for a real calendar day written `YYYY-MM-DD` (refuses `2026-02-30`, `2026-13-01`,
 * `2026-1-1`). The pattern keeps out the other ISO forms `parseISO` reads (`20261201`, week and
 * ordinal dates); `parseISO` checks month and day on the digits. No round trip through `format`:
 * that goes through the process's zone and would refuse a day the zone skipped (Pacific/Apia
 * has no 2011-12-30).
 */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && DAY_RE.test(value) && isValid(parseISO(value));
}

/** The `YYYY-MM-DD` part of an ISO date or date-time (`2026-12-01T06:05:00` → `2026-12-01`). */
export function datePart(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const day = value.slice(0, 10);
  return isCalendarDate(day) && (value.length === 10 || value[10] === 'T' || value[10] === ' ')
    ? day
    : undefined;
}

/**
 * A calendar day as a `Date` at local noon. Not midnight: where a DST change skips midnight
 * (America/Santiago, 2024-09-08) the day would start at 01:00, and comparing it with another
 * day's 00:00 would count a birthday one day late.
 */
function noonOf(day: string): Date {
  return parseISO(`${day}T12:00:00`);
}

/**
 * Age in whole years on a date, both `YYYY-MM-DD` (date-fns `differenceInYears`). The birthday of
 * someone born on 29 February counts as 1 March in common years. Returns `NaN` when either date
 * is not a real `YYYY-MM-DD` day; 0 or less when `on` is before `dob`.
 */
export function ageOn(dob: string, on: string): number {
  if (!isCalendarDate(dob) || !isCalendarDate(on)) return Number.NaN;
  return differenceInYears(noonOf(on), noonOf(dob));
}

/**
 * True when `expiry` is less than `months` calendar months after `date` (both `YYYY-MM-DD`);
 * month ends clamp (`2026-08-31` + 6 months = `2027-02-28`).
 */
export function expiresWithinMonths(expiry: string, date: string, months: number): boolean {
  return isBefore(noonOf(expiry), addMonths(noonOf(date), months));
}

/** A zone at the end of an ISO date-time: `Z`, or `±HH`, `±HHmm`, `±HH:mm` right after the time. */
const ZONE_RE = /(?:Z|T[^+-]*[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)$/;
/** A sign after the `T`: a zone was meant. */
const SIGN_IN_TIME_RE = /T.*[+-]/;

/**
 * Reads an `expires_at` (date-fns `parseISO`). The spec sends ISO 8601 without zone; such a string
 * is read in `zone` ('utc' or the process's local zone). A string that does carry a zone is
 * honoured as is. A space may stand for the `T`; blanks around are ignored; `z`/`t` may be lower
 * case. Undefined when unparseable.
 */
export function parseExpiresAt(value: string, zone: ExpiresAtZone = 'utc'): Date | undefined {
  const text = value.trim().replace(' ', 'T').toUpperCase();
  const zoned = ZONE_RE.test(text);
  // parseISO reads a malformed zone (`+5`, `+0530x`) as +00:00 and does not bound the hours
  // (`+25:00`); such a string is refused, as before.
  if (!zoned && SIGN_IN_TIME_RE.test(text)) return undefined;
  const date = parseISO(zoned || zone === 'local' ? text : `${text}Z`);
  return isValid(date) ? date : undefined;
}

/**
 * Epoch ms of a wire instant such as a list entry's `created_at` or `modified_at` (spec §2: ISO
 * 8601 UTC), read as `parseExpiresAt` reads in UTC: a zone-less one is UTC, a zoned one honoured,
 * any fraction of a second kept to the millisecond. NaN when absent or unreadable.
 */
export function parseWireInstant(value: string | null | undefined): number {
  return (typeof value === 'string' ? parseExpiresAt(value, 'utc')?.getTime() : undefined) ?? Number.NaN;
}
