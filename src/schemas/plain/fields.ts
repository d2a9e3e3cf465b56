/**
 * Field-name constants shared by the schemas, the validation and the sandbox. No zod here, so the
 * sandbox can use them without pulling zod into its bundle.
 */

/**
 * GST fields sent by Fareway. The spec fixes `gst_number` and says the others are
 * `gst_company_*` without naming them; these are the names Fareway uses. Extra `gst_company_*`
 * keys are passed through untouched.
 */
export const GST_FIELDS = [
  'gst_number',
  'gst_company_name',
  'gst_company_address',
  'gst_company_email',
  'gst_company_contact_number',
] as const;

/**
 * What an id in a URL path (a booking_id) or in a span attribute may be: letters, digits, `-` and
 * `_`, 1 to 100 characters — never a slash, a dot or anything that could traverse or inject.
 */
export const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;
