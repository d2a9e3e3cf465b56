import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/errors.js';
import type { PassengerInput } from '../../src/schemas/passenger.js';
import { validatePassengers, type PassengerContext } from '../../src/validation/passengers.js';
import { GST, TODAY, adult2, child, domesticB, domesticList, infant, lead, passport } from './fixtures.js';

const lines = (r: { issues: { path: string; message: string }[] }) =>
  r.issues.map((i) => `${i.path}: ${i.message}`);

const intlB: PassengerContext = {
  supplier: 'supplier_b',
  is_domestic: false,
  passport_required: true,
  pax_count: { adult: 1, child: 0, infant: 1 },
  firstTravelDate: '2026-07-01',
  lastTravelDate: '2026-07-15',
  sectors: [
    { origin: 'DEL', destination: 'DXB' },
    { origin: 'DXB', destination: 'DEL' },
  ],
  today: TODAY,
};
const domesticA: PassengerContext = { ...domesticB, supplier: 'supplier_a', pax_rules: {} };
const bare: PassengerContext = { today: TODAY };

type P = PassengerInput & Record<string, unknown>;
interface Case {
  rule: string;
  ctx: PassengerContext;
  valid: P[];
  invalid: P[];
  path: string;
  message: RegExp;
}

const cases: Case[] = [
  {
    rule: '1 shape: title enum',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead({ title: 'Dr' as 'Mr' }), adult2(), child()],
    path: 'passengers[0].title',
    message: /one of Mr, Ms, Mrs/,
  },
  {
    rule: '1 shape: missing last_name',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead(), adult2({ last_name: undefined as unknown as string }), child()],
    path: 'passengers[1].last_name',
    message: /^is required$/,
  },
  {
    rule: '1 shape: dob real date',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead(), adult2({ dob: '1987-02-30' }), child()],
    path: 'passengers[1].dob',
    message: /^is not a calendar date$/,
  },
  {
    rule: '1 shape: email format',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead({ email: 'not-an-email' }), adult2(), child()],
    path: 'passengers[0].email',
    message: /email address/,
  },
  {
    rule: '1 shape: gender enum',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead(), adult2({ gender: 'f' as 'female' }), child()],
    path: 'passengers[1].gender',
    message: /male, female, other/,
  },
  {
    rule: '2 lead must be an adult',
    ctx: { ...bare, pax_count: { adult: 1, child: 1, infant: 0 } },
    valid: [lead(), child()],
    invalid: [
      lead({ is_lead: false, email: undefined, contact_number: undefined }),
      child({ is_lead: true }),
    ],
    path: 'passengers[1].is_lead',
    message: /lead passenger must be an adult/,
  },
  {
    rule: '2 several leads',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead(), adult2({ is_lead: true }), child()],
    path: 'passengers[1].is_lead',
    message: /exactly one passenger must have is_lead: true; passengers\[0\] is already the lead/,
  },
  {
    rule: '3 child too old',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead(), adult2(), child({ dob: '2013-01-01' })],
    path: 'passengers[2].dob',
    message: /a child must be 2-11 on the travel date 2026-06-10 \(age 13\)/,
  },
  {
    rule: '3 child too young',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead(), adult2(), child({ dob: '2025-01-01' })],
    path: 'passengers[2].dob',
    message: /a child must be 2-11 .*use pax_type infant/,
  },
  {
    rule: '3 adult too young',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead(), adult2({ dob: '2015-06-11' }), child()],
    path: 'passengers[1].dob',
    message: /an adult must be 12 or over on the travel date 2026-06-10 \(age 10\)/,
  },
  {
    rule: '3 adult turns 12 on the travel date',
    ctx: domesticB,
    valid: [lead(), adult2({ dob: '2014-06-10' }), child()],
    invalid: [lead(), adult2({ dob: '2014-06-11' }), child()],
    path: 'passengers[1].dob',
    message: /12 or over/,
  },
  {
    rule: '3 infant turns 2 before the last travel date',
    ctx: { ...intlB, supplier: 'supplier_b' },
    valid: [lead(passport()), infant(passport())],
    invalid: [lead(passport()), infant({ ...passport(), dob: '2024-07-10' })],
    path: 'passengers[1].dob',
    message: /infant must be under 2 on every travel date: turns 2 before the last travel date 2026-07-15/,
  },
  {
    rule: '3 infant too old',
    ctx: intlB,
    valid: [lead(passport()), infant(passport())],
    invalid: [lead(passport()), infant({ ...passport(), dob: '2023-01-01' })],
    path: 'passengers[1].dob',
    message: /an infant must be under 2 on the travel date 2026-07-01/,
  },
  {
    rule: '3 dob in the future',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead(), adult2(), child({ dob: '2026-05-02' })],
    path: 'passengers[2].dob',
    message: /must not be in the future \(today is 2026-05-01\)/,
  },
  {
    rule: '3 no travel dates: age on today',
    ctx: bare,
    valid: [lead()],
    invalid: [lead({ dob: '2014-05-02' })],
    path: 'passengers[0].dob',
    message: /12 or over on today \(2026-05-01\)/,
  },
  {
    rule: '4 counts match pax_count',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead(), child()],
    path: 'passengers',
    message: /^expected 2 adult\(s\), got 1/,
  },
  {
    rule: '5 lead-only email',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead(), adult2({ email: 'p@example.com' }), child()],
    path: 'passengers[1].email',
    message: /lead only/,
  },
  {
    rule: '5 lead-only extra gst_company_* key',
    ctx: domesticB,
    valid: [lead({ ...GST, gst_company_pan: 'AAPFU0939F' }), adult2(), child()],
    invalid: [lead(), adult2({ gst_company_pan: 'AAPFU0939F' }), child()],
    path: 'passengers[1].gst_company_pan',
    message: /lead only/,
  },
  {
    rule: '6 pax_rules.leadPax.email',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead({ email: undefined }), adult2(), child()],
    path: 'passengers[0].email',
    message: /^required by pax_rules\.leadPax\.email$/,
  },
  {
    rule: '6 pax_rules.leadPax.contactNumber',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead({ contact_number: undefined }), adult2(), child()],
    path: 'passengers[0].contact_number',
    message: /^required by pax_rules\.leadPax\.contactNumber$/,
  },
  {
    rule: '6 pax_rules.adultPax.passportExpiry (lenient group name)',
    ctx: {
      ...domesticB,
      pax_rules: { ADULT_PAX: { passportExpiry: { isVisible: true, isMandatoryIfVisible: true } } },
    },
    valid: [lead({ passport_expiry: '2030-01-01' }), adult2({ passport_expiry: '2030-01-01' }), child()],
    invalid: [lead({ passport_expiry: '2030-01-01' }), adult2(), child()],
    path: 'passengers[1].passport_expiry',
    message: /required by pax_rules\.ADULT_PAX\.passportExpiry/,
  },
  {
    rule: '6 pax_rules.child.frequentFlyerNumber (generic snake_case)',
    ctx: {
      ...domesticB,
      pax_rules: {
        child: {
          frequentFlyerNumber: { isVisible: true, isMandatoryIfVisible: true },
          shoeSize: { isVisible: true, isMandatoryIfVisible: true },
        },
      },
    },
    valid: [lead(), adult2(), child({ frequent_flyer_airline_code: '6E', frequent_flyer_number: '12345' })],
    invalid: domesticList(),
    path: 'passengers[2].frequent_flyer_number',
    message: /required by pax_rules\.child\.frequentFlyerNumber/,
  },
  {
    rule: '7 passports for supplier_a (domestic too)',
    ctx: domesticA,
    valid: [lead(passport()), adult2(passport('Z7654321')), child(passport('Z1111111'))],
    invalid: [
      lead(passport()),
      adult2({ ...passport('Z7654321'), passport_expiry: undefined }),
      child(passport('Z1111111')),
    ],
    path: 'passengers[1].passport_expiry',
    message: /^required for supplier_a$/,
  },
  {
    rule: '7 passports when passport_required',
    ctx: intlB,
    valid: [lead(passport()), infant(passport('Z2222222'))],
    invalid: [lead(passport()), infant({ ...passport('Z2222222'), nationality: undefined })],
    path: 'passengers[1].nationality',
    message: /^required \(passport_required\)$/,
  },
  {
    rule: '7 passports for international when passport_required unknown',
    ctx: { ...intlB, passport_required: undefined },
    valid: [lead(passport()), infant(passport('Z2222222'))],
    invalid: [lead({ ...passport(), passport_number: undefined }), infant(passport('Z2222222'))],
    path: 'passengers[0].passport_number',
    message: /^required for international travel$/,
  },
  {
    rule: '7 passport_expiry after the last travel date',
    ctx: intlB,
    valid: [lead(passport('Z1234567', '2026-07-16')), infant(passport('Z2222222'))],
    invalid: [lead(passport('Z1234567', '2026-07-15')), infant(passport('Z2222222'))],
    path: 'passengers[0].passport_expiry',
    message: /^must be after the last travel date 2026-07-15$/,
  },
  {
    rule: '7 passport_issue_date not in the future',
    ctx: intlB,
    valid: [lead(passport()), infant(passport('Z2222222'))],
    invalid: [lead({ ...passport(), passport_issue_date: '2026-05-02' }), infant(passport('Z2222222'))],
    path: 'passengers[0].passport_issue_date',
    message: /must not be in the future/,
  },
  {
    rule: '8 GST all or none',
    ctx: domesticB,
    valid: [lead(GST), adult2(), child()],
    invalid: [lead({ ...GST, gst_company_name: undefined }), adult2(), child()],
    path: 'passengers[0].gst_company_name',
    message: /^GST data is all or none: missing gst_company_name$/,
  },
  {
    rule: '8 GSTIN format',
    ctx: domesticB,
    valid: [lead({ ...GST, gst_number: '27aapfu0939f1zv' }), adult2(), child()],
    invalid: [lead({ ...GST, gst_number: '27AAPFU0939F1Z' }), adult2(), child()],
    path: 'passengers[0].gst_number',
    message: /15-character Indian GSTIN/,
  },
  {
    rule: '9 frequent flyer both or none',
    ctx: domesticB,
    valid: [lead({ frequent_flyer_airline_code: 'AI', frequent_flyer_number: '998877' }), adult2(), child()],
    invalid: [lead({ frequent_flyer_airline_code: 'AI' }), adult2(), child()],
    path: 'passengers[0].frequent_flyer_number',
    message: /frequent flyer data is both or none/,
  },
  {
    rule: '9 frequent flyer airline code',
    ctx: domesticB,
    valid: [lead({ frequent_flyer_airline_code: '6E', frequent_flyer_number: '998877' }), adult2(), child()],
    invalid: [
      lead({ frequent_flyer_airline_code: 'AIC', frequent_flyer_number: '998877' }),
      adult2(),
      child(),
    ],
    path: 'passengers[0].frequent_flyer_airline_code',
    message: /2-character airline code/,
  },
  {
    rule: "10 cell_country_code without '+'",
    ctx: domesticB,
    valid: domesticList(),
    invalid: [lead({ cell_country_code: '+91' }), adult2(), child()],
    path: 'passengers[0].cell_country_code',
    message: /^must be digits without a leading '\+' \(e\.g\. '91'\)$/,
  },
  {
    rule: '11 SSR sector must be a segment',
    ctx: domesticB,
    valid: [
      lead({
        ssr: {
          meal: [
            { code: 'VGML', origin: 'DEL', destination: 'BOM' },
            { code: 'VGML', origin: 'bom', destination: 'goi' },
          ],
        },
      }),
      adult2(),
      child(),
    ],
    invalid: [
      lead({
        ssr: {
          meal: [
            { code: 'VGML', origin: 'DEL', destination: 'BOM' },
            { code: 'VGML', origin: 'DEL', destination: 'GOI' },
          ],
        },
      }),
      adult2(),
      child(),
    ],
    path: 'passengers[0].ssr.meal[1]',
    message: /^DEL-GOI is not a segment of this booking \(segments: DEL-BOM, BOM-GOI, GOI-DEL\)$/,
  },
  {
    rule: '11 seat only in ssr.seat[]',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [
      lead({
        ssr: { baggage: [{ code: 'XBAG15', origin: 'DEL', destination: 'BOM', amt: 1500, seat: '12A' }] },
      }),
      adult2(),
      child(),
    ],
    path: 'passengers[0].ssr.baggage[0].seat',
    message: /only allowed in ssr\.seat\[\] items/,
  },
  {
    rule: '11 seat required in ssr.seat[]',
    ctx: domesticB,
    valid: [
      lead({ ssr: { seat: [{ code: 'SEAT', origin: 'DEL', destination: 'BOM', amt: 300, seat: '12A' }] } }),
      adult2(),
      child(),
    ],
    invalid: [
      lead({ ssr: { seat: [{ code: 'SEAT', origin: 'DEL', destination: 'BOM', amt: 300 }] } }),
      adult2(),
      child(),
    ],
    path: 'passengers[0].ssr.seat[0].seat',
    message: /required in ssr\.seat\[\] items/,
  },
  {
    rule: '11 SSR amt non-negative integer',
    ctx: domesticB,
    valid: domesticList(),
    invalid: [
      lead({ ssr: { baggage: [{ code: 'XBAG15', origin: 'DEL', destination: 'BOM', amt: 12.5 }] } }),
      adult2(),
      child(),
    ],
    path: 'passengers[0].ssr.baggage[0].amt',
    message: /whole number/,
  },
  {
    rule: '13 infants no more than adults (pax_count unknown)',
    ctx: bare,
    valid: [lead(), infant()],
    invalid: [lead(), infant(), infant({ first_name: 'Kabir' })],
    path: 'passengers',
    message: /at most one infant per adult: got 2 infant\(s\) and 1 adult\(s\)/,
  },
  {
    rule: '14 name characters',
    ctx: domesticB,
    valid: [lead({ first_name: "D'Souza-Ray Jr." }), adult2(), child()],
    invalid: [lead({ first_name: 'Arjun2' }), adult2(), child()],
    path: 'passengers[0].first_name',
    message: /airline name rules/,
  },
  {
    rule: '14 name length',
    ctx: domesticB,
    valid: [lead({ first_name: 'A'.repeat(30), last_name: 'B'.repeat(30) }), adult2(), child()],
    invalid: [lead({ first_name: 'A'.repeat(31), last_name: 'B'.repeat(30) }), adult2(), child()],
    path: 'passengers[0].last_name',
    message: /together must be at most 60 characters \(got 61\)/,
  },
];

