import { ageOn, expiresWithinMonths } from '../dates.js';
import { GST_FIELDS } from '../schemas/passenger.js';
import { z } from '../schemas/zod.js';
import type { PassengerContext } from './context.js';
import type { Report } from './issues.js';
import { at, given, str, type PaxView } from './view.js';

/** Airline name rules: ASCII letters, spaces, apostrophes, hyphens, dots; starts with a letter. */
const NAME_RE = /^[A-Za-z][A-Za-z .'-]*$/;
/** first_name + last_name, as most airline systems cap the full name. */
const MAX_FULL_NAME = 60;
/** Indian GSTIN, case-insensitive. */
const GSTIN_RE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/i;
const PASSPORT_RE = /^[A-Za-z0-9]{5,20}$/;
const AIRLINE_CODE_RE = /^[A-Za-z0-9]{2}$/;
const email = z.email();

export function checkNames(p: PaxView, report: Report): void {
  for (const field of ['first_name', 'last_name'] as const) {
    const v = str(p, field);
    if (v !== undefined && !NAME_RE.test(v)) {
      report.add(
        at(p, field),
        'may contain only letters A-Z, spaces, apostrophes, hyphens and dots, starting with a letter (airline name rules)',
      );
    }
  }
  const first = str(p, 'first_name');
  const last = str(p, 'last_name');
  if (first !== undefined && last !== undefined && first.length + last.length > MAX_FULL_NAME) {
    report.add(
      at(p, 'last_name'),
      `first_name and last_name together must be at most ${MAX_FULL_NAME} characters (got ${first.length + last.length})`,
    );
  }
  const title = str(p, 'title');
  const gender = str(p, 'gender');
  if ((title === 'Mr' && gender === 'female') || ((title === 'Ms' || title === 'Mrs') && gender === 'male')) {
    // Warnings are logged (and callers log them too): they name the field, never its value.
    report.warn(`passengers[${p.index}]: the title does not match the gender; check the passenger`);
  }
}

export function checkContact(p: PaxView, report: Report): void {
  const phone = str(p, 'contact_number');
  if (phone !== undefined) {
    const digits = phone.replace(/[\s()-]/g, '');
    if (!/^\d{6,15}$/.test(digits)) {
      report.add(
        at(p, 'contact_number'),
        'must be 6-15 digits (spaces, hyphens and brackets allowed; the country code goes in cell_country_code)',
      );
    }
  }
}

/** The date an age is measured on: the first travel date, else the last, else today. */
function ageDate(ctx: PassengerContext, today: string): string {
  return ctx.firstTravelDate ?? ctx.lastTravelDate ?? today;
}

/**
 * `dob` not in the future, plausible, and in the band of `pax_type` (docs/passengers.md, Age
 * bands). With `bands` false (no travel date yet, the booking still to come) the band is not
 * judged: on today's date it could be wrong.
 */
export function checkAge(
  p: PaxView,
  ctx: PassengerContext,
  today: string,
  report: Report,
  bands = true,
): void {
  const dob = str(p, 'dob');
  if (dob === undefined) return;
  if (dob > today) {
    report.add(at(p, 'dob'), `must not be in the future (today is ${today})`);
    return;
  }
  const on = ageDate(ctx, today);
  const age = ageOn(dob, on);
  if (age > 120) {
    report.add(at(p, 'dob'), `is not a plausible date of birth (over 120 years old on ${on})`);
    return;
  }
  if (!bands) return;
  const type = str(p, 'pax_type');
  const when =
    on === today && !ctx.firstTravelDate && !ctx.lastTravelDate ? `today (${on})` : `the travel date ${on}`;
  if (type === 'infant') {
    if (age >= 2) {
      report.add(
        at(p, 'dob'),
        `an infant must be under 2 on ${when} (age ${age}); use pax_type child or adult`,
      );
      return;
    }
    const last = ctx.lastTravelDate;
    if (last && last !== on && ageOn(dob, last) >= 2) {
      report.add(
        at(p, 'dob'),
        `an infant must be under 2 on every travel date: turns 2 before the last travel date ${last}; book as child`,
      );
    }
  } else if (type === 'child') {
    if (age < 2)
      report.add(at(p, 'dob'), `a child must be 2-11 on ${when} (age ${age}); use pax_type infant`);
    else if (age >= 12)
      report.add(at(p, 'dob'), `a child must be 2-11 on ${when} (age ${age}); use pax_type adult`);
  } else if (type === 'adult' && age < 12) {
    report.add(
      at(p, 'dob'),
      `an adult must be 12 or over on ${when} (age ${age}); use pax_type ${age < 2 ? 'infant' : 'child'}`,
    );
  }
}

/** Why travel documents are mandatory for this booking, or undefined when they are not. */
export function passportRequirement(ctx: PassengerContext): string | undefined {
  if (ctx.supplier === 'supplier_a') return 'required for supplier_a';
  if (ctx.passport_required === true) return 'required (passport_required)';
  if (ctx.passport_required === undefined && ctx.is_domestic === false)
    return 'required for international travel';
  return undefined;
}

export const PASSPORT_FIELDS = ['passport_number', 'passport_expiry', 'nationality'] as const;

export function checkPassport(p: PaxView, ctx: PassengerContext, today: string, report: Report): void {
  const reason = passportRequirement(ctx);
  if (reason) {
    for (const field of PASSPORT_FIELDS) if (!given(p, field)) report.missing(at(p, field), reason);
  }
  const number = str(p, 'passport_number');
  if (number !== undefined && !PASSPORT_RE.test(number)) {
    report.add(at(p, 'passport_number'), 'must be 5-20 letters or digits (no spaces)');
  }
  const expiry = str(p, 'passport_expiry');
  const last = ctx.lastTravelDate ?? ctx.firstTravelDate;
  if (expiry !== undefined) {
    if (last && expiry <= last)
      report.add(at(p, 'passport_expiry'), `must be after the last travel date ${last}`);
    else if (!last && expiry <= today)
      report.add(at(p, 'passport_expiry'), `must be after today (${today}); the passport has expired`);
    else if (ctx.is_domestic === false && last && expiresWithinMonths(expiry, last, 6)) {
      report.warn(
        `passengers[${p.index}].passport_expiry is less than 6 months after the last travel date ${last}; many countries refuse entry`,
      );
    }
  }
  const issued = str(p, 'passport_issue_date');
  if (issued !== undefined) {
    if (issued > today)
      report.add(at(p, 'passport_issue_date'), `must not be in the future (today is ${today})`);
    if (expiry !== undefined && issued >= expiry)
      report.add(at(p, 'passport_issue_date'), 'must be before passport_expiry');
    const dob = str(p, 'dob');
    if (dob !== undefined && issued < dob) report.add(at(p, 'passport_issue_date'), 'must not be before dob');
  }
}

/** `gst_company_*` keys beyond GST_FIELDS, passed through untouched. */
export function extraGstKeys(p: PaxView): string[] {
  const known: readonly string[] = GST_FIELDS;
  return Object.keys(p.raw).filter(
    (k) => k.startsWith('gst_company_') && !known.includes(k) && p.raw[k] !== undefined,
  );
}

export function checkGst(p: PaxView, report: Report): void {
  const present = GST_FIELDS.filter((f) => given(p, f));
  if (present.length > 0 || extraGstKeys(p).length > 0) {
    for (const f of GST_FIELDS)
      if (!given(p, f)) report.missing(at(p, f), `GST data is all or none: missing ${f}`);
  }
  const gstin = str(p, 'gst_number');
  if (gstin !== undefined && !GSTIN_RE.test(gstin)) {
    report.add(at(p, 'gst_number'), 'must be a 15-character Indian GSTIN (e.g. 27AAPFU0939F1ZV)');
  }
  const mail = str(p, 'gst_company_email');
  if (mail !== undefined && !email.safeParse(mail).success)
    report.add(at(p, 'gst_company_email'), 'must be an email address');
  const phone = str(p, 'gst_company_contact_number');
  if (phone !== undefined && !/^\+?\d{6,15}$/.test(phone.replace(/[\s()-]/g, ''))) {
    report.add(at(p, 'gst_company_contact_number'), 'must be 6-15 digits');
  }
  for (const k of extraGstKeys(p)) {
    if (typeof p.raw[k] !== 'string') report.add(at(p, k), 'must be a string');
  }
}

export function checkFrequentFlyer(p: PaxView, report: Report): void {
  const code = given(p, 'frequent_flyer_airline_code');
  const number = given(p, 'frequent_flyer_number');
  if (code && !number)
    report.missing(
      at(p, 'frequent_flyer_number'),
      'frequent flyer data is both or none: missing frequent_flyer_number',
    );
  if (number && !code)
    report.missing(
      at(p, 'frequent_flyer_airline_code'),
      'frequent flyer data is both or none: missing frequent_flyer_airline_code',
    );
  const airline = str(p, 'frequent_flyer_airline_code');
  if (airline !== undefined && !AIRLINE_CODE_RE.test(airline)) {
    report.add(at(p, 'frequent_flyer_airline_code'), 'must be a 2-character airline code (e.g. 6E, AI)');
  }
}
