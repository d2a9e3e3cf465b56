import * as z from 'zod';

/** The error envelope of every non-2xx response (spec §7). */
export const ErrorEnvelopeSchema = z.looseObject({
  success: z.literal(false),
  errors: z.array(z.looseObject({ detail: z.union([z.array(z.string()), z.string()]).optional() })),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
