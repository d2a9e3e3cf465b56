import type { z } from '../schemas/zod.js';
import { formatPath, type ValidationIssue } from '../errors.js';
import { SsrItemSchema, SsrSeatItemSchema } from '../schemas/passenger.js';
import { unknownKeyMessage } from './suggest.js';

export type PathSegment = string | number;

export { formatPath };

/** Collects issues and warnings, dropping exact duplicates. */
export class Report {
  readonly issues: ValidationIssue[] = [];
  readonly warnings: string[] = [];
  private readonly seen = new Set<string>();
  /** Paths that already carry a "required" issue (so one missing field is reported once). */
  private readonly required = new Set<string>();

  add(path: PathSegment[] | string, message: string): void {
    const p = typeof path === 'string' ? path : formatPath(path);
    const key = `${p}\u0000${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.issues.push({ path: p, message });
  }

  /** A missing mandatory field: reported once per path, whichever rule asks first. */
  missing(path: PathSegment[], message: string): void {
    const p = formatPath(path);
    if (this.required.has(p)) return;
    this.required.add(p);
    this.add(p, message);
  }

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }
}

/** The value at `path` inside plain data (the snapshot), or undefined. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur = data;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return cur;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a Date';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Turns a zod issue on one passenger into ValidationIssues under `prefix`. Messages say what is
 * wrong in the caller's terms: a missing field reads "is required", a wrong type names the type.
 */
export function fromZodIssue(
  issue: z.core.$ZodIssue,
  prefix: PathSegment[],
  data: unknown,
): ValidationIssue[] {
  const rel = issue.path.filter((s): s is string | number => typeof s === 'string' || typeof s === 'number');
  const path = [...prefix, ...rel];
  const field = rel[rel.length - 1];
  if (issue.code === 'unrecognized_keys') {
    const inSsr = rel.length === 1 && rel[0] === 'ssr';
    const inItem = !inSsr && rel[0] === 'ssr';
    const item = rel[1] === 'seat' ? SsrSeatItemSchema : SsrItemSchema;
    const known = inSsr ? ['meal', 'baggage', 'seat'] : inItem ? Object.keys(item.shape) : [];
    return issue.keys.map((key) => ({
      path: formatPath([...path, key]),
      // spec §2 SSR: `seat` is "for ssr.seat[] entries only".
      message:
        inItem && key === 'seat' && rel[1] !== 'seat'
          ? 'only allowed in ssr.seat[] items'
          : unknownKeyMessage(key, known, inSsr ? 'SSR list' : inItem ? 'SSR field' : 'field'),
    }));
  }
  const value = valueAt(data, issue.path);
  let message = issue.message;
  if (
    value === undefined &&
    (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union')
  ) {
    message = message === 'is required' ? 'is required' : `is required (${message})`;
  } else if (value !== undefined && message === 'is required' && issue.code === 'invalid_type') {
    message = `must be a string (got ${describe(value)})`;
  } else if (field === 'cell_country_code' && typeof value === 'string' && value.trim().startsWith('+')) {
    message = "must be digits without a leading '+' (e.g. '91')";
  } else if (field === 'cell_country_code' && typeof value === 'number') {
    message = "must be a string of digits without a leading '+' (e.g. '91')";
  } else if (issue.code === 'invalid_type' && /^Invalid input/.test(message)) {
    message = `must be ${issue.expected === 'array' ? 'an array' : `a ${issue.expected}`} (got ${describe(value)})`;
  }
  return [{ path: formatPath(path), message }];
}