describe('validatePassengers: one rule at a time', () => {
  it.each(cases)('$rule: valid case passes', ({ ctx, valid }) => {
    const r = validatePassengers(valid, ctx);
    expect(lines(r)).toEqual([]);
    expect(r.passengers).toHaveLength(valid.length);
  });
  it.each(cases)('$rule: invalid case names the field and the rule', ({ ctx, invalid, path, message }) => {
    const r = validatePassengers(invalid, ctx);
    const hit = r.issues.filter((i) => i.path === path);
    expect(
      hit.map((i) => i.message),
      lines(r).join('\n'),
    ).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
    expect(r.passengers).toEqual([]);
  });
});

describe('validatePassengers: list level', () => {
  it('reports a missing lead once, on passengers', () => {
    const r = validatePassengers(
      [lead({ is_lead: false, email: undefined, contact_number: undefined }), adult2(), child()],
      { ...domesticB, pax_rules: {} },
    );
    expect(lines(r)).toEqual(['passengers: exactly one passenger must have is_lead: true; found 0']);
  });
  it.each([
    [null, 'passengers: must be an array of passengers'],
    [undefined, 'passengers: must be an array of passengers'],
    [{ passengers: [] }, 'passengers: must be an array of passengers'],
    [[], 'passengers: at least one passenger is required'],
    [[42], 'passengers[0]: must be a passenger object'],
  ])('rejects %j', (input, line) => {
    expect(lines(validatePassengers(input, bare))).toContain(line);
  });
  it('refuses more than 27 passengers without looking further', () => {
    const r = validatePassengers(
      Array.from({ length: 28 }, () => lead()),
      bare,
    );
    expect(lines(r)).toEqual(['passengers: at most 27 passengers (9 per type, spec §8); got 28']);
  });
  it('caps a type at 9 when pax_count is unknown', () => {
    const many = Array.from({ length: 10 }, (_, i) => adult2({ first_name: `Guest ${'abcdefghij'[i]}` }));
    expect(lines(validatePassengers([lead(), ...many], bare))).toContain(
      'passengers: at most 9 adult(s) per booking (spec §8); got 11',
    );
  });
  it('flags a duplicated passenger', () => {
    const r = validatePassengers([lead(), adult2(), adult2()], bare);
    expect(lines(r)).toContain('passengers[2].first_name: duplicate of passengers[1] (same name and dob)');
  });
  it('flags two passengers on the same seat, and a seat for an infant', () => {
    const seat = (s: string) => ({ seat: [{ code: 'SEAT', origin: 'DEL', destination: 'BOM', seat: s }] });
    const r = validatePassengers(
      [lead({ ssr: seat('12A') }), adult2({ ssr: seat('12a') }), infant({ ssr: seat('12C') })],
      { ...bare, sectors: domesticB.sectors },
    );
    expect(lines(r)).toContain(
      'passengers[1].ssr.seat[0].seat: seat 12A on DEL-BOM is already given to passengers[0]',
    );
    expect(lines(r)).toContain(
      "passengers[2].ssr.seat: an infant travels on an adult's lap and cannot have a seat",
    );
  });
});

