/**
 * The fake service's passenger rules: `pax_rules` as create-booking returns them, and the
 * save-passengers validation run against them (spec §2 Passenger, §4.4, supplier table in §1).
 */
import type { BookingRecord } from '../state/state.js';
import { GST_FIELDS } from '../../schemas/plain/fields.js';
import { GENDERS, PAX_TYPES, TITLES } from '../../schemas/plain/vocabulary.js';

type Rule = { isVisible: boolean; isMandatoryIfVisible: boolean };
/** `pax_rules`: group → camelCase field → rule. */
export type PaxRules = Record<string, Record<string, Rule>>;

const rule = (on: boolean, mandatory = on): Rule => ({ isVisible: on, isMandatoryIfVisible: mandatory });

/** pax_rules for a booking: documents follow `passport_required`, GST is optional. */
export function paxRules(passportRequired: boolean): PaxRules {
  const docs = {
    passportNumber: rule(passportRequired),
    passportExpiry: rule(passportRequired),
    nationality: rule(passportRequired),
  };
  const pax = { dateOfBirth: rule(true), ...docs };
  return {
    leadPax: {
      email: rule(true),
      contactNumber: rule(true),
      dateOfBirth: rule(true),
      ...docs,
      gstNumber: rule(true, false),
    },
    adult: pax,
    child: pax,
    infant: pax,
  };
}

/** pax_rules field name → passenger field name. */
const FIELD: Record<string, string> = {
  email: 'email',
  contactNumber: 'contact_number',
  dateOfBirth: 'dob',
  passportNumber: 'passport_number',
  passportExpiry: 'passport_expiry',
  nationality: 'nationality',
  gstNumber: 'gst_number',
};

/** GST fields: the spec names gst_number; the gst_company_* names are Fareway's (see schemas/passenger). */
export { GST_FIELDS };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function realDate(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  const m = DATE.exec(v);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}
const present = (v: unknown): boolean =>
  v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');
const ENUMS: Record<string, readonly string[]> = {
  title: TITLES,
  gender: GENDERS,
  pax_type: PAX_TYPES,
};

/** The result of a valid save-passengers payload. */
interface ValidPassengers {
  passengers: Array<Record<string, unknown>>;
  /** Sum of SSR `amt` (supplier_b only; supplier_a ignores `ssr`). */
  ssrAmount: number;
}

function checkSsr(ssr: unknown, at: string, sectors: Set<string>, errors: string[]): number {
  if (typeof ssr !== 'object' || ssr === null || Array.isArray(ssr))
    return (errors.push(`${at}.ssr: must be an object with meal, baggage and seat arrays.`), 0);
  let sum = 0;
  for (const [kind, items] of Object.entries(ssr)) {
    if (!['meal', 'baggage', 'seat'].includes(kind)) {
      errors.push(`${at}.ssr.${kind}: unknown SSR type (meal, baggage or seat).`);
      continue;
    }
    if (!Array.isArray(items)) {
      errors.push(`${at}.ssr.${kind}: must be an array.`);
      continue;
    }
    items.forEach((it: Record<string, unknown>, j: number) => {
      const p = `${at}.ssr.${kind}[${j}]`;
      if (!present(it?.code) || typeof it.code !== 'string') errors.push(`${p}.code: is required.`);
      if (!sectors.has(`${String(it?.origin).toUpperCase()}-${String(it?.destination).toUpperCase()}`))
        errors.push(`${p}: origin/destination must name a segment of this booking.`);
      if (it?.amt !== undefined && (!Number.isInteger(it.amt) || (it.amt as number) < 0))
        errors.push(`${p}.amt: must be a non-negative integer (INR).`);
      else if (typeof it?.amt === 'number') sum += it.amt;
    });
  }
  return sum;
}

/**
 * Validates a save-passengers body for a booking. Returns the problems (each naming
 * `passengers[i].field`) or the passengers to store.
 */
