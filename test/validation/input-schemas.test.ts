/**
 * The exported input schemas (issue 32, part 3) through the Standard Schema interface a framework
 * calls (`schema['~standard'].validate`): the same rules, paths and messages as the client's own
 * check before sending (compared with the RequestValidationError of the same input), a path that
 * names the field, and the booking's rules when its context is given.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  formatPath,
  passengerContextFromBooking,
  passengersInputSchema,
  passengersInputSchemaFor,
  RequestValidationError,
  searchInputSchema,
  type PassengerInput,
  type SearchParams,
} from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

/** The Standard Schema v1 interface (standardschema.dev), as a framework sees a schema. */
interface StandardSchemaV1<Input, Output> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}
type Result<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly { readonly message: string; readonly path?: readonly unknown[] }[] };

const sbx = useSandbox({ seed: 32 });
const trip: SearchParams = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: inDays(20),
  adult_count: 2,
  source: 'supplier_a',
};

/** A synchronous validation through the interface (zod's schemas here are synchronous). */
function validate<O>(schema: StandardSchemaV1<unknown, O>, value: unknown): Result<O> {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('expected a synchronous result');
  return result;
}
const issuesOf = (r: Result<unknown>) =>
  (r.issues ?? []).map((i) => ({ path: (i.path ?? []) as PropertyKey[], message: i.message }));

async function clientIssues(p: Promise<unknown>): Promise<{ path: string; message: string }[]> {
  const error = await p.then(
    () => expect.unreachable('expected a rejection'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).issues;
}

describe('searchInputSchema', () => {
  it('is a Standard Schema of SearchParams', () => {
    expectTypeOf(searchInputSchema).toExtend<StandardSchemaV1<SearchParams, unknown>>();
    type Output = NonNullable<(typeof searchInputSchema)['~standard']['types']>['output'];
    expectTypeOf<Output>().toExtend<SearchParams>();
    expect(searchInputSchema['~standard']).toMatchObject({ version: 1, vendor: 'zod' });
  });

  it('a good search passes with its defaults filled in, ready for flights.search', async () => {
    const result = validate(searchInputSchema, {
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: inDays(9),
    });
    expect(result.issues).toBeUndefined();
    expect(result).toMatchObject({ value: { adult_count: 1, child_count: 0, source: 'supplier_a' } });
    const results = await sbx.client().flights.search((result as { value: SearchParams }).value);
    expect(results.outbound.length).toBeGreaterThan(0);
  });

  it("a bad one: each issue's path names the field, the same rules as the client's", async () => {
    const bad = {
      ...trip,
      origin: 'Delhi',
      destination: 'BOM',
      adult_count: 0,
      preferred_departure_time: '2001-01-01',
    };
    const issues = issuesOf(validate(searchInputSchema, bad));
    expect(issues.map((i) => i.path)).toEqual(
      expect.arrayContaining([['origin'], ['adult_count'], ['preferred_departure_time']]),
    );
    const client = await clientIssues(sbx.client().flights.search(bad));
    expect(issues.map((i) => ({ path: formatPath(i.path), message: i.message }))).toEqual(
      expect.arrayContaining(client),
    );
    expect(issues).toHaveLength(client.length);
  });
});

describe('passengersInputSchema', () => {
  const good = (): PassengerInput[] => passengersFor({ pax_count: { adult: 2, child: 0, infant: 0 } });

  it('is a Standard Schema of a passenger list, and a good list passes unchanged', () => {
    expectTypeOf(passengersInputSchema).toExtend<StandardSchemaV1<PassengerInput[], PassengerInput[]>>();
    const list = good();
    expect(validate(passengersInputSchema, list)).toEqual({ value: list });
  });

  it("a bad list: paths inside the list name the field; the rules and messages are savePassengers'", async () => {
    const list = good();
    list[0] = { ...list[0]!, email: 'x', dob: '2090-01-01' };
    list[1] = { ...list[1]!, title: 'Sir' as never };
    const issues = issuesOf(validate(passengersInputSchema, list));
    expect(issues.map((i) => i.path)).toEqual(
      expect.arrayContaining([
        [0, 'email'],
        [0, 'dob'],
        [1, 'title'],
      ]),
    );
    // The client's own check of the same list, before sending (booked by a client that searched).
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip);
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    const client = await clientIssues(fareway.bookings.savePassengers(booking, list));
    const ours = issues.map((i) => ({ path: formatPath(['passengers', ...i.path]), message: i.message }));
    expect(client).toEqual(expect.arrayContaining(ours));
    expect(sbx.calls('savePassengers')).toHaveLength(0);
  });

  it("not a list: one issue at the root; with the booking's context, its counts too", async () => {
    expect(issuesOf(validate(passengersInputSchema, { name: 'x' }))).toEqual([
      { path: [], message: 'must be an array of passengers' },
    ]);
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip);
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    const one = good().slice(0, 1);
    expect(issuesOf(validate(passengersInputSchema, one))).toEqual([]);
    const forBooking = passengersInputSchemaFor(passengerContextFromBooking(booking));
    expect(issuesOf(validate(forBooking, one))).toEqual([
      { path: [], message: expect.stringMatching(/expected 2 adult/) },
    ]);
  });
});
