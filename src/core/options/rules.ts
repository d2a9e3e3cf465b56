import { ConfigurationError, formatPath, type ValidationIssue } from '../../errors.js';
import { z } from '../../schemas/zod.js';
import { isObject } from '../../schemas/plain/guards.js';
import { PROTOTYPE_KEY_MESSAGE, PROTOTYPE_KEYS, unknownKeyMessage } from '../../validation/suggest.js';
import { MAX_TIMER_MS } from '../../timer.js';
import { isReservedHeader } from './headers.js';

/**
 * The rules every option schema is built from (client options, per-call options, `bookFlight`
 * parameters), each with one message, and the two ways their failures are reported: a
 * `ConfigurationError` for the client's options, a `RequestValidationError` for a call's.
 */

/** A number accepted by `ok`, with one message for every way it can be wrong (type included). */
function numberWhere(rule: string, ok: (value: number) => boolean) {
  return z.number({ error: rule }).check(z.refine(ok, { error: rule }));
}

/** A duration in ms a timer can hold: > 0 (or >= 0 when `zero` is allowed), at most 2³¹−1. */
export function durationMs(zero: 'zero allowed' | 'positive' = 'positive') {
  const min = zero === 'zero allowed' ? '>= 0' : '> 0';
  return numberWhere(
    `must be a finite number ${min} (milliseconds, at most ${MAX_TIMER_MS})`,
    (v) => (zero === 'zero allowed' ? v >= 0 : v > 0) && v <= MAX_TIMER_MS,
  );
}

/** A whole number >= min (a count: retries, entries, bytes, requests), with its rule (or `rule`). */
export function wholeNumber(min: number, rule = `must be a whole number >= ${min}`) {
  return numberWhere(rule, (v) => Number.isSafeInteger(v) && v >= min);
}

/** A finite amount >= 0 (a fare), with the rule in the caller's words. */
export function amount(rule: string) {
  return numberWhere(rule, (v) => v >= 0);
}

/** `true` or `false`. */
export const flag = () => z.boolean({ error: 'must be true or false' });

/** A function of the given type (callbacks are taken as they are, never called here). */
export const fn = <T>() => z.custom<T>((v) => typeof v === 'function', { error: 'must be a function' });

/** One of a few strings. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be ${values.map((v) => `'${v}'`).join(' or ')}` });
}

/**
 * An object taken as it is (a logger, the hooks: their methods keep their `this`) whose named
 * members, when present, must be functions.
 */
export function withMethods<T extends object>(names: readonly string[], rule: string) {
  return z.custom<T>(isObject, { error: rule }).check(
    z.superRefine((value, ctx) => {
      for (const name of names) {
        const member = (value as Record<string, unknown>)[name];
        if (member !== undefined && typeof member !== 'function')
          ctx.addIssue({ code: 'custom', path: [name], message: 'must be a function', input: member });
      }
    }),
  );
}

/**
 * A closed object: every key of `shape` is checked, and any other key is refused by name with
 * the nearest known one as a hint (`timout: unknown option — did you mean timeout?`), a
 * prototype key with its own message, and a `removed` option with what replaced it. Typed as
 * zod's strict object: the type has the shape's keys and nothing else, as the parse does.
 */
export function closed<S extends z.core.$ZodLooseShape>(
  shape: S,
  options: { what?: string; error?: string; removed?: Readonly<Record<string, string>> } = {},
): z.ZodMiniObject<S, z.core.$strict> {
  const removed = options.removed ?? {};
  const known = [...Object.keys(shape), ...Object.keys(removed)];
  // `abort: false`: an unknown key leaves the known ones checked, and a union still sees this branch.
  const unknownKey = z.custom<never>(() => false, {
    abort: false,
    error: (issue) => {
      const key = String(issue.path?.at(-1));
      if (Object.hasOwn(removed, key)) return removed[key];
      if (PROTOTYPE_KEYS.includes(key)) return PROTOTYPE_KEY_MESSAGE;
      return unknownKeyMessage(key, known, options.what ?? 'option');
    },
  });
  const object = z.object(shape, { error: options.error ?? 'must be an object (or omitted)' });
  return z.catchall(object, unknownKey) as unknown as z.ZodMiniObject<S, z.core.$strict>;
}

const MAX_HEADER_VALUE = 8_192;
/** RFC 7230 §3.2.6 token: the characters a header name may hold. */
const TOKEN_RE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 7230 field-value: visible ASCII, obs-text, space and tab; never CR, LF or NUL. */
const FIELD_VALUE_RE = /^[\t\x20-\x7e\x80-\xff]*$/;

function headerProblems(name: string, value: unknown): string[] {
  const problems: string[] = [];
  if (!TOKEN_RE.test(name)) problems.push('is not a valid header name (RFC 7230 token)');
  else if (isReservedHeader(name))
    problems.push('is set by the SDK or the HTTP stack and cannot be overridden');
  if (typeof value !== 'string') problems.push('must be a string');
  else if (!FIELD_VALUE_RE.test(value))
    problems.push('is not a valid header value (no CR, LF, NUL or control characters)');
  else if (value.length > MAX_HEADER_VALUE)
    problems.push(`is too long (at most ${MAX_HEADER_VALUE} characters)`);
  return problems;
}

/** Header names to string values, every name and value checked, reserved names refused. */
export const HeadersSchema = z
  .custom<Record<string, string>>(
    (v) => isObject(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v) as object | null),
    { error: 'must be a plain object of header names to string values' },
  )
  .check(
    z.superRefine((headers, ctx) => {
      for (const name of Object.keys(headers))
        for (const message of headerProblems(name, headers[name]))
          ctx.addIssue({ code: 'custom', path: [name], message, input: headers[name] });
    }),
  );

/**
 * zod's issues as ValidationIssues under `prefix` (the root itself named `root`), in the order
 * the caller wrote the keys: zod reports the shape's keys first and unknown keys last.
 */
export function optionIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  prefix: string,
  root = prefix,
): ValidationIssue[] {
  const order = isObject(input) ? Object.keys(input) : [];
  const rank = (issue: z.core.$ZodIssue) => (issue.path.length ? order.indexOf(String(issue.path[0])) : -1);
  return [...issues]
    .sort((a, b) => rank(a) - rank(b))
    .map((issue) => ({ path: formatPath(issue.path, prefix) || root, message: issue.message }));
}

/**
 * Parses client options; anything wrong is one ConfigurationError naming every bad option
 * (``Invalid option `timeout`: must be …``), with `details` as `path: rule` lines.
 */
export function parseConfig<S extends z.ZodMiniType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  let result: z.core.util.SafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(input) as z.core.util.SafeParseResult<z.output<S>>;
  } catch {
    throw new ConfigurationError(
      `Invalid option \`${prefix || 'options'}\`: could not be read (a getter or proxy threw)`,
    );
  }
  if (result.success) return result.data;
  const issues = optionIssues(result.error.issues, input, prefix, prefix || 'options');
  const error = new ConfigurationError(
    `Invalid option${issues.length > 1 ? 's' : ''} ${issues.map((i) => `\`${i.path}\`: ${i.message}`).join('; ')}`,
  );
  error.details = issues.map((i) => `${i.path}: ${i.message}`);
  throw error;
}
