import { PassengerSchema } from '../schemas/passenger.js';
import type { PathSegment } from './issues.js';

/** One passenger as the rules see it. */
export interface PaxView {
  index: number;
  /** The caller's passenger copied into plain data (see `snapshot`). */
  raw: Record<string, unknown>;
  /** Fields that passed their own schema, normalised (dates as YYYY-MM-DD, codes upper-case). */
  ok: Record<string, unknown>;
}

const shape = PassengerSchema.shape as Record<
  string,
  { safeParse(v: unknown): { success: boolean; data?: unknown } }
>;

export function makeView(index: number, raw: Record<string, unknown>): PaxView {
  const ok: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    if (raw[key] === undefined) continue;
    const r = schema.safeParse(raw[key]);
    if (r.success && r.data !== undefined) ok[key] = r.data;
  }
  return { index, raw, ok };
}

/** Path of a field of this passenger. */
export function at(p: PaxView, ...rest: PathSegment[]): PathSegment[] {
  return ['passengers', p.index, ...rest];
}

/** The caller gave a value for the field (valid or not). */
export function given(p: PaxView, field: string): boolean {
  return p.raw[field] !== undefined;
}

/** The field's valid, normalised string value. */
export function str(p: PaxView, field: string): string | undefined {
  const v = p.ok[field];
  return typeof v === 'string' ? v : undefined;
}
