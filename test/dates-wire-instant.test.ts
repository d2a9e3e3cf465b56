/**
 * Issue 24: create-match.ts read `created_at` / `modified_at` with its own parser beside dates.ts.
 * It reads them with dates.ts now (`parseWireInstant`, on date-fns like `parseExpiresAt`).
 */
import { describe, expect, it } from 'vitest';
import { parseWireInstant } from '../src/dates.js';

const at = (iso: string) => Date.parse(iso);

describe('parseWireInstant: a list entry timestamp as epoch ms', () => {
  it('ISO 8601 UTC as the spec writes it, and the same instant in other spellings', () => {
    expect(parseWireInstant('2026-12-01T10:00:00.123Z')).toBe(at('2026-12-01T10:00:00.123Z'));
    expect(parseWireInstant('2026-12-01T10:00:00.123456Z')).toBe(at('2026-12-01T10:00:00.123Z'));
    expect(parseWireInstant('2026-12-01T10:00:00+00:00')).toBe(at('2026-12-01T10:00:00Z'));
    expect(parseWireInstant('2026-12-01T15:30:00+05:30')).toBe(at('2026-12-01T10:00:00Z'));
    expect(parseWireInstant('2026-12-01T10:00:00+00')).toBe(at('2026-12-01T10:00:00Z'));
    expect(parseWireInstant('2026-12-01t10:00:00z')).toBe(at('2026-12-01T10:00:00Z'));
    expect(parseWireInstant('2026-12-01 10:00:00Z')).toBe(at('2026-12-01T10:00:00Z'));
  });

  it('a zone-less timestamp is UTC, whatever the process zone', () => {
    expect(parseWireInstant('2026-12-01T10:00:00')).toBe(at('2026-12-01T10:00:00Z'));
    expect(parseWireInstant('2026-12-01T10:00:00.5')).toBe(at('2026-12-01T10:00:00.500Z'));
  });

  it('absent or unreadable: NaN (the caller cannot rule the booking out)', () => {
    for (const value of [undefined, null, '', 'yesterday', '2026-13-01T10:00:00Z', '2026-12-01T10:00:00+5'])
      expect(parseWireInstant(value)).toBeNaN();
  });
});