export function validatePassengers(body: unknown, b: BookingRecord): { errors: string[] } | ValidPassengers {
  const list = (body as { passengers?: unknown } | null)?.passengers;
  if (!Array.isArray(list) || list.length === 0)
    return { errors: ['passengers: a non-empty array of passengers is required.'] };
  const errors: string[] = [];
  const rules = paxRules(b.passportRequired);
  const segments = b.items.flatMap((i) => i.legs.flatMap((l) => l.segments)) as Array<{
    origin: { airport_code: string; departure_time: string };
    destination: { airport_code: string };
  }>;
  const sectors = new Set(segments.map((s) => `${s.origin.airport_code}-${s.destination.airport_code}`));
  const lastTravel =
    segments
      .map((s) => s.origin.departure_time.slice(0, 10))
      .sort()
      .pop() ?? '';
  let ssrAmount = 0;
  const leads = list.filter((p) => (p as Record<string, unknown>)?.is_lead === true).length;
  if (leads !== 1) errors.push(`passengers: exactly one passenger must have is_lead true (found ${leads}).`);
  const counts = { adult: 0, child: 0, infant: 0 };
  const stored = list.map((raw, i) => {
    const at = `passengers[${i}]`;
    if (typeof raw !== 'object' || raw === null) return (errors.push(`${at}: must be an object.`), {});
    const p = { ...(raw as Record<string, unknown>) };
    for (const f of ['first_name', 'last_name'])
      if (!present(p[f]) || typeof p[f] !== 'string') errors.push(`${at}.${f}: is required.`);
    for (const [f, allowed] of Object.entries(ENUMS))
      if (!allowed.includes(p[f] as string)) errors.push(`${at}.${f}: must be one of ${allowed.join(', ')}.`);
    if (!realDate(p.dob)) errors.push(`${at}.dob: is required as a valid date YYYY-MM-DD.`);
    if (typeof p.is_lead !== 'boolean') errors.push(`${at}.is_lead: must be true or false.`);
    if (typeof p.pax_type === 'string' && p.pax_type in counts) counts[p.pax_type as keyof typeof counts]++;
    if (p.is_lead === true && p.pax_type !== 'adult')
      errors.push(`${at}.is_lead: the lead passenger must be an adult.`);
    const group = p.is_lead === true ? rules.leadPax : (rules[p.pax_type as string] ?? rules.adult);
    for (const [name, r] of Object.entries(group ?? {})) {
      const field = FIELD[name] ?? name;
      if (r.isVisible && r.isMandatoryIfVisible && !present(p[field])) {
        const why =
          name.startsWith('passport') || name === 'nationality'
            ? ` by ${b.source} (passport_required is true: ${b.source === 'supplier_a' ? 'every passenger on every sector' : 'international route'})`
            : ` (pax_rules.${p.is_lead === true ? 'leadPax' : p.pax_type}.${name})`;
        errors.push(`${at}.${field}: is required${why}.`);
      }
    }
    if (present(p.passport_expiry)) {
      if (!realDate(p.passport_expiry))
        errors.push(`${at}.passport_expiry: must be a valid date YYYY-MM-DD.`);
      else if (p.passport_expiry <= lastTravel)
        errors.push(`${at}.passport_expiry: the passport expires before the last travel date ${lastTravel}.`);
    }
    if (present(p.passport_issue_date) && !realDate(p.passport_issue_date))
      errors.push(`${at}.passport_issue_date: must be a valid date YYYY-MM-DD.`);
    if (present(p.nationality) && !/^[A-Za-z]{2}$/.test(String(p.nationality)))
      errors.push(`${at}.nationality: must be an ISO 2-letter country code.`);
    if (present(p.email) && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(String(p.email)))
      errors.push(`${at}.email: must be a valid email address.`);
    if (present(p.cell_country_code) && !/^\d{1,4}$/.test(String(p.cell_country_code)))
      errors.push(`${at}.cell_country_code: digits only, without a leading '+'.`);
    const gst = GST_FIELDS.filter((f) => present(p[f]));
    if (gst.length && p.is_lead !== true)
      errors.push(`${at}: GST details are accepted on the lead passenger only.`);
    else if (gst.length && gst.length < GST_FIELDS.length)
      errors.push(
        `${at}: partial GST details; when any GST field is given all are required (missing: ${GST_FIELDS.filter((f) => !present(p[f])).join(', ')}).`,
      );
    if (present(p.frequent_flyer_airline_code) !== present(p.frequent_flyer_number))
      errors.push(`${at}: frequent_flyer_airline_code and frequent_flyer_number must be given together.`);
    if (p.ssr !== undefined) {
      // supplier_a has no meal ancillary and offers seats/baggage only after reservation: it ignores ssr.
      if (b.source === 'supplier_a') delete p.ssr;
      else ssrAmount += checkSsr(p.ssr, at, sectors, errors);
    }
    return p;
  });
  for (const t of ['adult', 'child', 'infant'] as const)
    if (counts[t] !== b.paxCount[t])
      errors.push(`passengers: expected ${b.paxCount[t]} ${t} passenger(s) as searched, got ${counts[t]}.`);
  return errors.length ? { errors } : { passengers: stored, ssrAmount };
}
