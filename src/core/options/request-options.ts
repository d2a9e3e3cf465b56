/* eslint-disable @typescript-eslint/no-empty-object-type -- the public type is a named interface over its schema's type */
/** The per-call options every method takes last, as a zod schema (checked by resources/check-call.ts). */
import { z } from '../../schemas/zod.js';
import { closed, durationMs, HeadersSchema, wholeNumber } from './rules.js';

/** The options every method takes last (book and savePassengers add their own). */
export const REQUEST_OPTIONS_SHAPE = {
  /** Per-attempt timeout in ms (at most 2³¹−1). @default the client's `timeout` */
  timeout: z.optional(durationMs()),
  /** Cancels the call, queued or in flight. */
  signal: z.optional(
    z.custom<AbortSignal>((v) => v instanceof AbortSignal, { error: 'must be an AbortSignal' }),
  ),
  /** Retries for this call. @default the client's `maxRetries` */
  maxRetries: z.optional(wholeNumber(0)),
  /**
   * Extra headers for this call. The headers the SDK or the HTTP stack owns (`Authorization`,
   * `Content-Type`, `Content-Length`, `Accept`, `Host` and the hop-by-hop
   * headers) are refused with a RequestValidationError naming them.
   */
  headers: z.optional(HeadersSchema),
};
const RequestOptionsObject = closed(REQUEST_OPTIONS_SHAPE);
/** Per-call options, the last argument of every method. */
export interface RequestOptions extends z.input<typeof RequestOptionsObject> {}
/** The per-call options' schema (checked at every call, before anything is queued or sent). */
export const RequestOptionsSchema: z.ZodMiniType<RequestOptions, RequestOptions> = RequestOptionsObject;
