import { describe, expect, it } from 'vitest';
import { validatePassengers } from '../../src/index.js';
import { adult2, child, domesticB, domesticList, GST, lead } from './fixtures.js';

const issuesOf = (list: unknown) =>
  validatePassengers(list, domesticB).issues.map((i) => `${i.path}: ${i.message}`);

describe('passengers and SSR items are closed objects', () => {
  it('the valid list passes (the baseline of every case below)', () => {
    expect(issuesOf(domesticList())).toEqual([]);
  });

  it.each([
    ['nationalty', 'IN', 'passengers[1].nationalty: unknown field — did you mean nationality?'],
    ['Title', 'Mrs', 'passengers[1].Title: unknown field — did you mean title?'],
    ['first-name', 'Priya', 'passengers[1]["first-name"]: unknown field — did you mean first_name?'],
    ['foo', 1, 'passengers[1].foo: unknown field'],
  ])('an unknown key %s is refused with the nearest known name', (key, value, expected) => {
    expect(issuesOf([lead(), adult2({ [key]: value }), child()])).toContain(expected);
  });

  it('keeps the open gst_company_* family (lead only, as GST data)', () => {
    const result = validatePassengers(
      [lead({ ...GST, gst_company_state: 'MH' }), adult2(), child()],
      domesticB,
    );
    expect(result.issues).toEqual([]);
    expect(result.passengers[0]).toMatchObject({ gst_company_state: 'MH' });
  });

  it('refuses an unknown key in an SSR item, and an unknown SSR list', () => {
    const ssr = { meal: [{ code: 'VGML', origin: 'DEL', destination: 'BOM', note: 'no onions' }], meals: [] };
    expect(issuesOf([lead({ ssr } as never), adult2(), child()])).toEqual([
      'passengers[0].ssr.meal[0].note: unknown SSR field (allowed: code, origin, destination, amt)',
      'passengers[0].ssr.meals: unknown SSR list — did you mean meal?',
    ]);
  });

  it('never lets an own __proto__ key (from JSON.parse) smuggle fields onto the wire', () => {
    const sneaky = JSON.parse(
      JSON.stringify({ ...adult2() }).replace(
        /^\{/,
        '{"__proto__": {"is_lead": true, "email": "x@example.com"},',
      ),
    ) as Record<string, unknown>;
    expect(Object.keys(sneaky)).toContain('__proto__');
    const result = validatePassengers([lead(), sneaky, child()], domesticB);
    expect(result.issues.map((i) => i.path)).toEqual(['passengers[1].__proto__']);
    expect(result.issues[0]!.message).toMatch(/prototype key/);
    expect(result.passengers).toEqual([]);
  });

  it.each(['constructor', 'prototype'])('refuses an own %s key too, nested or not', (key) => {
    const ssr = { seat: [{ code: 'SEAT', origin: 'DEL', destination: 'BOM', seat: '12A', [key]: {} }] };
    const result = validatePassengers([lead({ [key]: {} }), adult2({ ssr } as never), child()], domesticB);
    expect(result.issues.map((i) => i.path)).toEqual([
      `passengers[0].${key}`,
      `passengers[1].ssr.seat[0].${key}`,
    ]);
  });
});

describe('dates that are not on the calendar', () => {
  it.each([
    ['dob', '1987-02-29', 'passengers[1].dob: is not a calendar date'],
    ['dob', '14/03/1985', 'passengers[1].dob: must be a Date or YYYY-MM-DD'],
    ['passport_expiry', '2031-04-31', 'passengers[1].passport_expiry: is not a calendar date'],
    ['passport_issue_date', '2025-13-01', 'passengers[1].passport_issue_date: is not a calendar date'],
  ])('%s %s', (field, value, expected) => {
    expect(issuesOf([lead(), adult2({ [field]: value }), child()])).toContain(expected);
  });
});
