import { isCalendarDate, todayLocal } from '../dates.js';
import type { ValidationIssue } from '../errors.js';
import { GST_FIELDS, type Passenger, type PaxType } from '../schemas/passenger.js';
import type { PassengerContext } from './context.js';
import {
  checkAge,
  checkContact,
  checkFrequentFlyer,
  checkGst,
  checkNames,
  checkPassport,
  extraGstKeys,
} from './field-rules.js';
import { Report } from './issues.js';
import { mandatoryFields } from './pax-rules.js';
import { safeString, snapshot } from './sanitize.js';
import { checkSsr, type SeatMap } from './ssr.js';
import { checkList, unreadable } from './list-rules.js';
import { readPassengerList, readPassengers, type PassengerRead } from './passenger-shape.js';
import { at, given, str } from './view.js';

export { passengerContextFromBooking, type PassengerContext } from './context.js';

/** What `validatePassengers` returns: the wire form when valid, every issue otherwise. */
export interface PassengerValidationResult {
  /** The wire form (PassengerSchema output). Empty unless `issues` is empty. */
  passengers: Passenger[];
  /** Every problem at once; `${path}: ${message}` reads as one line. */
  issues: ValidationIssue[];
  /** Things that will not fail the request but that the caller should know (e.g. supplier_a ignores ssr). */
  warnings: string[];
}

export { MAX_PER_TYPE } from './passenger-shape.js';
/** Fields only the lead may carry (spec §2 Passenger). */
const LEAD_ONLY_FIELDS: readonly string[] = ['email', 'contact_number', ...GST_FIELDS];

import { isRecord } from './passenger-shape.js';

/** Keeps only well-formed context fields, so a hand-built or junk context cannot break a rule. */
function cleanContext(ctx: unknown): PassengerContext {
  const c = isRecord(ctx) ? ctx : {};
  const out: PassengerContext = {};
  if (c['supplier'] === 'supplier_a' || c['supplier'] === 'supplier_b') out.supplier = c['supplier'];
  if (typeof c['passport_required'] === 'boolean') out.passport_required = c['passport_required'];
  if (typeof c['is_domestic'] === 'boolean') out.is_domestic = c['is_domestic'];
  const pc = c['pax_count'];
  const count = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
  if (isRecord(pc) && count(pc['adult']) && count(pc['child']) && count(pc['infant'])) {
    out.pax_count = {
      adult: pc['adult'] as number,
      child: pc['child'] as number,
      infant: pc['infant'] as number,
    };
  }
  if (isRecord(c['pax_rules'])) out.pax_rules = c['pax_rules'] as PassengerContext['pax_rules'];
  if (isCalendarDate(c['firstTravelDate'])) out.firstTravelDate = c['firstTravelDate'];
  if (isCalendarDate(c['lastTravelDate'])) out.lastTravelDate = c['lastTravelDate'];
  if (isCalendarDate(c['today'])) out.today = c['today'];
  if (Array.isArray(c['sectors'])) {
    out.sectors = c['sectors']
      .filter(isRecord)
      .filter((s) => typeof s['origin'] === 'string' && typeof s['destination'] === 'string')
      .map((s) => ({
        origin: (s['origin'] as string).toUpperCase(),
        destination: (s['destination'] as string).toUpperCase(),
      }));
  }
  return out;
}

/**
 * Checks a passenger list against the spec, the supplier's rules and the booking's pax_rules
 * before anything is sent. Never throws: every problem comes back in `issues` (see
 * docs/passengers.md for the rules). The caller throws `RequestValidationError(issues)` when
 * `issues` is not empty.
 */
export function validatePassengers(input: unknown, context: PassengerContext): PassengerValidationResult {
  return validateRead(input, context, undefined);
}

/** How much of the booking a validation knows. */
export interface ValidationStage {
  /**
   * The booking is still to come (bookFlight before create, savePassengers before retrieving):
   * age bands are not judged on today's date when the context has no travel date (they are
   * judged once the booking's dates are known). Every other rule runs with what the context knows.
   */
  bookingPending?: boolean;
}

/**
 * `validatePassengers` going on from a list already read by the call's guard (resources/check-call.ts
 * `checkCall`), so that a call reads (and zod-parses) its passengers once. The read's own issues
 * (closed keys, formats) are reported together with every rule's.
 */
