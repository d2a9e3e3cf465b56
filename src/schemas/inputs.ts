import { isValid } from 'date-fns';
import { formatWireDate, formatWireDateTime, isCalendarDate } from '../dates.js';
import { z } from './zod.js';

/** A 3-letter IATA code in any case, sent upper-case. */
export const iataCode = z.pipe(
  z
    .string({ error: 'must be a 3-letter IATA code' })
    .check(z.trim(), z.regex(/^[A-Za-z]{3}$/, 'must be a 3-letter IATA code')),
  z.transform((s: string) => s.toUpperCase()),
);

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T(\d{2}):(\d{2}):(\d{2})$/;

/** Spec §4.1: `trace_id` is a UUID (any version, any case). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A search's `trace_id`: a UUID (spec §4.1). Shared by fare-rules and create-booking inputs. */
export const TraceIdSchema = z
  .string({ error: 'must be the trace_id (a UUID) of a search' })
  .check(z.regex(UUID_RE, 'must be the trace_id (a UUID) of a search'));

const NOT_CALENDAR = 'is not a calendar date';

/**
 * The problem with a `YYYY-MM-DD…` string's date part, or undefined when it is a real day. The
 * value is not echoed: it may be a passenger's date of birth, and errors end up in logs.
 */
function calendarProblem(value: string): string | undefined {
  return isCalendarDate(value.slice(0, 10)) ? undefined : NOT_CALENDAR;
}

/** Fails a transform with `message` (a zod/mini transform gets the parse payload, which has no `addIssue`). */
function fail(ctx: z.core.ParsePayload, message: string): typeof z.NEVER {
  ctx.issues.push({ code: 'custom', message, input: ctx.value });
  return z.NEVER;
}

/**
 * A local date-time: a `Date` (formatted in the process's time zone), `YYYY-MM-DD` (midnight) or
 * `YYYY-MM-DDTHH:mm:ss`. Output: `YYYY-MM-DDTHH:mm:ss`, as the wire wants it.
 */
export const dateTimeInput = z.pipe(
  z.union([z.date(), z.string()], { error: 'must be a Date, YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss' }),
  z.transform((v: Date | string, ctx) => {
    if (v instanceof Date) return isValid(v) ? formatWireDateTime(v) : fail(ctx, 'must be a valid Date');
    const d = DATE_RE.test(v);
    const dt = DATE_TIME_RE.exec(v);
    if (!d && !dt) return fail(ctx, 'must be a Date, YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss');
    const problem = calendarProblem(v);
    // A wall time on the wire, not in the process's zone: checked on its digits, so a local DST gap
    // never refuses an airport's 02:30.
    if (problem || (dt && (Number(dt[1]) > 23 || Number(dt[2]) > 59 || Number(dt[3]) > 59)))
      return fail(ctx, problem ?? 'is not a real time of day (HH 00-23, mm and ss 00-59)');
    return d ? `${v}T00:00:00` : v;
  }),
);

/** A calendar date: a `Date` (its local day) or `YYYY-MM-DD`. Output: `YYYY-MM-DD`. */
export const dateInput = z.pipe(
  z.union([z.date(), z.string()], { error: 'must be a Date or YYYY-MM-DD' }),
  z.transform((v: Date | string, ctx) => {
    if (v instanceof Date) return isValid(v) ? formatWireDate(v) : fail(ctx, 'must be a valid Date');
    if (!DATE_RE.test(v)) return fail(ctx, 'must be a Date or YYYY-MM-DD');
    const problem = calendarProblem(v);
    return problem ? fail(ctx, problem) : v;
  }),
);
