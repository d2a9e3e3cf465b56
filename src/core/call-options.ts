import { ClientClosedError, RequestValidationError, type ValidationIssue } from '../errors.js';
import { formatPath } from '../validation/issues.js';
import { passengerShapeIssues } from '../validation/passenger-shape.js';
import { PROTOTYPE_KEY_MESSAGE, PROTOTYPE_KEYS, unknownKeyMessage } from '../validation/suggest.js';

/**
 * The guard every public method calls first: the client is open, the per-call options are
 * valid (every problem at once, with paths), and the caller's signal has not already aborted.
 * Nothing is queued or sent before it passes.
 */

/** Checks one extra option's value; returns the problem, or undefined when it is fine. */
export type OptionCheck = (value: unknown) => string | undefined;

const closed = new WeakSet<object>();

/** Marks a client's context closed: every later call rejects with ClientClosedError. */
export function markClosed(ctx: object): void {
  closed.add(ctx);
}

/** True once `markClosed(ctx)` was called. */
export function isClosed(ctx: object): boolean {
  return closed.has(ctx);
}

/** ky's (and setTimeout's) largest delay: 2³¹−1 ms, about 24.8 days. */
export const MAX_TIMEOUT_MS = 2_147_483_647;
const MAX_HEADER_VALUE = 8_192;

/** RFC 7230 §3.2.6 token: the characters a header name may hold. */
const TOKEN_RE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 7230 field-value: visible ASCII, obs-text, space and tab; never CR, LF or NUL. */
const FIELD_VALUE_RE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Headers a caller may not set: the SDK owns them (`authorization`, `content-type`, `accept`,
 * `content-length`, `host`), or the HTTP stack does (hop-by-hop headers undici refuses).
 */
export const RESERVED_HEADERS: readonly string[] = [
  'authorization',
  'content-type',
  'content-length',
  'accept',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'te',
  'trailer',
];

const isBoolean: OptionCheck = (v) => (typeof v === 'boolean' ? undefined : 'must be true or false');

/** The extra options of `bookings.book`. */
export const BOOK_OPTIONS: Readonly<Record<string, OptionCheck>> = {
  // Removed in 0.2 (book is stateless): say so instead of "unknown option".
  acceptPriceChange: () => 'was removed: book holds no memory of a reprice; pass expectedFinalFare (the fare the traveller agreed) instead',
  acknowledgeDuplicates: () => 'was removed: book holds no memory of save-passengers; decide on duplicates before book (bookFlight: onDuplicates)',
  expectedFinalFare: (v) =>
    typeof v === 'number' && Number.isFinite(v) && v >= 0
      ? undefined
      : 'must be a finite amount >= 0 (the final_fare you agreed)',
};

/** The extra options of `bookings.savePassengers`. */
export const SAVE_PASSENGERS_OPTIONS: Readonly<Record<string, OptionCheck>> = { skipPreflight: isBoolean };

const BASE_OPTIONS: Readonly<Record<string, OptionCheck>> = {
  timeout: (v) =>
    typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= MAX_TIMEOUT_MS
      ? undefined
      : `must be a finite number > 0 (milliseconds, at most ${MAX_TIMEOUT_MS})`,
  maxRetries: (v) =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? undefined : 'must be a whole number >= 0',
  signal: (v) =>
    typeof AbortSignal !== 'undefined' && v instanceof AbortSignal ? undefined : 'must be an AbortSignal',
  headers: () => undefined, // checked name by name below
};

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function headerIssues(headers: unknown, path: string, issues: ValidationIssue[]): void {
  if (!isPlainObject(headers)) {
    issues.push({ path, message: 'must be a plain object of header names to string values' });
    return;
  }
  for (const name of Object.keys(headers)) {
    const at = formatPath([name], path);
    const value = headers[name];
    if (!TOKEN_RE.test(name))
      issues.push({ path: at, message: 'is not a valid header name (RFC 7230 token)' });
    else if (RESERVED_HEADERS.includes(name.toLowerCase()))
      issues.push({ path: at, message: 'is set by the SDK or the HTTP stack and cannot be overridden' });
    if (typeof value !== 'string') issues.push({ path: at, message: 'must be a string' });
    else if (!FIELD_VALUE_RE.test(value))
      issues.push({
        path: at,
        message: 'is not a valid header value (no CR, LF, NUL or control characters)',
      });
    else if (value.length > MAX_HEADER_VALUE)
      issues.push({ path: at, message: `is too long (at most ${MAX_HEADER_VALUE} characters)` });
  }
}

/** Every problem with a per-call options object, with paths under `path`. */
export function optionIssues(
  options: unknown,
  extra: Readonly<Record<string, OptionCheck>> = {},
  path = 'options',
): ValidationIssue[] {
  if (options === undefined) return [];
  const issues: ValidationIssue[] = [];
  if (!isPlainObject(options)) {
    issues.push({ path, message: 'must be an object (or omitted)' });
    return issues;
  }
  const checks = { ...BASE_OPTIONS, ...extra };
  const known = Object.keys(checks);
  for (const key of Object.keys(options)) {
    const at = formatPath([key], path);
    const value = options[key];
    if (PROTOTYPE_KEYS.includes(key)) issues.push({ path: at, message: PROTOTYPE_KEY_MESSAGE });
    else if (!Object.hasOwn(checks, key))
      issues.push({ path: at, message: unknownKeyMessage(key, known, 'option') });
    else if (value === undefined) continue;
    else if (key === 'headers') headerIssues(value, at, issues);
    else {
      const problem = checks[key]!(value);
      if (problem) issues.push({ path: at, message: problem });
    }
  }
  return issues;
}

