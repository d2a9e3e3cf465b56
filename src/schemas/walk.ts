import type { z } from './zod.js';

/**
 * Reads a schema's structure (zod's `_zod.def`), so what the reader tolerates and what the tests
 * expect are both taken from the one schema of an answer, never restated by hand.
 */

type Schema = z.core.$ZodType;
type Def = {
  type: string;
  innerType?: Schema;
  in?: Schema;
  shape?: Record<string, Schema>;
  element?: Schema;
  valueType?: Schema;
};

const defOf = (s: Schema) => s._zod.def as unknown as Def;

/** An absent value is accepted (and then reads as absent, or as its default). */
const isOptional = (s: Schema): boolean => s._zod.optin === 'optional';

/** The schema that checks the input: wrappers (optional, nullable, default, pipe) unwrapped. */
function core(s: Schema): Schema {
  for (let d = defOf(s); ; d = defOf(s)) {
    if (
      d.innerType &&
      (d.type === 'optional' || d.type === 'nullable' || d.type === 'default' || d.type === 'prefault')
    )
      s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = d.in;
    else return s;
  }
}

/** `null` is accepted. */
function acceptsNull(s: Schema): boolean {
  for (let d = defOf(s); ; d = defOf(s)) {
    if (d.type === 'nullable') return true;
    if (d.innerType && (d.type === 'optional' || d.type === 'default' || d.type === 'prefault'))
      s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = d.in;
    else return d.type === 'null' || d.type === 'unknown' || d.type === 'any';
  }
}

/** The schema of one step below `s`: an object's field, an array's element, a record's value. */
function child(s: Schema, key: PropertyKey): Schema | undefined {
  const d = defOf(core(s));
  if (d.type === 'object') return typeof key === 'string' ? d.shape?.[key] : undefined;
  if (d.type === 'array') return typeof key === 'number' ? d.element : undefined;
  if (d.type === 'record') return d.valueType;
  return undefined;
}

/**
 * The nearest object field at or above `path` whose schema accepts absence: removing it leaves a
 * value the schema accepts at that place (a malformed optional field reads as absent). Undefined
 * when every field from the root down to `path` is required.
 */
export function nearestOptional(schema: Schema, path: readonly PropertyKey[]): PropertyKey[] | undefined {
  let found: PropertyKey[] | undefined;
  let s: Schema | undefined = schema;
  for (let i = 0; i < path.length && s; i++) {
    s = child(s, path[i]!);
    if (s && typeof path[i] === 'string' && isOptional(s)) found = path.slice(0, i + 1);
  }
  return found;
}

/**
 * Every field the schema's output type requires, as paths: `*` for each element of an array or
 * value of a record; a segment ending in `?` is an optional field, whose own required fields are
 * required only when it is present (and not null). The type mirror the tests check answers against.
 * @example requiredPaths(BookResponseSchema) // ['booking_id', 'status', 'pnr', 'pricing', 'pricing.currency', …]
 */
export function requiredPaths(schema: Schema, prefix = ''): string[] {
  const d = defOf(core(schema));
  const out: string[] = [];
  if (d.type === 'object' && d.shape) {
    for (const [key, field] of Object.entries(d.shape)) {
      const optional = isOptional(field) || acceptsNull(field);
      const at = `${prefix}${key}${optional ? '?' : ''}`;
      if (!optional) out.push(at);
      out.push(...requiredPaths(field, `${at}.`));
    }
  } else if (d.type === 'array' && d.element) out.push(...requiredPaths(d.element, `${prefix}*.`));
  else if (d.type === 'record' && d.valueType) out.push(...requiredPaths(d.valueType, `${prefix}*.`));
  return out;
}

/**
 * The required paths of `paths` (from `requiredPaths`) that `value` lacks (absent, or null where the
 * type does not allow it). Empty when the value has everything its type requires.
 */
export function missingPaths(value: unknown, paths: readonly string[]): string[] {
  const missing: string[] = [];
  const visit = (node: unknown, segs: string[], at: string) => {
    const [seg, ...rest] = segs;
    if (seg === undefined) return;
    if (seg === '*') {
      if (node !== null && typeof node === 'object')
        for (const [k, v] of Object.entries(node)) visit(v, rest, `${at}.${k}`);
      return;
    }
    const optional = seg.endsWith('?');
    const key = optional ? seg.slice(0, -1) : seg;
    const v = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    const here = at ? `${at}.${key}` : key;
    if (rest.length === 0) {
      if (!optional && (v === undefined || v === null)) missing.push(here);
      return;
    }
    if (v === undefined || v === null) return; // an absent optional parent (a missing required one is reported on its own path)
    visit(v, rest, here);
  };
  for (const p of paths) visit(value, p.split('.'), '');
  return missing;
}
