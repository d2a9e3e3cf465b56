import { z } from './zod.js';

/** The error envelope of every non-2xx response (spec §7). */
export const ErrorEnvelopeSchema = z.looseObject({
  success: z.literal(false),
  errors: z.array(z.looseObject({ detail: z.optional(z.union([z.array(z.string()), z.string()])) })),
});