describe('validatePassengers: several problems at once', () => {
  it('reports every problem in one pass, formatted as path: message', () => {
    const r = validatePassengers(
      [
        lead({ cell_country_code: '+91', email: undefined, gst_number: '27AAPFU0939F1ZV' }),
        adult2({ is_lead: true, title: 'Sir' as 'Mr', contact_number: '98765 43210' }),
        child({ dob: '2012-01-01' }),
      ],
      domesticA,
    );
    const got = lines(r);
    expect(got).toEqual(
      expect.arrayContaining([
        "passengers[0].cell_country_code: must be digits without a leading '+' (e.g. '91')",
        'passengers[0].passport_number: required for supplier_a',
        'passengers[0].gst_company_name: GST data is all or none: missing gst_company_name',
        'passengers[1].title: must be one of Mr, Ms, Mrs',
        'passengers[1].is_lead: exactly one passenger must have is_lead: true; passengers[0] is already the lead',
        'passengers[2].dob: a child must be 2-11 on the travel date 2026-06-10 (age 14); use pax_type adult',
        'passengers[2].nationality: required for supplier_a',
      ]),
    );
    expect(got.length).toBeGreaterThanOrEqual(12);
    expect(() => {
      throw new RequestValidationError(r.issues, 'Invalid passengers');
    }).toThrow(/^Invalid passengers: passengers\[0\]\.cell_country_code: must be digits/);
  });
});

