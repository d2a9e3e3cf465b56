import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ageOn,
  datePart,
  expiresWithinMonths,
  formatWireDate,
  formatWireDateTime,
  isCalendarDate,
  parseExpiresAt,
  todayLocal,
} from '../src/dates.js';

// The process's zone is whatever the machine has here; test/dates-zones.test.ts runs the
// zone-dependent cases under Asia/Kolkata, America/New_York and America/Santiago.

afterEach(() => {
  vi.useRealTimers();
});

describe('wire formats of a Date', () => {
  it('write the local wall time, every part padded', () => {
    const d = new Date(2031, 0, 2, 3, 4, 5, 678);
    expect(formatWireDate(d)).toBe('2031-01-02');
    expect(formatWireDateTime(d)).toBe('2031-01-02T03:04:05');
  });

  it('pad a year below 1000 to four digits', () => {
    const d = new Date(2000, 5, 7, 8, 9, 10);
    d.setFullYear(999);
    expect(formatWireDate(d)).toBe('0999-06-07');
  });
});

describe('isCalendarDate', () => {
  it('accepts real days written YYYY-MM-DD, 29 February of a leap year included', () => {
    for (const day of ['2026-01-01', '2026-12-31', '2024-02-29', '2000-02-29', '0999-06-07'])
      expect(isCalendarDate(day), day).toBe(true);
  });

  it('refuses impossible days, other shapes and non-strings', () => {
    for (const bad of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-1-1',
      '2026-01-1',
      '20260101',
      '2026-W01-1',
      '2026-335',
      '2026-12',
      '2026-12-01T00:00:00',
      ' 2026-12-01',
      '',
      undefined,
      20260101,
      new Date(2026, 0, 1),
    ])
      expect(isCalendarDate(bad), String(bad)).toBe(false);
  });
});

describe('datePart', () => {
  it('is the day of a date or a date-time, and undefined for anything else', () => {
    expect(datePart('2026-12-01')).toBe('2026-12-01');
    expect(datePart('2026-12-01T06:05:00')).toBe('2026-12-01');
    expect(datePart('2026-12-01 06:05:00')).toBe('2026-12-01');
    expect(datePart('2026-12-01X')).toBeUndefined();
    expect(datePart('2026-02-30T06:05:00')).toBeUndefined();
    expect(datePart(null)).toBeUndefined();
  });
});

describe('todayLocal', () => {
  it('turns at local midnight', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 30, 23, 59, 59, 999));
    expect(todayLocal()).toBe('2026-11-30');
    vi.setSystemTime(new Date(2026, 11, 1, 0, 0, 0, 0));
    expect(todayLocal()).toBe('2026-12-01');
  });
});

describe('ageOn', () => {
  it.each([
    ['2000-06-10', '2026-06-09', 25],
    ['2000-06-10', '2026-06-10', 26],
    ['2024-06-11', '2026-06-10', 1],
    ['2024-06-10', '2026-06-10', 2],
    ['2004-02-29', '2026-02-28', 21],
    ['2004-02-29', '2026-03-01', 22],
    ['2004-02-29', '2008-02-29', 4],
    ['2024-02-29', '2026-02-28', 1],
    ['2024-02-29', '2026-03-01', 2],
    // Before birth: full years, as date-fns counts them (not yet a full year: 0).
    ['2026-06-11', '2026-06-10', 0],
    ['2027-06-11', '2026-06-10', -1],
  ])('ageOn(%s, %s) = %d', (dob, on, age) => {
    expect(ageOn(dob, on)).toBe(age);
  });

  it('is NaN for anything but real YYYY-MM-DD dates', () => {
    expect(ageOn('2026-02-30', '2026-06-10')).toBeNaN();
    expect(ageOn('10/06/2000', '2026-06-10')).toBeNaN();
    expect(ageOn('2000-06-10', '2026-6-10')).toBeNaN();
  });
});

