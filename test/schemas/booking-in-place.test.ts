/**
 * The in-place booking checks (src/schemas/in-place.ts) must say yes exactly when their zod schema
 * accepts an answer and returns it unchanged: the reader then skips zod on the hot path. Bases are
 * real sandbox answers of every booking endpoint (both suppliers) and the hand-built wire
 * fixtures; each is then broken one field at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from '../../src/schemas/zod.js';
import { Fareway } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import {
  bookingAnswerInPlace,
  BookResponseSchema,
  CreateBookingResponseSchema,
  RepriceResponseSchema,
  RetrieveBookingResponseSchema,
  SavePassengersResponseSchema,
} from '../../src/schemas/booking.js';
import { bookingBody, createdBooking, lead } from '../fixtures/wire.js';
import { allPaths, mutate, type Path } from '../helpers/mutate.js';

type Answer = keyof typeof bookingAnswerInPlace;
const SCHEMAS: Record<Answer, z.ZodMiniType<unknown>> = {
  create: CreateBookingResponseSchema,
  savePassengers: SavePassengersResponseSchema,
  reprice: RepriceResponseSchema,
  book: BookResponseSchema,
  retrieve: RetrieveBookingResponseSchema,
};

/** JSON text with sorted keys and no undefined: equal values, whatever the key order. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
}

function agree(answer: Answer, candidate: unknown): void {
  const zod = SCHEMAS[answer].safeParse(candidate);
  const unchanged = zod.success && canonical(zod.data) === canonical(candidate);
  expect(bookingAnswerInPlace[answer](candidate), `${answer}: ${canonical(candidate)?.slice(0, 300)}`).toBe(unchanged);
}

/** A copy of `v` with one node replaced or deleted, as a body on the wire could be (JSON). */
const mutateJson = (v: unknown, path: Path, value: unknown, remove: boolean): unknown =>
  JSON.parse(JSON.stringify(mutate(v, path, value, remove))) as unknown;

const replacement = fc.oneof(
  fc.constantFrom<unknown>(undefined, null, '', 'x', 'inbound', 'one_way', 0, -1, 1.5, 2 ** 53, true, false, [], {}, Number.NaN),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant({ isVisible: true, isMandatoryIfVisible: false }),
);

/** Real answers of every booking endpoint, captured from the sandbox through the public client. */
const bases: Record<Answer, unknown[]> = { create: [], savePassengers: [], reprice: [], book: [], retrieve: [] };
const sandbox = createSandbox({ seed: 7 });

beforeAll(async () => {
  const capture = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const response = await sandbox.fetch(request.clone());
    if (!response) throw new Error(`the sandbox has no route for ${request.method} ${request.url}`);
    const path = new URL(request.url).pathname;
    const answer: Answer | undefined =
      request.method === 'GET' && /^\/v1\/flights\/booking\/[^/]+\/$/.test(path)
        ? 'retrieve'
        : request.method !== 'POST'
          ? undefined
          : path === '/v1/flights/booking/'
            ? 'create'
            : path.endsWith('/passengers/')
              ? 'savePassengers'
              : path.endsWith('/reprice/')
                ? 'reprice'
                : path.endsWith('/book/')
                  ? 'book'
                  : undefined;
    if (answer && response.ok) bases[answer].push(await response.clone().json());
    return response;
  };
  const fareway = new Fareway({ apiKey: sandbox.apiKey, baseUrl: 'http://sandbox.test', fetch: capture, rateLimits: false });
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  for (const source of ['supplier_a', 'supplier_b'] as const) {
    for (const international of [false, true]) {
      const results = await fareway.flights.search({
        origin: 'DEL',
        destination: international ? 'DXB' : 'BOM',
        preferred_departure_time: day,
        adult_count: 1,
        source,
      });
      const choice = results.select(results.outbound[0]!);
      const booking = await fareway.bookings.create(choice);
      const passport = { passport_number: 'Z1234567', passport_expiry: '2031-01-01', passport_issue_date: '2021-01-01', nationality: 'IN' };
      await fareway.bookings.savePassengers(booking, [lead(passport)]);
      await fareway.bookings.reprice(booking.booking_id);
      await fareway.bookings.book(booking.booking_id);
      await fareway.bookings.retrieve(booking.booking_id);
    }
  }
  await fareway.close();
}, 60_000);
afterAll(() => sandbox.control?.reset?.());

describe('in-place booking checks agree with the booking answer schemas', () => {
  it('say yes to every real answer of the sandbox (so the hot path is taken)', () => {
    for (const [answer, list] of Object.entries(bases) as [Answer, unknown[]][]) {
      expect(list.length, answer).toBeGreaterThan(0);
      for (const body of list) expect(bookingAnswerInPlace[answer](body), answer).toBe(true);
    }
  });

  it('agree on the wire fixtures and every field of them broken', () => {
    const fixtures: [Answer, unknown][] = [
      ['create', createdBooking()],
      ['savePassengers', bookingBody('passenger_saved', { duplicates_found: false, duplicates: [] })],
      ['reprice', bookingBody('priced')],
      ['book', bookingBody('confirmed', { pnr: 'ABC123' })],
      ['retrieve', bookingBody('confirmed', { pnr: 'ABC123' })],
    ];
    for (const [answer, f] of fixtures) {
      agree(answer, f);
      for (const p of allPaths(f))
        for (const bad of [undefined, null, 'x', -1, 1.5, true, [], {}]) agree(answer, mutateJson(f, p, bad, bad === undefined));
    }
  });

  it('agree on real answers with one field replaced or removed anywhere', () => {
    const cases = fc
      .tuple(fc.constantFrom(...(Object.keys(bases) as Answer[])), fc.nat(), fc.nat(), replacement, fc.boolean())
      .map(([answer, which, n, value, remove]) => {
        const list = bases[answer];
        const base = list[which % list.length];
        const paths = allPaths(base);
        return [answer, mutateJson(base, paths[n % paths.length]!, value, remove)] as const;
      });
    fc.assert(
      fc.property(cases, ([answer, candidate]) => agree(answer, candidate)),
      { numRuns: 4000 },
    );
  });
});
