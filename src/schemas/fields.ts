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
