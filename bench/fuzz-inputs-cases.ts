/**
 * The bad inputs of the input fuzz: for every public method, arguments and per-call options that
 * are wrong by construction (each case carries at least one mutation the SDK can see is wrong
 * without asking the service). Generated with fast-check from a seed, so a run is repeatable.
 */
import fc from 'fast-check';
import type { Fareway } from '../src/index.js';
import { badBookingRef, badOptions, protoObject } from './fuzz-inputs-options.js';

/** What the fuzz knows from its valid setup: a live search, a booking, valid passengers. */
export interface FuzzWorld {
  searchParams: Record<string, unknown>;
  selection: { trace_id: string; result_indices: string[] };
  traceId: string;
  resultIndex: string;
  bookingId: string;
  /** The retrieved booking: a ref that carries everything the passenger preflight needs. */
  booking: { booking_id: string };
  passengers: Record<string, unknown>[];
}

/** One bad call. */
export interface FuzzCase {
  method: string;
  label: string;
  run: (fareway: Fareway, world: FuzzWorld) => unknown;
  /** The call must reject with exactly this (a pre-aborted signal's reason), not a RequestValidationError. */
  expectReason?: unknown;
}

/** The reason of the pre-aborted signals: the call must reject with it, and send nothing. */
export const ABORT_REASON = new Error('fuzz: aborted before the call');

const past = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const searchMutations: Record<string, unknown[]> = {
  origin: ['', 'DE', 'DELH', 12, null, 'D1L', ' ', 'ДЕЛ'],
  destination: ['DEL', '', 'B0M', {}],
  preferred_departure_time: [
    '2031-02-30',
    past(3),
    '2031-13-01',
    'tomorrow',
    12345,
    new Date(Number.NaN),
    '2031-01-01T24:00:00',
    '',
    null,
  ],
  adult_count: [0, 10, -1, 1.5, '1', Number.NaN, null],
  child_count: [-1, 10, '0', 2.5],
  infant_count: [2, -1, '1'],
  direct_flight: ['yes', 1, null],
  flight_cabin_class: ['luxury', 2, 'Economy'],
  journey_type: ['multi_city', 'x', 1],
  source: ['supplier_c', '', 1],
  preferred_return_departure_time: [past(5), '2031-02-29', 'x'],
  adults: [1],
  Origin: ['DEL'],
};

const search: fc.Arbitrary<FuzzCase> = fc.oneof(
  fc.subarray(Object.keys(searchMutations), { minLength: 1, maxLength: 3 }).chain((fields) =>
    fc.tuple(...fields.map((f) => fc.constantFrom(...searchMutations[f]!))).map((values) => ({
      method: 'search',
      label: `search ${fields.join('+')}`,
      run: (f: Fareway, w: FuzzWorld) => {
        const patch = Object.fromEntries(fields.map((k, i) => [k, values[i]]));
        // A late departure with a return before it is bad; keep it bad when the return is patched alone.
        return f.flights.search({ ...w.searchParams, ...patch } as never);
      },
    })),
  ),
  fc.constantFrom<unknown>(null, undefined, 'DEL-BOM', 42, []).map((p) => ({
    method: 'search',
    label: 'search non-object',
    run: (f: Fareway) => f.flights.search(p as never),
  })),
  fc.constant({
    method: 'search',
    label: 'search __proto__',
    run: (f: Fareway, w: FuzzWorld) =>
      f.flights.search(protoObject({ adult_count: 5 }, w.searchParams) as never),
  }),
);

const fareRules: fc.Arbitrary<FuzzCase> = fc
  .constantFrom<(w: FuzzWorld) => unknown>(
    () => null,
    () => undefined,
    () => 42,
    () => 'x',
    (w) => ({ trace_id: 'trace-1', result_index: w.resultIndex }),
    (w) => ({ trace_id: w.traceId.slice(0, 35), result_index: w.resultIndex }),
    (w) => ({ trace_id: w.traceId, result_index: '' }),
    (w) => ({ trace_id: w.traceId, result_index: 7 }),
    (w) => ({ trace_id: w.traceId, result_index: w.resultIndex, extra: 1 }),
    (w) => ({ trace_id: w.traceId, result_indices: [] }),
    (w) => ({ trace_id: w.traceId, result_indices: [1] }),
    (w) => ({ trace_id: 'nope', result_indices: [w.resultIndex] }),
    (w) => protoObject({ result_index: 'x' }, { trace_id: w.traceId }),
  )
  .map((make) => ({
    method: 'fareRules',
    label: 'fareRules input',
    run: (f: Fareway, w: FuzzWorld) => f.flights.fareRules(make(w) as never),
  }));