export function validateRead(
  input: unknown,
  context: PassengerContext,
  read: PassengerRead | undefined,
  stage: ValidationStage = {},
): PassengerValidationResult {
  const report = new Report();
  try {
    const out = run(input, context, report, read, stage);
    return {
      passengers: report.issues.length ? [] : out,
      issues: byPassenger(report.issues),
      warnings: report.warnings,
    };
  } catch (err) {
    // Defensive: a bug here must still not throw at the caller.
    report.add('passengers', `could not be validated (${safeString(err)})`);
    return { passengers: [], issues: report.issues, warnings: report.warnings };
  }
}

/**
 * bookFlight's guard, before the booking is created: the list read once and every rule that can
 * run on what the selection tells (supplier, travel dates, segments, passenger counts), in one
 * list of issues. Only `pax_rules` and `passport_required` wait for create-booking's answer.
 * Returns the read for the save-passengers step when there is no issue. Never throws.
 */
export function checkBeforeBooking(
  input: unknown,
  context: PassengerContext,
): { issues: ValidationIssue[]; read: PassengerRead | undefined } {
  const list = readPassengerList(input);
  if (!list.read) return list;
  const { issues } = validateRead(input, context, list.read, { bookingPending: true });
  return issues.length ? { issues, read: undefined } : list;
}

/** List-level issues first, then each passenger's in list order (stable within a passenger). */
function byPassenger(issues: ValidationIssue[]): ValidationIssue[] {
  const rank = (i: ValidationIssue) => {
    const m = /^passengers\[(\d+)\]/.exec(i.path);
    return m ? Number(m[1]) : -1;
  };
  return issues
    .map((issue, n) => ({ issue, n, r: rank(issue) }))
    .sort((a, b) => a.r - b.r || a.n - b.n)
    .map((x) => x.issue);
}

function run(
  input: unknown,
  context: PassengerContext,
  report: Report,
  preRead: PassengerRead | undefined,
  stage: ValidationStage,
): Passenger[] {
  const ctx = cleanContext(snapshot(context, ['context'], []));
  const today = ctx.today ?? todayLocal();
  const read = preRead ?? readPassengers(input, report);
  if (!read) return [];
  const { parsed, views } = read;
  for (const issue of read.issues) report.add(issue.path, issue.message);
  // Age bands on today's date only when no booking is to come (validatePassengers' documented fallback).
  const bands =
    !stage.bookingPending || ctx.firstTravelDate !== undefined || ctx.lastTravelDate !== undefined;

  const leads = views.filter((p) => p.ok['is_lead'] === true);
  const mandatory = mandatoryFields(ctx.pax_rules);
  for (const g of mandatory.unknownGroups)
    report.warn(`pax_rules group '${g}' is not understood; its rules were not checked`);
  const seats: SeatMap = new Map();

  for (const p of views) {
    const isLead = p.ok['is_lead'] === true;
    checkNames(p, report);
    checkContact(p, report);
    checkAge(p, ctx, today, report, bands);
    checkPassport(p, ctx, today, report);
    checkGst(p, report);
    checkFrequentFlyer(p, report);
    checkSsr(p, ctx, seats, report);

    // Lead-only fields: only judged once a lead exists (with none, that is the one issue), and
    // not on a passenger whose own is_lead is unreadable (it may be the lead).
    if (!isLead && leads.length > 0 && !unreadable(p, 'is_lead')) {
      for (const f of [...LEAD_ONLY_FIELDS, ...extraGstKeys(p)]) {
        if (given(p, f)) report.add(at(p, f), 'only the lead passenger may carry this field (lead only)');
      }
    }

    // pax_rules: leadPax applies to the lead; adult/child/infant to passengers of that type. A
    // lead-only field named by a type group is required of the lead only.
    const type = str(p, 'pax_type') as PaxType | undefined;
    const isFirstLead = p === leads[0];
    const rules = [...(isFirstLead ? mandatory.lead : []), ...(type ? mandatory[type] : [])];
    for (const { field, rule } of rules) {
      const leadOnly = LEAD_ONLY_FIELDS.includes(field) || field.startsWith('gst_company_');
      if (leadOnly && !isFirstLead) continue;
      if (!given(p, field)) report.missing(at(p, field), `required by ${rule}`);
    }
  }

  checkList(views, read.count, leads, ctx, report);

  if (report.issues.length === 0) {
    try {
      JSON.stringify(parsed);
    } catch (err) {
      report.add('passengers', `cannot be sent as JSON (${safeString(err)})`);
    }
  }
  return parsed;
}