describe('expiresWithinMonths', () => {
  it('counts calendar months, clamping to the end of a shorter month', () => {
    // 2026-08-31 + 6 months = 2027-02-28
    expect(expiresWithinMonths('2027-02-27', '2026-08-31', 6)).toBe(true);
    expect(expiresWithinMonths('2027-02-28', '2026-08-31', 6)).toBe(false);
    // 2024-02-29 + 12 months = 2025-02-28; + 48 months = 2028-02-29
    expect(expiresWithinMonths('2025-02-27', '2024-02-29', 12)).toBe(true);
    expect(expiresWithinMonths('2025-02-28', '2024-02-29', 12)).toBe(false);
    expect(expiresWithinMonths('2028-02-28', '2024-02-29', 48)).toBe(true);
    expect(expiresWithinMonths('2028-02-29', '2024-02-29', 48)).toBe(false);
    // across a year end
    expect(expiresWithinMonths('2027-04-29', '2026-10-31', 6)).toBe(true);
    expect(expiresWithinMonths('2027-04-30', '2026-10-31', 6)).toBe(false);
    expect(expiresWithinMonths('2027-04-29', '2026-10-30', 6)).toBe(true);
    expect(expiresWithinMonths('2027-04-30', '2026-10-30', 6)).toBe(false);
  });
});

describe('parseExpiresAt', () => {
  it('reads a zone-less date-time as UTC by default', () => {
    expect(parseExpiresAt('2026-12-01T10:00:00')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(parseExpiresAt('2026-12-01T10:00')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(parseExpiresAt('2026-12-01T10:00:00.5')?.toISOString()).toBe('2026-12-01T10:00:00.500Z');
    expect(parseExpiresAt('2026-12-01')?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it("reads a zone-less date-time in the process's zone with 'local'", () => {
    expect(parseExpiresAt('2026-12-01T10:00:00', 'local')?.getTime()).toBe(
      new Date(2026, 11, 1, 10).getTime(),
    );
    expect(parseExpiresAt('2026-12-01', 'local')?.getTime()).toBe(new Date(2026, 11, 1).getTime());
  });

  it('honours a zone the string carries, in either mode', () => {
    for (const zone of ['utc', 'local'] as const) {
      expect(parseExpiresAt('2026-12-01T10:00:00Z', zone)?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
      expect(parseExpiresAt('2026-12-01T10:00:00z', zone)?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
      expect(parseExpiresAt('2026-12-01T10:00:00+05:30', zone)?.toISOString()).toBe(
        '2026-12-01T04:30:00.000Z',
      );
      expect(parseExpiresAt('2026-12-01T10:00:00-0500', zone)?.toISOString()).toBe(
        '2026-12-01T15:00:00.000Z',
      );
      expect(parseExpiresAt('2026-12-01T10:00:00+01', zone)?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    }
  });

  it('accepts a space for the T, surrounding blanks and a fraction of any length (milliseconds kept)', () => {
    expect(parseExpiresAt(' 2026-12-01 10:00:00 ')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(parseExpiresAt('2026-12-01T10:00:00.123456+05:30')?.toISOString()).toBe(
      '2026-12-01T04:30:00.123Z',
    );
    expect(parseExpiresAt('2026-12-01T10:00:00,9')?.toISOString()).toBe('2026-12-01T10:00:00.900Z');
  });

  it('reads the other ISO 8601 forms parseISO reads (basic, hour only, week date) by the same zone rule', () => {
    expect(parseExpiresAt('20261201T100000')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(parseExpiresAt('2026-12-01T10')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(parseExpiresAt('2026-W49-2T10:00:00')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  it('refuses what is not a date-time, impossible days and times, and a malformed zone', () => {
    for (const bad of [
      'soon',
      '',
      '2026-02-30T10:00:00',
      '2026-13-01',
      '2026-12-01T25:00:00',
      '2026-12-01T24:00:01',
      '2026-12-01T10:60:00',
      '2026-12-01T10:00:60',
      '2026-12-01T10:00:00+25:00',
      '2026-12-01T10:00:00+05:60',
      '2026-12-01T10:00:00+5',
      '2026-12-01T10:00:00+0530x',
      '2026-12-01T10:00:00 PM',
    ]) {
      expect(parseExpiresAt(bad), bad).toBeUndefined();
      expect(parseExpiresAt(bad, 'local'), bad).toBeUndefined();
    }
  });
});
