import { PassengerSchema, type PaxType } from '../schemas/passenger.js';
import { isObject } from '../schemas/plain/guards.js';

/** Rule names (as pax_rules spells them) that do not follow plain camelCase → snake_case. */
const FIELD_ALIASES: Record<string, string> = {
  dateofbirth: 'dob',
  dob: 'dob',
  birthdate: 'dob',
  contactnumber: 'contact_number',
  mobilenumber: 'contact_number',
  phonenumber: 'contact_number',
  passportno: 'passport_number',
  passportexpiry: 'passport_expiry',
  passportexpirydate: 'passport_expiry',
  passportissuedate: 'passport_issue_date',
  passportissuingdate: 'passport_issue_date',
  addressline1: 'address_line_one',
  addressline2: 'address_line_two',
  address: 'address_line_one',
  gstin: 'gst_number',
};

const KNOWN_FIELDS = new Set(Object.keys(PassengerSchema.shape));

/** `passportNumber` → `passport_number`; already snake_case names are kept. */
function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
}

/** The passenger field a pax_rules field name stands for, or undefined when it names none. */
function ruleField(name: string): string | undefined {
  const alias = FIELD_ALIASES[name.replace(/[^A-Za-z0-9]/g, '').toLowerCase()];
  if (alias) return alias;
  const s = snake(name);
  if (KNOWN_FIELDS.has(s) || /^gst_company_[a-z0-9_]+$/.test(s)) return s;
  return undefined;
}

type RuleGroup = 'lead' | PaxType;

/**
 * `leadPax`, `lead` → lead; `adult`, `adultPax`, `ADULTS`, `adult_pax` → adult; same for child
 * (also `children`) and infant. Anything else → undefined (not understood).
 */
function ruleGroup(name: string): RuleGroup | undefined {
  const n = name
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase()
    .replace(/(pax|passengers?)$/, '');
  if (n === 'lead') return 'lead';
  if (n === 'adult' || n === 'adults') return 'adult';
  if (n === 'child' || n === 'children' || n === 'childs') return 'child';
  if (n === 'infant' || n === 'infants') return 'infant';
  return undefined;
}

/** One mandatory field: the passenger field and the rule that asks for it (`pax_rules.leadPax.email`). */
interface MandatoryField {
  field: string;
  rule: string;
}

interface MandatoryByGroup {
  lead: MandatoryField[];
  adult: MandatoryField[];
  child: MandatoryField[];
  infant: MandatoryField[];
  /** Group names that were not understood (reported as warnings). */
  unknownGroups: string[];
}

/**
 * Reads pax_rules: a field is mandatory when `isVisible` and `isMandatoryIfVisible` are both
 * `true`. Malformed groups or rules are skipped; unknown field names are ignored.
 */
export function mandatoryFields(paxRules: unknown): MandatoryByGroup {
  const out: MandatoryByGroup = { lead: [], adult: [], child: [], infant: [], unknownGroups: [] };
  if (!isObject(paxRules)) return out;
  for (const [groupName, rules] of Object.entries(paxRules)) {
    if (!isObject(rules)) continue;
    const group = ruleGroup(groupName);
    const mandatory = Object.entries(rules).filter(
      ([, r]) => isObject(r) && r['isVisible'] === true && r['isMandatoryIfVisible'] === true,
    );
    if (!group) {
      if (mandatory.length) out.unknownGroups.push(groupName);
      continue;
    }
    for (const [name] of mandatory) {
      const field = ruleField(name);
      if (field && !out[group].some((m) => m.field === field)) {
        out[group].push({ field, rule: `pax_rules.${groupName}.${name}` });
      }
    }
  }
  return out;
}