const create: fc.Arbitrary<FuzzCase> = fc
  .constantFrom<(w: FuzzWorld) => unknown>(
    () => null,
    () => undefined,
    () => 'x',
    () => ({}),
    (w) => ({ trace_id: w.traceId }),
    (w) => ({ trace_id: w.traceId, result_indices: [] }),
    (w) => ({ trace_id: w.traceId, result_indices: ['a', 'b', 'c'] }),
    (w) => ({ trace_id: w.traceId, result_indices: [1] }),
    (w) => ({ trace_id: w.traceId, result_indices: 'x' }),
    (w) => ({ trace_id: w.traceId, result_indices: ['not-an-index-of-this-search'] }),
    (w) => ({ trace_id: 12, result_indices: [w.resultIndex] }),
    (w) => ({ trace_id: 'nope', result_indices: [w.resultIndex] }),
    (w) => ({ trace_id: w.traceId.slice(0, 35), result_indices: [w.resultIndex] }),
  )
  .map((make) => ({
    method: 'create',
    label: 'create input',
    run: (f: Fareway, w: FuzzWorld) => f.bookings.create(make(w) as never),
  }));

const passengerMutations: Record<string, unknown[]> = {
  nationalty: ['IN'],
  Title: ['Mr'],
  foo: [1],
  title: ['Dr', '', null],
  first_name: ['', 12, null],
  gender: ['M', null],
  pax_type: ['baby', null],
  dob: ['1985-02-30', '14/03/1985', '', 0, null],
  is_lead: ['yes', null],
  email: ['not-an-email', 3],
  nationality: ['IND', 1],
  passport_expiry: ['2031-04-31', 'soon'],
  cell_country_code: ['+91', 91],
  ssr: [
    'x',
    { meals: [] },
    { meal: [{ code: 'VGML', origin: 'DEL', destination: 'BOM', note: 'x' }] },
    { meal: 'x' },
  ],
};

const savePassengers: fc.Arbitrary<FuzzCase> = fc.oneof(
  fc
    .tuple(
      fc.subarray(Object.keys(passengerMutations), { minLength: 1, maxLength: 3 }),
      fc.nat(),
      fc.boolean(),
    )
    .chain(([fields, seed, byObject]) =>
      fc.tuple(...fields.map((f) => fc.constantFrom(...passengerMutations[f]!))).map((values) => ({
        method: 'savePassengers',
        label: `savePassengers ${fields.join('+')}`,
        run: (f: Fareway, w: FuzzWorld) => {
          const list = w.passengers.map((p) => ({ ...p }));
          const target = list[seed % list.length]!;
          fields.forEach((k, i) => (target[k] = values[i]));
          return f.bookings.savePassengers(byObject ? (w.booking as never) : w.bookingId, list as never);
        },
      })),
    ),
  fc
    .constantFrom<(w: FuzzWorld) => unknown>(
      () => null,
      () => 'x',
      () => [],
      () => [null],
      (w) => [...w.passengers, ...w.passengers],
      (w) => w.passengers.map((p) => ({ ...p, is_lead: false })),
      (w) => w.passengers.map((p) => protoObject({ is_lead: true, email: 'x@example.com' }, { ...p })),
    )
    .map((make) => ({
      method: 'savePassengers',
      label: 'savePassengers list',
      run: (f: Fareway, w: FuzzWorld) => f.bookings.savePassengers(w.booking as never, make(w) as never),
    })),
  fc.constant({
    method: 'savePassengers',
    label: 'savePassengers skipPreflight __proto__',
    run: (f: Fareway, w: FuzzWorld) =>
      f.bookings.savePassengers(
        w.bookingId,
        w.passengers.map((p) => protoObject({ is_lead: true }, { ...p })) as never,
        { skipPreflight: true },
      ),
  }),
  badBookingRef.map((ref) => ({
    method: 'savePassengers',
    label: 'savePassengers ref',
    run: (f: Fareway, w: FuzzWorld) => f.bookings.savePassengers(ref as never, w.passengers as never),
  })),
);

const byRef = (method: 'reprice' | 'book' | 'retrieve'): fc.Arbitrary<FuzzCase> =>
  badBookingRef.map((ref) => ({
    method,
    label: `${method} ref`,
    run: (f: Fareway) => f.bookings[method](ref as never),
  }));

const bookOptions: fc.Arbitrary<FuzzCase> = fc
  .constantFrom<unknown>(
    { acceptPriceChange: 'yes' },
    { expectedFinalFare: 'cheap' },
    { expectedFinalFare: Number.NaN },
    { expectedFinalFare: -1 },
    { acknowledgeDuplicates: 1 },
    { acceptPriceChanges: true },
  )
  .map((o) => ({
    method: 'book',
    label: 'book extra options',
    run: (f: Fareway, w: FuzzWorld) => f.bookings.book(w.bookingId, o as never),
  }));