describe('validatePassengers: output and warnings', () => {
  it('returns the wire form: Dates become YYYY-MM-DD, codes upper-case, extra gst_company_* kept', () => {
    const r = validatePassengers(
      [
        lead({ dob: new Date(1985, 2, 14), ...GST, gst_company_pan: 'AAPFU0939F', nationality: 'in' }),
        adult2(),
        child({ ssr: { meal: [{ code: 'CHML', origin: 'del', destination: 'bom' }] } }),
      ],
      domesticB,
    );
    expect(r.issues).toEqual([]);
    expect(r.passengers[0]).toMatchObject({
      dob: '1985-03-14',
      nationality: 'IN',
      gst_company_pan: 'AAPFU0939F',
    });
    expect(r.passengers[2]?.ssr?.meal?.[0]).toMatchObject({ origin: 'DEL', destination: 'BOM' });
  });
  it.each([
    ['supplier_a', domesticA],
    ['supplier_b', domesticB],
  ])('refuses a seat on a meal or baggage item for %s (spec: seat is for ssr.seat[] only)', (_name, ctx) => {
    const ssr = {
      meal: [{ code: 'VGML', origin: 'DEL', destination: 'BOM', seat: '12A' }],
      baggage: [{ code: 'XBAG15', origin: 'DEL', destination: 'BOM', seat: '12B' }],
    };
    const list = [lead({ ...passport(), ssr }), adult2(passport('Z7654321')), child(passport('Z1111111'))];
    const r = validatePassengers(list, ctx);
    expect(lines(r)).toEqual([
      'passengers[0].ssr.meal[0].seat: only allowed in ssr.seat[] items',
      'passengers[0].ssr.baggage[0].seat: only allowed in ssr.seat[] items',
    ]);
    expect(r.passengers).toEqual([]);
  });
  it('warns (does not fail) that supplier_a ignores ssr', () => {
    const list = [
      lead({ ...passport(), ssr: { meal: [{ code: 'VGML', origin: 'DEL', destination: 'GOI' }] } }),
      adult2(passport('Z7654321')),
      child(passport('Z1111111')),
    ];
    const r = validatePassengers(list, domesticA);
    expect(r.issues).toEqual([]);
    expect(r.warnings).toContain('supplier_a ignores ssr: passengers[0].ssr will not be applied');
  });
  it('warns about an unknown pax_rules group, a passport expiring within 6 months, an unknown supplier', () => {
    const r1 = validatePassengers(domesticList(), {
      ...domesticB,
      pax_rules: { seniorCitizen: { email: { isVisible: true, isMandatoryIfVisible: true } } },
    });
    expect(r1.warnings).toContain(
      "pax_rules group 'seniorCitizen' is not understood; its rules were not checked",
    );
    const r2 = validatePassengers(
      [lead(passport('Z1234567', '2026-09-01')), infant(passport('Z2222222'))],
      intlB,
    );
    expect(r2.issues).toEqual([]);
    expect(r2.warnings.join()).toMatch(/less than 6 months after the last travel date 2026-07-15/);
    const r3 = validatePassengers(domesticList(), { ...domesticB, supplier: undefined });
    expect(r3.warnings.join()).toMatch(/supplier unknown: supplier_a requires passport_number/);
  });
  it('a type-group rule for a lead-only field is asked of the lead only', () => {
    const ctx = {
      ...domesticB,
      pax_rules: { adult: { email: { isVisible: true, isMandatoryIfVisible: true } } },
    };
    expect(lines(validatePassengers(domesticList(), ctx))).toEqual([]);
    expect(lines(validatePassengers([lead({ email: undefined }), adult2(), child()], ctx))).toEqual([
      'passengers[0].email: required by pax_rules.adult.email',
    ]);
  });
  it('skips rules that are not mandatory (isVisible or isMandatoryIfVisible false) and tolerates malformed pax_rules', () => {
    const ctx = {
      ...domesticB,
      pax_rules: {
        leadPax: {
          passportNumber: { isVisible: false, isMandatoryIfVisible: true },
          gstNumber: null,
          nationality: 'yes',
        },
      },
    } as unknown as PassengerContext;
    expect(lines(validatePassengers(domesticList(), ctx))).toEqual([]);
  });
});

