import { PAX_TYPES, type PaxType } from '../schemas/passenger.js';
import type { PassengerContext } from './context.js';
import { passportRequirement, PASSPORT_FIELDS } from './field-rules.js';
import type { Report } from './issues.js';
import { MAX_PER_TYPE } from './passenger-shape.js';
import { at, given, str, type PaxView } from './view.js';

/** The caller gave the field, but its value failed its own rule (so rules that read it are skipped). */
export function unreadable(p: PaxView, field: string): boolean {
  return given(p, field) && p.ok[field] === undefined;
}

/**
 * Rules over the whole list: one adult lead, counts, infants per adult, duplicates. A rule that
 * reads a field some passenger gave in a form that failed its own rule (an `is_lead` that is not
 * a boolean, a `pax_type` out of the enum) is skipped: its answer would be a guess, and that
 * field already has its issue. So is a rule that needs every entry, when one is not an object.
 */
export function checkList(
  views: PaxView[],
  count: number,
  leads: PaxView[],
  ctx: PassengerContext,
  report: Report,
): void {
  // An entry that is not an object has no view: the lead and the counts would be guesses.
  const whole = views.length === count;
  const leadKnown = whole && views.every((p) => !unreadable(p, 'is_lead'));
  if (leads.length === 0) {
    if (leadKnown) report.add('passengers', 'exactly one passenger must have is_lead: true; found 0');
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
  const typed = whole && views.length > 0 && views.every((p) => str(p, 'pax_type') !== undefined);
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
  if (typed && counts.infant > counts.adult) {
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
