import { countryCodeSchema } from './countries.js';
import { dateInput } from './inputs.js';
import { GENDERS, PAX_TYPES, TITLES } from './plain/vocabulary.js';
import { z } from './zod.js';

/** A string matching `re` (else `message`), sent upper-case. */
const upperCode = (re: RegExp, message: string) =>
  z.pipe(
    z.string().check(z.regex(re, message)),
    z.transform((s: string) => s.toUpperCase()),
  );

/**
 * One `ssr.meal[]` or `ssr.baggage[]` item (spec §2 SSR). Closed: an unknown key is refused, not
 * silently dropped, and so is `seat` ("for `ssr.seat[]` entries only").
 */
export const SsrItemSchema = z.strictObject({
  code: z.string().check(z.minLength(1, 'is required')),
  origin: upperCode(/^[A-Za-z]{3}$/, 'must be a 3-letter IATA code'),
  destination: upperCode(/^[A-Za-z]{3}$/, 'must be a 3-letter IATA code'),
  amt: z.optional(z.number().check(z.int('must be a whole number of INR'), z.nonnegative())),
});
/** A meal or baggage SSR item as a caller passes it: no `seat`. */
export type SsrItem = z.input<typeof SsrItemSchema>;

/** One `ssr.seat[]` item: an SSR item with its seat code (required there; checked with the booking). */
export const SsrSeatItemSchema = z.strictObject({ ...SsrItemSchema.shape, seat: z.optional(z.string()) });
/** A seat SSR item as a caller passes it. */
export type SsrSeatItem = z.input<typeof SsrSeatItemSchema>;

/** `ssr`: three independent optional arrays. */
export const SsrSchema = z.strictObject({
  meal: z.optional(z.array(SsrItemSchema)),
  baggage: z.optional(z.array(SsrItemSchema)),
  seat: z.optional(z.array(SsrSeatItemSchema)),
});

export { PAX_TYPES };
/** A passenger's `pax_type`: `adult`, `child` or `infant`. */
export type PaxType = (typeof PAX_TYPES)[number];

export { GST_FIELDS } from './plain/fields.js';

const optionalText = z.optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty')));

/**
 * A passenger (spec §2 Passenger). Dates accept a `Date` or `YYYY-MM-DD`. The schema is loose
 * only for the spec's open `gst_company_*` family: `validatePassengers` refuses every other
 * unknown key (see {@link isAllowedPassengerKey}).
 */
export const PassengerSchema = z.looseObject({
  title: z.enum(TITLES, { error: 'must be one of Mr, Ms, Mrs' }),
  first_name: z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'is required')),
  last_name: z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'is required')),
  gender: z.enum(GENDERS, { error: 'must be one of male, female, other' }),
  pax_type: z.enum(PAX_TYPES, { error: 'must be one of adult, child, infant' }),
  dob: dateInput,
  is_lead: z.boolean({ error: 'must be true or false' }),
  email: z.optional(z.email('must be an email address')),
  contact_number: optionalText,
  cell_country_code: z.optional(
    z.string().check(z.regex(/^\d{1,4}$/, "must be 1-4 digits without a leading '+'")),
  ),
  nationality: z.optional(countryCodeSchema()),
  address_line_one: optionalText,
  address_line_two: optionalText,
  city: optionalText,
  country_code: z.optional(countryCodeSchema()),
  country_name: optionalText,
  passport_number: optionalText,
  passport_expiry: z.optional(dateInput),
  passport_issue_date: z.optional(dateInput),
  frequent_flyer_airline_code: optionalText,
  frequent_flyer_number: optionalText,
  gst_number: optionalText,
  gst_company_name: optionalText,
  gst_company_address: optionalText,
  gst_company_email: optionalText,
  gst_company_contact_number: optionalText,
  ssr: z.optional(SsrSchema),
});
/** The passenger fields the spec names. */
export const PASSENGER_FIELDS: readonly string[] = Object.keys(PassengerSchema.shape);

/** A key a passenger may carry: a spec field, or one of the open `gst_company_*` family. */
export function isAllowedPassengerKey(key: string): boolean {
  return PASSENGER_FIELDS.includes(key) || /^gst_company_[a-z0-9_]+$/.test(key);
}

/** The named keys of T, without the `[k: string]: unknown` a loose zod object adds. */
type KnownKeys<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
/** The spec's open GST family (`gst_company_*`, names "not shown"): the only keys beyond the named ones. */
type GstCompanyFields = { [key: `gst_company_${string}`]: string | undefined };

/**
 * A passenger as a caller passes it. Closed: a typo such as `nationalty` does not compile (and
 * is refused at run time with a did-you-mean hint); only `gst_company_*` keys stay open.
 */
export type PassengerInput = KnownKeys<z.input<typeof PassengerSchema>> & GstCompanyFields;
/** A passenger as it goes on the wire. */
export type Passenger = KnownKeys<z.output<typeof PassengerSchema>> & GstCompanyFields;