describe('docs/passengers.md examples', () => {
  const base: PassengerContext = {
    is_domestic: true,
    passport_required: false,
    firstTravelDate: '2026-06-10',
    lastTravelDate: '2026-06-10',
    sectors: [{ origin: 'DEL', destination: 'BOM' }],
    today: TODAY,
  };
  const arjun: P = {
    title: 'Mr',
    first_name: 'Arjun',
    last_name: 'Mehta',
    gender: 'male',
    pax_type: 'adult',
    dob: '1985-03-14',
    is_lead: true,
    email: 'arjun.mehta@example.com',
    contact_number: '9876543210',
    cell_country_code: '91',
    ssr: { meal: [{ code: 'VGML', origin: 'DEL', destination: 'BOM', amt: 250 }] },
  };
  const anaya: P = {
    title: 'Ms',
    first_name: 'Anaya',
    last_name: 'Mehta',
    gender: 'female',
    pax_type: 'child',
    dob: new Date(2018, 7, 20),
    is_lead: false,
  };
  const priya: P = {
    title: 'Mrs',
    first_name: 'Priya',
    last_name: 'Mehta',
    gender: 'female',
    pax_type: 'adult',
    dob: '1987-11-02',
    is_lead: true,
    email: 'priya@example.com',
    contact_number: '9876543210',
    cell_country_code: '91',
    nationality: 'IN',
    passport_number: 'Z1234567',
    passport_expiry: '2031-01-31',
    passport_issue_date: '2021-02-01',
  };
  const vihaan: P = {
    title: 'Mr',
    first_name: 'Vihaan',
    last_name: 'Mehta',
    gender: 'male',
    pax_type: 'infant',
    dob: '2025-09-01',
    is_lead: false,
    nationality: 'IN',
    passport_number: 'Z7654321',
    passport_expiry: '2030-09-30',
  };
  it('the domestic supplier_b list is valid', () => {
    const r = validatePassengers([arjun, anaya], {
      ...base,
      supplier: 'supplier_b',
      pax_count: { adult: 1, child: 1, infant: 0 },
    });
    expect(lines(r)).toEqual([]);
    expect(r.passengers[1]?.dob).toBe('2018-08-20');
  });
  it('the supplier_a list is valid', () => {
    expect(
      lines(
        validatePassengers([priya, vihaan], {
          ...base,
          supplier: 'supplier_a',
          pax_count: { adult: 1, child: 0, infant: 1 },
        }),
      ),
    ).toEqual([]);
  });
  it('the error example gives exactly the documented lines', () => {
    const r = validatePassengers(
      [
        { ...priya, cell_country_code: '+91', gst_number: '27AAPFU0939F1ZV' },
        { ...vihaan, passport_number: undefined, passport_expiry: undefined },
      ],
      { ...base, supplier: 'supplier_a', pax_count: { adult: 1, child: 0, infant: 1 } },
    );
    expect(lines(r)).toEqual([
      "passengers[0].cell_country_code: must be digits without a leading '+' (e.g. '91')",
      'passengers[0].gst_company_name: GST data is all or none: missing gst_company_name',
      'passengers[0].gst_company_address: GST data is all or none: missing gst_company_address',
      'passengers[0].gst_company_email: GST data is all or none: missing gst_company_email',
      'passengers[0].gst_company_contact_number: GST data is all or none: missing gst_company_contact_number',
      'passengers[1].passport_number: required for supplier_a',
      'passengers[1].passport_expiry: required for supplier_a',
    ]);
  });
});
