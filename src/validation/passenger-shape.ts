import { isObject } from '../schemas/plain/guards.js';
import type { ValidationIssue } from '../errors.js';
import {
  isAllowedPassengerKey,
  PASSENGER_FIELDS,
  PAX_TYPES,
  PassengerSchema,
  type Passenger,
} from '../schemas/passenger.js';
import { fromZodIssue, Report } from './issues.js';
import { safeString, snapshot } from './sanitize.js';
import { unknownKeyMessage } from './suggest.js';
import { makeView, type PaxView } from './view.js';

/** The service's per-type maximum (spec §8). */
export const MAX_PER_TYPE = 9;

export function isRecord(v: unknown): v is Record<string, unknown> {
  return isObject(v) && !(v instanceof Date);
}

/**
 * A passenger list read once: the wire form, a view of each passenger, and the problems the read
 * found (closed keys, field types and formats). Those problems travel with the read, so that the
 * preflight reports them together with the rules that need the booking (docs/passengers.md).
 */
export interface PassengerRead {
  parsed: Passenger[];
  /** One per entry that is an object (an entry that is not has its issue and no view). */
  views: PaxView[];
  /** Entries in the list, objects or not. */
  count: number;
  issues: ValidationIssue[];
}

/**
 * The rules that need no booking: a list of 1-27 passenger objects, each closed (an unknown key
 * is refused with the nearest known name as a hint; the open `gst_company_*` family stays
 * accepted; prototype keys are refused) and each field of its own type and format, into `report`.
 * Returns the wire form and a view of each passenger, or undefined when the list itself is
 * unusable (not an array, empty, too long): then no other rule can run.
 */
export function readPassengers(input: unknown, report: Report): PassengerRead | undefined {
  const data = snapshot(input, ['passengers'], report.issues);
  if (!Array.isArray(data)) {
    if (data !== undefined || report.issues.length === 0)
      report.add('passengers', 'must be an array of passengers');
    return undefined;
  }
  if (data.length === 0) {
    report.add('passengers', 'at least one passenger is required');
    return undefined;
  }
  const maxTotal = MAX_PER_TYPE * PAX_TYPES.length;
  if (data.length > maxTotal) {
    report.add(
      'passengers',
      `at most ${maxTotal} passengers (${MAX_PER_TYPE} per type, spec §8); got ${data.length}`,
    );
    return undefined;
  }

  const parsed: Passenger[] = [];
  const views: PaxView[] = [];
  data.forEach((raw, i) => {
    if (!isRecord(raw)) {
      report.add(['passengers', i], 'must be a passenger object');
      return;
    }
    for (const key of Object.keys(raw))
      if (!isAllowedPassengerKey(key))
        report.add(['passengers', i, key], unknownKeyMessage(key, PASSENGER_FIELDS));
    const r = PassengerSchema.safeParse(raw);
    if (r.success) parsed.push(r.data as Passenger);
    else
      for (const issue of r.error.issues)
        for (const vi of fromZodIssue(issue, ['passengers', i], raw)) report.add(vi.path, vi.message);
    views.push(makeView(i, raw));
  });

  return { parsed, views, count: data.length, issues: [] };
}

/**
 * The list as a call's guard reads it (once per call). `issues` holds only what stops the list
 * from being read at all (not an array, empty, over 27 passengers, unreadable): the guard throws
 * those at once. Every other problem found by the read is carried in `read.issues` and reported
 * by the preflight together with the booking's rules, in one error. Never throws.
 */
export function readPassengerList(input: unknown): {
  issues: ValidationIssue[];
  read: PassengerRead | undefined;
} {
  const report = new Report();
  let read: PassengerRead | undefined;
  try {
    read = readPassengers(input, report);
  } catch (err) {
    report.add('passengers', `could not be validated (${safeString(err)})`);
    read = undefined;
  }
  return read ? { issues: [], read: { ...read, issues: report.issues } } : { issues: report.issues, read };
}
