/**
 * Type guards for reading unknown JSON. No zod here, so the sandbox can use them without pulling
 * zod into its bundle.
 */

/** A plain JSON-like object: not null, not an array. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