const list: fc.Arbitrary<FuzzCase> = fc
  .constantFrom<unknown>(
    null,
    'x',
    { limit: 0 },
    { limit: 101 },
    { limit: -1 },
    { limit: 'x' },
    { limit: 1.5 },
    { offset: -1 },
    { offset: 'x' },
    { page: 2 },
    protoObject({ limit: 1000 }),
  )
  .map((p) => ({ method: 'list', label: 'list params', run: (f: Fareway) => f.bookings.list(p as never) }));

const autocomplete: fc.Arbitrary<FuzzCase> = fc
  .constantFrom<unknown>(null, undefined, 42, {}, [], 'd'.repeat(101))
  .map((q) => ({
    method: 'autocomplete',
    label: 'autocomplete q',
    run: (f: Fareway) => f.airports.autocomplete(q as never),
  }));

const bookFlight: fc.Arbitrary<FuzzCase> = fc
  .constantFrom<(w: FuzzWorld) => unknown>(
    () => null,
    () => undefined,
    () => ({}),
    (w) => ({ selection: w.selection }),
    (w) => ({ selection: w.selection, passengers: 'x' }),
    (w) => ({ selection: w.selection, passengers: w.passengers.map((p) => ({ ...p, nationalty: 'IN' })) }),
    (w) => ({ selection: w.selection, passengers: w.passengers.map((p) => ({ ...p, dob: '1985-02-30' })) }),
    (w) => ({
      selection: w.selection,
      passengers: w.passengers.map((p) => protoObject({ is_lead: true }, { ...p })),
    }),
    (w) => ({ selection: null, passengers: w.passengers }),
    (w) => ({ selection: w.selection, passengers: w.passengers, reprice: 'yes' }),
    (w) => ({ selection: w.selection, passengers: w.passengers, onPriceChange: true }),
    (w) => ({ selection: w.selection, passengers: w.passengers, requestOption: {} }),
    (w) => ({ selection: w.selection, passengers: w.passengers, requestOptions: { timeout: 0 } }),
  )
  .map((make) => ({
    method: 'bookFlight',
    label: 'bookFlight params',
    run: (f: Fareway, w: FuzzWorld) => f.bookFlight(make(w) as never),
  }));

const METHODS = [
  'search',
  'fareRules',
  'create',
  'savePassengers',
  'reprice',
  'book',
  'retrieve',
  'list',
  'autocomplete',
  'bookFlight',
] as const;

/** Every method with valid arguments and the given (bad) options. */
const withOptions: fc.Arbitrary<FuzzCase> = fc
  .tuple(
    fc.constantFrom(...METHODS),
    fc.oneof({ arbitrary: badOptions, weight: 9 }, { arbitrary: fc.constant<unknown>('aborted'), weight: 1 }),
  )
  .map(([method, bad]) => ({
    method,
    label: bad === 'aborted' ? `${method} pre-aborted signal` : `${method} options`,
    ...(bad === 'aborted' ? { expectReason: ABORT_REASON } : {}),
    run: (f: Fareway, w: FuzzWorld) => {
      const o = bad === 'aborted' ? { signal: AbortSignal.abort(ABORT_REASON) } : bad;
      const opts = o as never;
      switch (method) {
        case 'search':
          return f.flights.search(w.searchParams as never, opts);
        case 'fareRules':
          return f.flights.fareRules({ trace_id: w.traceId, result_index: w.resultIndex }, opts);
        case 'create':
          return f.bookings.create(w.selection, opts);
        case 'savePassengers':
          return f.bookings.savePassengers(w.booking as never, w.passengers as never, opts);
        case 'reprice':
          return f.bookings.reprice(w.bookingId, opts);
        case 'book':
          return f.bookings.book(w.bookingId, opts);
        case 'retrieve':
          return f.bookings.retrieve(w.bookingId, opts);
        case 'list':
          return f.bookings.list({}, opts);
        case 'autocomplete':
          return f.airports.autocomplete('del', opts);
        default:
          return f.bookFlight({
            selection: w.selection,
            passengers: w.passengers as never,
            requestOptions: opts,
          });
      }
    },
  }));

/** All bad calls, options and arguments about evenly. */
export const badCall: fc.Arbitrary<FuzzCase> = fc.oneof(
  { arbitrary: withOptions, weight: 10 },
  { arbitrary: search, weight: 3 },
  { arbitrary: fareRules, weight: 1 },
  { arbitrary: create, weight: 1 },
  { arbitrary: savePassengers, weight: 3 },
  { arbitrary: byRef('reprice'), weight: 1 },
  { arbitrary: byRef('book'), weight: 1 },
  { arbitrary: bookOptions, weight: 1 },
  { arbitrary: byRef('retrieve'), weight: 1 },
  { arbitrary: list, weight: 1 },
  { arbitrary: autocomplete, weight: 1 },
  { arbitrary: bookFlight, weight: 2 },
);
