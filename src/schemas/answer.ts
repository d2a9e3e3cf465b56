import type { z } from './zod.js';

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
 * How one endpoint's 2xx answer is read (core/call/reader.ts), declared once beside its schema.
 *
 * The rule, the same for every answer: whatever the schema requires is essential — an answer
 * without it, or with it malformed, is a ResponseValidationError carrying the body and the ids
 * (so the types never lie). A malformed optional field reads as absent. A malformed element of a
 * `droppable` list is dropped. Everything dropped or ignored is reported as contract drift.
 */
export interface Answer<T> {
  /** The answer's schema as declared (its structure is walked by the reader and the tests). */
  readonly schema: z.ZodMiniType<T>;
  /**
   * The schema the reader parses with: since 1.1 the schema itself, read by zod's interpreter (answers
   * are no longer compiled with `z.compile`: docs/performance.md, "Package size").
   */
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
 * Declares an endpoint answer: the schema and its tolerance rules. Answers are read by zod's
 * interpreter. `z.compile` is not used (measured, docs/performance.md "Package size"): its compiler
 * is 9.3 KiB of every app's bundle (gzipped; the 70 KiB guard) for about 25 µs per booking answer
 * on a loopback call (1.5 %; the call budget against ky + zod by hand still holds), nothing on the
 * search (its own checker, schemas/search-check.ts), and nothing where code generation is
 * disallowed (Workers, a strict CSP), which fell back to the interpreter anyway.
 */
export function answer<T>(
  schema: z.ZodMiniType<T>,
  rules: { droppable?: readonly string[]; fastPath?: (data: unknown) => T | undefined } = {},
): Answer<T> {
  return {
    schema,
    compiled: schema,
    droppable: rules.droppable ?? [],
    fastPath: rules.fastPath,
  };
}
