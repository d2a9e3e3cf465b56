import type { ValidationIssue } from '../errors.js';
import { formatPath, type PathSegment } from './issues.js';
import { PROTOTYPE_KEY_MESSAGE, PROTOTYPE_KEYS } from './suggest.js';

/** Limits that keep a hostile or accidental input from costing much. */
const MAX_DEPTH = 8;
const MAX_ARRAY = 100;
const MAX_KEYS = 200;

/** `String(x)` that cannot throw (a throwing `toString`, a symbol, a revoked proxy). */
export function safeString(value: unknown): string {
  try {
    if (value instanceof Error) return value.message;
    return String(value);
  } catch {
    return 'an unprintable value';
  }
}

/**
 * Copies caller input into plain data (arrays, plain objects, valid `Date`s, primitives) so that
 * nothing downstream can trigger a getter, a proxy trap or a cycle. Unreadable properties,
 * cycles and oversized parts become `undefined` plus an issue at their path; own prototype keys
 * (`__proto__`, `constructor`, `prototype`) are dropped with an issue.
 */
export function snapshot(input: unknown, root: PathSegment[], issues: ValidationIssue[]): unknown {
  const ancestors = new Set<object>();

  const copy = (value: unknown, path: PathSegment[]): unknown => {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
    if (typeof value === 'function') return value;
    if (ancestors.has(value)) {
      issues.push({ path: formatPath(path), message: 'contains a circular reference' });
      return undefined;
    }
    if (path.length - root.length > MAX_DEPTH) {
      issues.push({ path: formatPath(path), message: 'is nested too deeply' });
      return undefined;
    }
    try {
      if (value instanceof Date) return new Date(Date.prototype.getTime.call(value));
    } catch {
      // a Date look-alike (or a proxy of one): read it as an object below
    }
    ancestors.add(value);
    try {
      if (Array.isArray(value)) {
        const length = value.length;
        if (length > MAX_ARRAY) {
          issues.push({
            path: formatPath(path),
            message: `has too many items (${length}; at most ${MAX_ARRAY})`,
          });
          return undefined;
        }
        const out: unknown[] = [];
        for (let i = 0; i < length; i++) out.push(read(value, i, [...path, i]));
        return out;
      }
      const keys = Object.keys(value);
      if (keys.length > MAX_KEYS) {
        issues.push({
          path: formatPath(path),
          message: `has too many keys (${keys.length}; at most ${MAX_KEYS})`,
        });
        return undefined;
      }
      const out: Record<string, unknown> = {};
      for (const key of keys) {
        // An own `__proto__` (JSON.parse makes one) would set the copy's prototype and smuggle
        // its keys in as inherited fields: refuse it, never copy it.
        if (PROTOTYPE_KEYS.includes(key)) {
          issues.push({ path: formatPath([...path, key]), message: PROTOTYPE_KEY_MESSAGE });
          continue;
        }
        const v = read(value, key, [...path, key]);
        if (v !== undefined) out[key] = v;
      }
      return out;
    } catch (err) {
      issues.push({ path: formatPath(path), message: `could not be read (${safeString(err)})` });
      return undefined;
    } finally {
      ancestors.delete(value);
    }
  };

  const read = (holder: object, key: string | number, path: PathSegment[]): unknown => {
    let v: unknown;
    try {
      v = (holder as Record<string | number, unknown>)[key];
    } catch (err) {
      issues.push({ path: formatPath(path), message: `could not be read (${safeString(err)})` });
      return undefined;
    }
    return copy(v, path);
  };

  return copy(input, root);
}
