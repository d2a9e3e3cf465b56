import { ClientClosedError, RequestValidationError, type ValidationIssue } from '../errors.js';
import type { z } from '../schemas/zod.js';
import { formatPath } from '../validation/issues.js';
import { readPassengerList, type PassengerRead } from '../validation/passenger-shape.js';
import { passengerContextFromSelection } from '../validation/context.js';
import { checkBeforeBooking } from '../validation/passengers.js';
import { PROTOTYPE_KEY_MESSAGE, PROTOTYPE_KEYS } from '../validation/suggest.js';
import { optionIssues } from '../core/options/rules.js';
import { RequestOptionsSchema } from '../core/options/options.js';

/**
 * The guard every public method calls first: the client is open, the per-call options are
 * valid (every problem at once, with paths), and the caller's signal has not already aborted.
 * Nothing is queued or sent before it passes.
 */

const closed = new WeakSet<object>();

/** Marks a client's context closed: every later call rejects with ClientClosedError. */
export function markClosed(ctx: object): void {
  closed.add(ctx);
}

/** True once `markClosed(ctx)` was called. */
function isClosed(ctx: object): boolean {
  return closed.has(ctx);
}

/**
 * Every problem with a per-call options object, with paths under `path`: the schema's rules, and
 * own prototype keys (zod skips an own `__proto__` silently; it must be refused, not dropped).
 */
function callOptionIssues(options: unknown, schema: z.ZodMiniType, path: string): ValidationIssue[] {
  if (options === undefined) return [];
  // No option given (`{}`): valid for every method's schema, and the common case: no parse.
  if (
    typeof options === 'object' &&
    options !== null &&
    !Array.isArray(options) &&
    Object.keys(options).length === 0
  )
    return [];
  const parsed = schema.safeParse(options);
  const issues = parsed.success ? [] : optionIssues(parsed.error.issues, options, path);
  return [
    ...prototypeKeyIssues(options, path, 2).filter((i) => !issues.some((j) => j.path === i.path)),
    ...issues,
  ];
}

/**
 * Own `__proto__`/`constructor`/`prototype` keys anywhere in `value` (plain data, bounded depth,
 * cycle-safe). Such keys must never reach the wire, even when the preflight is skipped.
 */
function prototypeKeyIssues(
  value: unknown,
  path: string,
  depth = 8,
  seen = new Set<object>(),
): ValidationIssue[] {
  if (value === null || typeof value !== 'object' || depth < 0 || seen.has(value)) return [];
  seen.add(value);
  const issues: ValidationIssue[] = [];
  const keys = Array.isArray(value) ? [] : Object.keys(value);
  for (const key of keys)
    if (PROTOTYPE_KEYS.includes(key))
      issues.push({ path: formatPath([key], path), message: PROTOTYPE_KEY_MESSAGE });
  const children = Array.isArray(value)
    ? value.slice(0, 1000).map((v, i) => [i, v] as const)
    : keys.map((k) => [k, (value as Record<string, unknown>)[k]] as const);
  for (const [key, child] of children)
    if (!PROTOTYPE_KEYS.includes(String(key)))
      issues.push(...prototypeKeyIssues(child, formatPath([key], path), depth - 1, seen));
  return issues;
}

function unique(issues: ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>();
  return issues.filter(
    (i) => !seen.has(`${i.path}\u0000${i.message}`) && seen.add(`${i.path}\u0000${i.message}`),
  );
}

/** What a method adds to the standard guard. */
interface CallSpec {
  /** The schema of the method's options, when it takes more than `timeout`, `signal`, `maxRetries`, `headers`. @default RequestOptionsSchema */
  schema?: z.ZodMiniType;
  /** Arguments that must be objects (not null, not a primitive), by name. */
  objects?: Record<string, unknown>;
  /** Inputs checked for prototype keys at any depth (e.g. passengers sent with `skipPreflight`). */
  scan?: Record<string, unknown>;
  /**
   * A passenger list, read here unless `options.skipPreflight` is true: a list that cannot be read
   * at all is refused here; its other problems travel with the read to the preflight, which
   * reports them with the booking's rules in one error.
   */
  passengers?: unknown;
  /** Path of the options in issues. @default 'options' */
  path?: string;
}

