import * as z from 'zod';
import { format, isValid } from 'date-fns';

/** A 3-letter IATA code in any case, sent upper-case. */
export const iataCode = z
  .string({ error: 'must be a 3-letter IATA code' })
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter IATA code')
  .transform((s) => s.toUpperCase());

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/** True when y-m-d names a real calendar day (rejects 2026-02-30). */
export function isRealDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/**
 * A local date-time: a `Date` (formatted in the process's time zone), `YYYY-MM-DD` (midnight) or
 * `YYYY-MM-DDTHH:mm:ss`. Output: `YYYY-MM-DDTHH:mm:ss`, as the wire wants it.
 */
export const dateTimeInput = z
  .union([z.date(), z.string()], { error: 'must be a Date, YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss' })
  .transform((v, ctx) => {
    if (v instanceof Date) {
      if (!isValid(v)) {
        ctx.addIssue({ code: 'custom', message: 'must be a valid Date' });
        return z.NEVER;
      }
      return format(v, "yyyy-MM-dd'T'HH:mm:ss");
    }
    const d = DATE_RE.exec(v);
    const dt = DATE_TIME_RE.exec(v);
    const m = d ?? dt;
    if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3])) || (dt && (Number(dt[4]) > 23 || Number(dt[5]) > 59 || Number(dt[6]) > 59))) {
      ctx.addIssue({ code: 'custom', message: 'must be a Date, YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss' });
      return z.NEVER;
    }
    return d ? `${v}T00:00:00` : v;
  });

/** A calendar date: a `Date` (its local day) or `YYYY-MM-DD`. Output: `YYYY-MM-DD`. */
export const dateInput = z
  .union([z.date(), z.string()], { error: 'must be a Date or YYYY-MM-DD' })
  .transform((v, ctx) => {
    if (v instanceof Date) {
      if (!isValid(v)) {
        ctx.addIssue({ code: 'custom', message: 'must be a valid Date' });
        return z.NEVER;
      }
      return format(v, 'yyyy-MM-dd');
    }
    const m = DATE_RE.exec(v);
    if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
      ctx.addIssue({ code: 'custom', message: 'must be a real date as YYYY-MM-DD' });
      return z.NEVER;
    }
    return v;
  });
