import { isObject } from '../schemas/guards.js';
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
 * The rules that need no booking: a list of 1-27 passenger objects, each closed (an unknown key
 * is refused with the nearest known name as a hint; the open `gst_company_*` family stays
 * accepted; prototype keys are refused) and each field of its own type and format. Returns the
 * wire form and a view of each passenger, or undefined when the list itself is unusable.
 */
/** A passenger list read once (shape and formats checked): the wire form and a view of each. */
export interface PassengerRead {
  parsed: Passenger[];
  views: PaxView[];
}

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

  return { parsed, views };
}

/**
 * Every problem with a passenger list that can be known before a booking exists (shape, closed
 * keys, field formats), and the list as read: a list without problems is read once per call and
 * the rest of the preflight (`validatePassengers`) goes on from that read. Never throws.
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
  }
  return { issues: report.issues, read: report.issues.length ? undefined : read };
}
