import { z } from './zod.js';

/**
 * What a public data type is: the declared fields of a schema's output. A `looseObject` keeps
 * unknown wire fields at run time (a field the service adds tomorrow reaches the caller), and its
 * output type says so with an index signature; that signature is left out here, so a typo such
 * as `booking.pnrr` does not compile. Use it as `interface Booking extends Fields<typeof X> {}`.
 */
export type Fields<S extends z.core.SomeType> = OmitIndex<z.output<S>>;
type OmitIndex<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: T[K];
};

/**
 * How one endpoint's 2xx answer is read (core/reader.ts), declared once beside its schema.
 *
 * The rule, the same for every answer: whatever the schema requires is essential — an answer
 * without it, or with it malformed, is a ResponseValidationError carrying the body and the ids
 * (so the types never lie). A malformed optional field reads as absent. A malformed element of a
 * `droppable` list is dropped. Everything dropped or ignored is reported as contract drift.
 */
export interface Answer<T> {
  /** The answer's schema as declared (its structure is walked by the reader and the tests). */
  readonly schema: z.ZodMiniType<T>;
  /** The same schema compiled (`z.compile`, on first use): the fast path of every valid answer. */
  readonly compiled: z.ZodMiniType<T>;
  /** Array elements the caller can live without, dropped whole when malformed (`'outbound.*'`). */
  readonly droppable: readonly string[];
  /**
   * A measured exception to "fast by compiling" (search only, see schemas/search-check.ts):
   * returns the answer as read when it is valid, or undefined to let the schema decide.
   */
  readonly fastPath?: ((data: unknown) => T | undefined) | undefined;
}

/**
 * Declares an endpoint answer: the schema, compiled once here, and its tolerance rules. Where code
 * generation is disallowed (`--disallow-code-generation-from-strings`, a strict CSP) `z.compile`
 * hands the schema back unchanged and zod's interpreter reads the answers: same results, slower.
 */
export function answer<T>(
  schema: z.ZodMiniType<T>,
  rules: { droppable?: readonly string[]; fastPath?: (data: unknown) => T | undefined } = {},
): Answer<T> {
  let compiled: z.ZodMiniType<T> | undefined;
  return {
    schema,
    // Compiled on first use: importing the SDK generates no code for answers it never reads.
    get compiled() {
      return (compiled ??= z.compile(schema));
    },
    droppable: rules.droppable ?? [],
    fastPath: rules.fastPath,
  };
}
