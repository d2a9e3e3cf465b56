import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValid, parseISO } from 'date-fns';
import { parseExpiresAt, parseIsoDateTime } from '../../src/model/deadline.js';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** ISO 8601 extended strings of the forms a service writes, including impossible days and times. */
const isoText = fc
  .record({
    y: fc.integer({ min: 1970, max: 2100 }),
    mo: fc.integer({ min: 0, max: 13 }),
    d: fc.integer({ min: 0, max: 32 }),
    time: fc.option(
      fc.record({
        h: fc.integer({ min: 0, max: 25 }),
        mi: fc.integer({ min: 0, max: 60 }),
        s: fc.option(fc.integer({ min: 0, max: 60 })),
        frac: fc.option(fc.stringMatching(/^\d{1,6}$/)),
      }),
    ),
    zone: fc.option(
      fc.oneof(
        fc.constant('Z'),
        fc.tuple(
          fc.constantFrom('+', '-'),
          fc.integer({ min: 0, max: 14 }),
          fc.integer({ min: 0, max: 59 }),
          fc.constantFrom(':', '', 'hours-only'),
        ),
      ),
    ),
  })
  .map(({ y, mo, d, time, zone }) => {
    let text = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
    if (!time) return text;
    text += `T${pad(time.h)}:${pad(time.mi)}`;
    if (time.s !== null) text += `:${pad(time.s)}${time.frac !== null ? `.${time.frac}` : ''}`;
    if (zone === null) return text;
    if (zone === 'Z') return `${text}Z`;
    const [sign, zh, zm, sep] = zone;
    return sep === 'hours-only' ? `${text}${sign}${pad(zh)}` : `${text}${sign}${pad(zh)}${sep}${pad(zm)}`;
  });

const hasZone = (t: string) => /(?:Z|[+-]\d{2}(?::?\d{2})?)$/.test(t);
const fromDateFns = (t: string): number | undefined => {
  const d = parseISO(t);
  return isValid(d) ? d.getTime() : undefined;
};

describe('parseIsoDateTime (hand-written in place of date-fns parseISO)', () => {
  it("reads every extended ISO form as date-fns parseISO does, in the process's zone", () => {
    fc.assert(
      fc.property(isoText, (text) => {
        expect(parseIsoDateTime(text, 'local')?.getTime()).toBe(fromDateFns(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads a zone-less date-time as UTC as parseISO reads it with a Z', () => {
    fc.assert(
      fc.property(isoText, (text) => {
        const expected = fromDateFns(hasZone(text) || !text.includes('T') ? text : `${text}Z`);
        if (!text.includes('T')) return; // a bare date is read in the zone asked for (UTC here)
        expect(parseIsoDateTime(text, 'utc')?.getTime()).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses what is not a date-time, and impossible days and times', () => {
    for (const bad of [
      'soon',
      '',
      '2026-02-30T10:00:00',
      '2026-13-01',
      '2026-12-01T25:00:00',
      '2026-12-01T10:60:00',
      '2026-12-01T10:00:00+25:00',
      '2026-12-01T10:00:00 PM',
    ])
      expect(parseExpiresAt(bad), bad).toBeUndefined();
  });

  it('accepts a space for the T and surrounding blanks, as before', () => {
    expect(parseExpiresAt(' 2026-12-01 10:00:00 ')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(parseExpiresAt('2026-12-01T10:00:00.123456+05:30')?.toISOString()).toBe(
      '2026-12-01T04:30:00.123Z',
    );
  });
});
