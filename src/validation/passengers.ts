import { isCalendarDate, todayLocal } from '../dates.js';
import type { ValidationIssue } from '../errors.js';
import { GST_FIELDS, PAX_TYPES, type Passenger, type PaxType } from '../schemas/passenger.js';
import type { PassengerContext } from './context.js';
import {
  checkAge,
  checkContact,
  checkFrequentFlyer,
  checkGst,
  checkNames,
  checkPassport,
  extraGstKeys,
  passportRequirement,
  PASSPORT_FIELDS,
} from './field-rules.js';
import { Report } from './issues.js';
import { mandatoryFields } from './pax-rules.js';
import { safeString, snapshot } from './sanitize.js';
import { checkSsr, type SeatMap } from './ssr.js';
import { readPassengers, type PassengerRead } from './passenger-shape.js';
import { at, given, str, type PaxView } from './view.js';

export { passengerContextFromBooking, type PassengerContext } from './context.js';

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

import { isRecord, MAX_PER_TYPE } from './passenger-shape.js';

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

/**
 * `validatePassengers` going on from a list already read by the call's guard (core/call-options.ts
 * `checkCall`), so that a call reads (and zod-parses) its passengers once.
 */
export function validateRead(
  input: unknown,
  context: PassengerContext,
  read: PassengerRead | undefined,
): PassengerValidationResult {
  const report = new Report();
  try {
    const out = run(input, context, report, read);
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
): Passenger[] {
  const ctx = cleanContext(snapshot(context, ['context'], []));
  const today = ctx.today ?? todayLocal();
  const read = preRead ?? readPassengers(input, report);
  if (!read) return [];
  const { parsed, views } = read;

  const leads = views.filter((p) => p.ok['is_lead'] === true);
  const mandatory = mandatoryFields(ctx.pax_rules);
  for (const g of mandatory.unknownGroups)
    report.warn(`pax_rules group '${g}' is not understood; its rules were not checked`);
  const seats: SeatMap = new Map();

  for (const p of views) {
    const isLead = p.ok['is_lead'] === true;
    checkNames(p, report);
    checkContact(p, report);
    checkAge(p, ctx, today, report);
    checkPassport(p, ctx, today, report);
    checkGst(p, report);
    checkFrequentFlyer(p, report);
    checkSsr(p, ctx, seats, report);

    // Lead-only fields: only judged once a lead exists (with none, that is the one issue).
    if (!isLead && leads.length > 0) {
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

  checkList(views, leads, ctx, report);

  if (report.issues.length === 0) {
    try {
      JSON.stringify(parsed);
    } catch (err) {
      report.add('passengers', `cannot be sent as JSON (${safeString(err)})`);
    }
  }
  return parsed;
}

/** Rules over the whole list: one adult lead, counts, infants per adult, duplicates. */
function checkList(views: PaxView[], leads: PaxView[], ctx: PassengerContext, report: Report): void {
  if (leads.length === 0) {
    report.add('passengers', 'exactly one passenger must have is_lead: true; found 0');
  } else {
    const first = leads[0] as PaxView;
    for (const extra of leads.slice(1)) {
      report.add(
        at(extra, 'is_lead'),
        `exactly one passenger must have is_lead: true; passengers[${first.index}] is already the lead`,
      );
    }
    for (const lead of leads) {
      const type = str(lead, 'pax_type');
      if (type && type !== 'adult')
        report.add(at(lead, 'is_lead'), `the lead passenger must be an adult (pax_type is ${type})`);
    }
  }

  const counts: Record<PaxType, number> = { adult: 0, child: 0, infant: 0 };
  for (const p of views) {
    const t = str(p, 'pax_type') as PaxType | undefined;
    if (t) counts[t] += 1;
  }
  const typed = views.every((p) => str(p, 'pax_type') !== undefined) && views.length > 0;
  if (ctx.pax_count && typed) {
    for (const t of PAX_TYPES) {
      if (counts[t] !== ctx.pax_count[t])
        report.add(
          'passengers',
          `expected ${ctx.pax_count[t]} ${t}(s), got ${counts[t]} (pax_count of the booking)`,
        );
    }
  } else if (!ctx.pax_count) {
    for (const t of PAX_TYPES) {
      if (counts[t] > MAX_PER_TYPE)
        report.add('passengers', `at most ${MAX_PER_TYPE} ${t}(s) per booking (spec §8); got ${counts[t]}`);
    }
  }
  if (counts.infant > counts.adult) {
    report.add(
      'passengers',
      `at most one infant per adult: got ${counts.infant} infant(s) and ${counts.adult} adult(s)`,
    );
  }

  const byKey = new Map<string, number>();
  for (const p of views) {
    const first = str(p, 'first_name');
    const last = str(p, 'last_name');
    const dob = str(p, 'dob');
    if (!first || !last || !dob) continue;
    const key = `${first.toLowerCase()}|${last.toLowerCase()}|${dob}`;
    const seen = byKey.get(key);
    if (seen !== undefined)
      report.add(at(p, 'first_name'), `duplicate of passengers[${seen}] (same name and dob)`);
    else byKey.set(key, p.index);
  }

  // Supplier unknown and no documents: supplier_a would refuse the list.
  if (
    !ctx.supplier &&
    !passportRequirement(ctx) &&
    views.some((p) => PASSPORT_FIELDS.some((f) => !given(p, f)))
  ) {
    report.warn(
      'supplier unknown: supplier_a requires passport_number, passport_expiry and nationality on every passenger, domestic included; pass the supplier to check this before sending',
    );
  }
}
