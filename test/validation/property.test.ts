import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/errors.js';
import type { Source } from '../../src/schemas/common.js';
import { validatePassengers, type PassengerContext } from '../../src/validation/passengers.js';
import { GST, TODAY, createBookingResponse, lead } from './fixtures.js';

// ---------- date helpers (UTC calendar arithmetic) ----------
const toIso = (d: Date) => d.toISOString().slice(0, 10);
const shiftDays = (iso: string, n: number) =>
  toIso(new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000));
const shiftYears = (iso: string, n: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + n, m, 0)).getUTCDate();
  return `${y + n}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The caller's pattern (the lead's bookings.savePassengers). */
function callerPattern(input: unknown, ctx: PassengerContext) {
  const { passengers, issues } = validatePassengers(input, ctx);
  if (issues.length) throw new RequestValidationError(issues, 'Invalid passengers');
  return passengers;
}

function expectWellFormed(input: unknown, ctx: PassengerContext) {
  const r = validatePassengers(input, ctx);
  expect(Array.isArray(r.passengers)).toBe(true);
  expect(Array.isArray(r.issues)).toBe(true);
  expect(Array.isArray(r.warnings)).toBe(true);
  for (const i of r.issues) {
    expect(typeof i.path).toBe('string');
    expect(i.path).toMatch(/^passengers/);
    expect(typeof i.message).toBe('string');
  }
  try {
    callerPattern(input, ctx);
  } catch (err) {
    expect(err).toBeInstanceOf(RequestValidationError);
  }
}

// ---------- hostile values ----------
const throwingGetter = (base: Record<string, unknown>, key: string, thrown: unknown) =>
  Object.defineProperty({ ...base }, key, {
    enumerable: true,
    get() {
      throw thrown;
    },
  });
const unprintable = {
  toString: () => {
    throw new Error('no toString');
  },
};

const hostile = fc.constantFrom<() => unknown>(
  () => throwingGetter(lead(), 'dob', new Error('boom')),
  () => throwingGetter(lead(), 'first_name', unprintable),
  () => throwingGetter(lead(), 'ssr', Symbol('s')),
  () =>
    new Proxy(lead(), {
      ownKeys: () => {
        throw new Error('ownKeys');
      },
    }),
  () =>
    new Proxy(lead(), {
      get: () => {
        throw new Error('get');
      },
    }),
  () =>
    new Proxy(lead(), {
      getPrototypeOf: () => {
        throw new Error('proto');
      },
    }),
  () => {
    const r = Proxy.revocable(lead(), {});
    r.revoke();
    return r.proxy;
  },
  () => {
    const o: Record<string, unknown> = lead();
    o['self'] = o;
    return o;
  },
  () => {
    const meal: unknown[] = [];
    meal.push(meal);
    return lead({ ssr: { meal } as never });
  },
  () => Object.assign(Object.create(null) as object, lead()),
  () => lead({ dob: new Date(Number.NaN) }),
  () => lead({ dob: Object.create(Date.prototype) as Date }),
  () => lead({ extra: 10n } as never),
  () => lead({ extra: () => 1 } as never),
  () => lead({ gst_company_weird: { deep: [1, 2, 3] } } as never),
  () => new Array(5),
  () =>
    Object.defineProperty([lead()], 0, {
      get: () => {
        throw new Error('index');
      },
    }),
);
/** Indices into `hostile`, built inside the property (fast-check must not probe the objects itself). */
const hostileList = fc.array(
  fc.oneof(
    hostile,
    fc.constant(() => lead()),
  ),
  { maxLength: 4 },
);

const junk = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  maxDepth: 4,
});
const junkCtx = fc.oneof(
  junk as fc.Arbitrary<PassengerContext>,
  fc.record({
    supplier: junk,
    pax_rules: junk,
    sectors: junk,
    firstTravelDate: junk,
    pax_count: junk,
  }) as fc.Arbitrary<PassengerContext>,
  fc.constant({ today: TODAY } as PassengerContext),
);

// ---------- valid lists ----------
const SECTORS = [
  { origin: 'DEL', destination: 'BOM' },
  { origin: 'BOM', destination: 'GOI' },
  { origin: 'GOI', destination: 'DEL' },
];
const person = fc.record({
  gender: fc.constantFrom('male', 'female', 'other'),
  mrs: fc.boolean(),
  first: fc.stringMatching(/^[A-Z][a-z]{0,12}( [A-Z][a-z]{1,8})?$/),
  last: fc.stringMatching(/^[A-Z][a-z]{0,12}(-[A-Z][a-z]{1,8})?$/),
  years: fc.nat(),
  back: fc.integer({ min: 0, max: 360 }),
  pick: fc.nat(),
  meal: fc.option(fc.constantFrom(0, 1, 2), { nil: undefined }),
  seatCol: fc.option(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F'), { nil: undefined }),
});

const scenario = fc
  .record({
    supplier: fc.constantFrom<Source | undefined>('supplier_a', 'supplier_b', undefined),
    international: fc.boolean(),
    passportRequired: fc.option(fc.boolean(), { nil: undefined }),
    startIn: fc.integer({ min: 1, max: 300 }),
    tripDays: fc.integer({ min: 0, max: 30 }),
    adults: fc.integer({ min: 1, max: 4 }),
    children: fc.integer({ min: 0, max: 3 }),
    infantsWanted: fc.integer({ min: 0, max: 4 }),
    knownCounts: fc.boolean(),
    knownDates: fc.boolean(),
    withGst: fc.boolean(),
    withRules: fc.boolean(),
    people: fc.array(person, { minLength: 11, maxLength: 11 }),
  })
  .map((s) => {
    const first = shiftDays(TODAY, s.startIn);
    const last = shiftDays(first, s.tripDays);
    const infants = Math.min(s.infantsWanted, s.adults);
    const types = [
      ...Array<'adult'>(s.adults).fill('adult'),
      ...Array<'child'>(s.children).fill('child'),
      ...Array<'infant'>(infants).fill('infant'),
    ];
    const ctx: PassengerContext = {
      supplier: s.supplier,
      is_domestic: !s.international,
      passport_required: s.passportRequired,
      today: TODAY,
      sectors: SECTORS,
      ...(s.knownDates ? { firstTravelDate: first, lastTravelDate: last } : {}),
      ...(s.knownCounts ? { pax_count: { adult: s.adults, child: s.children, infant: infants } } : {}),
      ...(s.withRules ? { pax_rules: createBookingResponse.pax_rules } : {}),
    };
    const ageDay = s.knownDates ? first : TODAY;
    const lastDay = s.knownDates ? last : TODAY;
    const passengers = types.map((type, i) => {
      const p = s.people[i]!;
      let dob: string;
      if (type === 'infant') {
        const min = shiftDays(shiftYears(lastDay, -2), 1);
        dob = shiftDays(min, p.pick % (daysBetween(min, TODAY) + 1));
      } else {
        const years = type === 'adult' ? 12 + (p.years % 80) : 2 + (p.years % 10);
        dob = shiftDays(shiftYears(ageDay, -years), -p.back);
      }
      const title = p.gender === 'male' ? 'Mr' : p.gender === 'female' ? (p.mrs ? 'Mrs' : 'Ms') : 'Ms';
      const pax: Record<string, unknown> = {
        title,
        first_name: `${p.first} ${'abcdefghijk'[i]}`,
        last_name: p.last,
        gender: p.gender,
        pax_type: type,
        dob,
        is_lead: i === 0,
        nationality: 'IN',
        passport_number: `P${String(1000000 + i)}`,
        passport_expiry: shiftDays(lastDay, 200 + p.back),
        passport_issue_date: dob > shiftDays(TODAY, -365) ? dob : shiftDays(TODAY, -365),
      };
      if (i === 0)
        Object.assign(
          pax,
          { email: 'lead@example.com', contact_number: '98765 43210', cell_country_code: '91' },
          s.withGst ? GST : {},
        );
      const ssr: Record<string, unknown[]> = {};
      if (p.meal !== undefined) ssr['meal'] = [{ code: 'VGML', ...SECTORS[p.meal]!, amt: 250 }];
      if (p.seatCol && type !== 'infant')
        ssr['seat'] = [{ code: 'SEAT', ...SECTORS[0]!, seat: `${i + 1}${p.seatCol}`, amt: 0 }];
      if (Object.keys(ssr).length) pax['ssr'] = ssr;
      return pax;
    });
    return { ctx, passengers };
  });

// ---------- mutations ----------
const KEYS = [
  'title',
  'first_name',
  'last_name',
  'gender',
  'pax_type',
  'dob',
  'is_lead',
  'email',
  'contact_number',
  'cell_country_code',
  'nationality',
  'passport_number',
  'passport_expiry',
  'passport_issue_date',
  'frequent_flyer_airline_code',
  'gst_number',
  'gst_company_name',
  'ssr',
  'extra',
];
const mutation = fc.record({
  op: fc.integer({ min: 0, max: 6 }),
  at: fc.nat(),
  key: fc.constantFrom(...KEYS),
  value: junk,
});
function mutate(
  list: Record<string, unknown>[],
  m: { op: number; at: number; key: string; value: unknown },
): unknown[] {
  let out: unknown[];
  try {
    out = list.map((p) => ({ ...p }));
  } catch {
    return list; // an earlier mutation installed a throwing getter: leave the list as it is
  }
  const i = m.at % out.length;
  const p = out[i] as Record<string, unknown>;
  switch (m.op) {
    case 0:
      delete p[m.key];
      break;
    case 1:
      p[m.key] = m.value;
      break;
    case 2:
      out.push({ ...p });
      break;
    case 3:
      out.splice(i, 1);
      break;
    case 4:
      out[i] = m.value;
      return out;
    case 5:
      p['is_lead'] = !p['is_lead'];
      break;
    default:
      out[i] = throwingGetter(p, m.key, new Error('getter'));
  }
  return out;
}

describe('validatePassengers: properties', () => {
  it('never throws on arbitrary junk, and the caller pattern only ever throws RequestValidationError', () => {
    fc.assert(
      fc.property(fc.oneof(junk, fc.array(junk, { maxLength: 5 })), junkCtx, (input, ctx) =>
        expectWellFormed(input, ctx),
      ),
      { numRuns: 400 },
    );
  });

  it('never throws on hostile objects (throwing getters, proxies, cycles, bigint)', () => {
    fc.assert(
      fc.property(hostileList, junkCtx, (makers, ctx) =>
        expectWellFormed(
          makers.map((make) => make()),
          ctx,
        ),
      ),
      { numRuns: 300 },
    );
  });

  it('generated valid lists pass, and come back in wire form', () => {
    fc.assert(
      fc.property(scenario, ({ ctx, passengers }) => {
        const r = validatePassengers(passengers, ctx);
        expect(r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([]);
        expect(r.passengers).toHaveLength(passengers.length);
        expect(() => JSON.stringify(r.passengers)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('near-valid lists with random mutations never throw', () => {
    fc.assert(
      fc.property(scenario, fc.array(mutation, { minLength: 1, maxLength: 3 }), ({ ctx, passengers }, ms) => {
        let list: unknown[] = passengers;
        for (const m of ms) if (list.length) list = mutate(list as Record<string, unknown>[], m);
        expectWellFormed(list, ctx);
      }),
      { numRuns: 400 },
    );
  });

  it('a missing required field is always caught', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.nat(),
        fc.constantFrom('title', 'first_name', 'last_name', 'gender', 'pax_type', 'dob', 'is_lead'),
        ({ ctx, passengers }, n, key) => {
          const i = n % passengers.length;
          const list = passengers.map((p, j) => (j === i ? { ...p, [key]: undefined } : p));
          const r = validatePassengers(list, ctx);
          expect(r.issues.length).toBeGreaterThan(0);
          expect(r.passengers).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