/**
 * The guard at the top of every public method. Throws, before anything is queued or sent:
 * ClientClosedError after `close()`; RequestValidationError naming every bad option, every
 * argument that is not an object where one is needed, and every prototype key in `spec.scan`;
 * the signal's own reason when it has already aborted. Returns the passenger list as read when
 * `spec.passengers` was checked, so the call's preflight goes on from it (one read per call).
 * @example
 * checkCall(this.ctx, options, { schema: BookOptionsSchema });
 */
export function checkCall(ctx: object, options: unknown, spec: CallSpec = {}): PassengerRead | undefined {
  if (isClosed(ctx)) throw new ClientClosedError();
  const path = spec.path ?? 'options';
  let issues: ValidationIssue[];
  let read: PassengerRead | undefined;
  try {
    issues = [];
    for (const [name, value] of Object.entries(spec.objects ?? {}))
      if (value === null || typeof value !== 'object')
        issues.push({
          path: name,
          message: `must be an object (got ${value === null ? 'null' : typeof value})`,
        });
    issues.push(...callOptionIssues(options, spec.schema ?? RequestOptionsSchema, path));
    for (const [name, value] of Object.entries(spec.scan ?? {}))
      issues.push(...prototypeKeyIssues(value, name));
    if (
      'passengers' in spec &&
      (options as { skipPreflight?: unknown } | undefined)?.skipPreflight !== true
    ) {
      const list = readPassengerList(spec.passengers);
      issues.push(...list.issues);
      read = list.read;
    }
  } catch {
    // A getter or a proxy that throws: the input cannot be read, so it cannot be used.
    issues = [{ path, message: 'could not be read (a getter or proxy threw)' }];
  }
  // Refused anyway: the list's own problems go in the same error (every problem at once).
  if (issues.length) issues.push(...(read?.issues ?? []));
  if (issues.length)
    throw new RequestValidationError(
      unique(issues),
      issues.every((i) => i.path.startsWith(path)) ? 'Invalid call options' : 'Invalid call',
    );
  const signal = (options as { signal?: AbortSignal } | undefined)?.signal;
  if (signal?.aborted) throw signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
  return read;
}

/**
 * The guard of `bookFlight`: its parameters against `schema` (`requestOptions` under the same
 * rules as every call's options), plus the passengers against every rule the selection allows
 * (supplier, travel dates, counts), so that a bad list is refused before a booking (and its fare
 * lock) is created. `pax_rules` and `passport_required` are checked by `savePassengers` once
 * create-booking has answered. Returns the parsed parameters (defaults applied).
 */
export function checkFlowCall<S extends z.ZodMiniType>(
  ctx: object,
  params: unknown,
  schema: S,
): { params: z.output<S>; passengers: PassengerRead | undefined } {
  if (isClosed(ctx)) throw new ClientClosedError();
  let issues: ValidationIssue[];
  let parsed: z.core.util.SafeParseResult<z.output<S>> | undefined;
  let read: PassengerRead | undefined;
  try {
    parsed = schema.safeParse(params) as z.core.util.SafeParseResult<z.output<S>>;
    issues = parsed.success ? [] : optionIssues(parsed.error.issues, params, '', 'params');
    const requestOptions = (params as { requestOptions?: unknown } | null | undefined)?.requestOptions;
    const protoKeys = [
      ...prototypeKeyIssues(params, '', 0),
      ...prototypeKeyIssues(requestOptions, 'requestOptions', 2),
    ];
    issues.unshift(...protoKeys.filter((i) => !issues.some((j) => j.path === i.path)));
    if (params !== null && typeof params === 'object') {
      const { passengers, selection } = params as { passengers?: unknown; selection?: unknown };
      const list = checkBeforeBooking(passengers, passengerContextFromSelection(selection));
      issues.push(...list.issues);
      read = list.read;
    }
  } catch {
    issues = [{ path: 'params', message: 'could not be read (a getter or proxy threw)' }];
  }
  if (issues.length || !parsed?.success) throw new RequestValidationError(issues, 'Invalid bookFlight call');
  const signal = (parsed.data as { requestOptions?: { signal?: AbortSignal } }).requestOptions?.signal;
  if (signal?.aborted) throw signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
  return { params: parsed.data, passengers: read };
}