/**
 * Own `__proto__`/`constructor`/`prototype` keys anywhere in `value` (plain data, bounded depth,
 * cycle-safe). Such keys must never reach the wire, even when the preflight is skipped.
 */
export function prototypeKeyIssues(
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
export interface CallSpec {
  /** The method's own options beyond `timeout`, `signal`, `maxRetries`, `headers`. */
  extra?: Readonly<Record<string, OptionCheck>>;
  /** Arguments that must be objects (not null, not a primitive), by name. */
  objects?: Record<string, unknown>;
  /** Inputs checked for prototype keys at any depth (e.g. passengers sent with `skipPreflight`). */
  scan?: Record<string, unknown>;
  /**
   * A passenger list: its shape (closed keys, field formats) is checked here, before the
   * booking is retrieved for the rest of the preflight, unless `options.skipPreflight` is true.
   */
  passengers?: unknown;
  /** Path of the options in issues. @default 'options' */
  path?: string;
}

/**
 * The guard at the top of every public method. Throws, before anything is queued or sent:
 * ClientClosedError after `close()`; RequestValidationError naming every bad option, every
 * argument that is not an object where one is needed, and every prototype key in `spec.scan`;
 * the signal's own reason when it has already aborted.
 * @example
 * checkCall(this.ctx, options, { extra: BOOK_OPTIONS });
 */
export function checkCall(ctx: object, options: unknown, spec: CallSpec = {}): void {
  if (isClosed(ctx)) throw new ClientClosedError();
  const path = spec.path ?? 'options';
  let issues: ValidationIssue[];
  try {
    issues = [];
    for (const [name, value] of Object.entries(spec.objects ?? {}))
      if (value === null || typeof value !== 'object')
        issues.push({
          path: name,
          message: `must be an object (got ${value === null ? 'null' : typeof value})`,
        });
    issues.push(...optionIssues(options, spec.extra, path));
    for (const [name, value] of Object.entries(spec.scan ?? {}))
      issues.push(...prototypeKeyIssues(value, name));
    if ('passengers' in spec && (options as { skipPreflight?: unknown } | undefined)?.skipPreflight !== true)
      issues.push(...passengerShapeIssues(spec.passengers));
  } catch {
    // A getter or a proxy that throws: the input cannot be read, so it cannot be used.
    issues = [{ path, message: 'could not be read (a getter or proxy threw)' }];
  }
  if (issues.length)
    throw new RequestValidationError(
      unique(issues),
      issues.every((i) => i.path.startsWith(path)) ? 'Invalid call options' : 'Invalid call',
    );
  const signal = (options as { signal?: AbortSignal } | undefined)?.signal;
  if (signal?.aborted) throw signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

const FLOW_KEYS = ['selection', 'passengers', 'reprice', 'onPriceChange', 'onDuplicates', 'requestOptions'];

/**
 * The guard of `bookFlight`: everything `checkCall` checks (on `requestOptions`), plus the shape
 * of its parameters and of the passengers, so that a bad list is refused before a booking (and
 * its fare lock) is created. Rules that need the booking are checked by `savePassengers`.
 */
export function checkFlowCall(ctx: object, params: unknown): void {
  if (isClosed(ctx)) throw new ClientClosedError();
  const issues: ValidationIssue[] = [];
  try {
    if (!isPlainObject(params)) {
      issues.push({ path: 'params', message: 'must be an object { selection, passengers, ... }' });
    } else {
      for (const key of Object.keys(params)) {
        if (PROTOTYPE_KEYS.includes(key)) issues.push({ path: key, message: PROTOTYPE_KEY_MESSAGE });
        else if (!FLOW_KEYS.includes(key))
          issues.push({ path: formatPath([key]), message: unknownKeyMessage(key, FLOW_KEYS, 'parameter') });
      }
      if (params['selection'] === null || typeof params['selection'] !== 'object')
        issues.push({
          path: 'selection',
          message: 'is required: results.select(...) or { trace_id, result_indices }',
        });
      if (params['reprice'] !== undefined && typeof params['reprice'] !== 'boolean')
        issues.push({ path: 'reprice', message: 'must be true or false' });
      for (const hook of ['onPriceChange', 'onDuplicates'])
        if (params[hook] !== undefined && typeof params[hook] !== 'function')
          issues.push({ path: hook, message: 'must be a function' });
      issues.push(...optionIssues(params['requestOptions'], {}, 'requestOptions'));
      issues.push(...passengerShapeIssues(params['passengers']));
    }
  } catch {
    issues.push({ path: 'params', message: 'could not be read (a getter or proxy threw)' });
  }
  if (issues.length) throw new RequestValidationError(issues, 'Invalid bookFlight call');
  const signal = (params as { requestOptions?: { signal?: AbortSignal } }).requestOptions?.signal;
  if (signal?.aborted) throw signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}
