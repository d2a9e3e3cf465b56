/**
 * Each endpoint answer is declared once (schema + tolerance rules) and read by the one reader:
 * whatever it lets through has every field its type requires; a missing or malformed required
 * field is a ResponseValidationError with the body and the ids; optional fields are tolerated.
 */
import { describe, expect, it } from 'vitest';
import { readResponse, type ReadContext } from '../../src/core/call/reader.js';
import { ResponseValidationError, type ContractDriftEvent } from '../../src/index.js';
import { z } from '../../src/schemas/zod.js';
import {
  BookAnswer,
  CreateBookingAnswer,
  RepriceAnswer,
  RetrieveBookingAnswer,
  SavePassengersAnswer,
  BookResponseSchema,
  SavePassengersResponseSchema,
} from '../../src/schemas/booking.js';
import { SearchResponseSchema } from '../../src/schemas/search.js';
import { missingPaths, requiredPaths } from '../../src/schemas/walk.js';
import type { Answer } from '../../src/schemas/answer.js';
import { bookingBody } from '../fixtures/wire.js';

const BOOKING = 'b0000000-0000-4000-8000-000000000001';
function rc(drifts: ContractDriftEvent[] = []): ReadContext {
  return {
    endpoint: 'retrieve',
    method: 'POST',
    path: '/x/',
    status: 200,
    requestId: 'req_1',
    ids: { booking_id: BOOKING },
    hooks: { onContractDrift: (d) => drifts.push(d) },
    logger: {},
  };
}
function refusal<T>(answer: Answer<T>, body: unknown): ResponseValidationError {
  try {
    readResponse(answer, body, rc());
  } catch (e) {
    expect(e).toBeInstanceOf(ResponseValidationError);
    return e as ResponseValidationError;
  }
  throw new Error('expected a ResponseValidationError');
}
const full = () => bookingBody('draft') as Record<string, unknown>;

describe('answer declarations', () => {
  it('are read by the schema itself (no z.compile: its compiler is 9.3 KiB of every bundle, docs/performance.md)', () => {
    for (const a of [
      CreateBookingAnswer,
      SavePassengersAnswer,
      RepriceAnswer,
      BookAnswer,
      RetrieveBookingAnswer,
    ]) {
      expect(a.compiled).toBe(a.schema);
    }
  });

  it('the type mirror is walked from the schemas: book requires booking_id, status, pnr and pricing (1.2)', () => {
    const paths = requiredPaths(BookResponseSchema);
    expect(paths.filter((p) => !p.includes('.'))).toEqual(['booking_id', 'status', 'pnr', 'pricing']);
    expect(paths).toContain('pricing.final_fare');
    expect(requiredPaths(SearchResponseSchema)).toEqual(
      expect.arrayContaining([
        'journey_type',
        'pax_count',
        'pax_count.adult',
        'outbound.*.pricing.final_fare',
      ]),
    );
    expect(
      missingPaths({ booking_id: 'b', status: 'confirmed', pnr: 'X', pricing: { currency: 'INR' } }, paths),
    ).toEqual(expect.arrayContaining(['pricing.base_fare', 'pricing.final_fare']));
  });
});

describe('the reader: types never lie', () => {
  it('save-passengers answered 200 {} is a ResponseValidationError with the body and the booking_id', () => {
    const error = refusal(SavePassengersAnswer, {});
    expect(error.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['booking_id', 'status', 'pricing']),
    );
    expect(error.body).toEqual({});
    expect(error.ids).toEqual({ booking_id: BOOKING, request_id: 'req_1' });
  });

  const answers = {
    create: CreateBookingAnswer,
    reprice: RepriceAnswer,
    retrieve: RetrieveBookingAnswer,
    book: BookAnswer,
  } as Record<string, Answer<unknown>>;
  it.each([
    ['create', 'booking_id'],
    ['create', 'status'],
    ['reprice', 'pricing'],
    ['retrieve', 'status'],
    ['book', 'pnr'],
    ['book', 'pricing'],
  ] as const)('%s without %s is a ResponseValidationError carrying the body as it came', (name, field) => {
    const answer = answers[name]!;
    const body = { ...full(), pnr: 'ABC123' } as Record<string, unknown>;
    delete body[field];
    const error = refusal(answer, body);
    expect(error.issues.map((i) => i.path)).toContain(field);
    expect(error.body).toEqual(body);
  });

  it('a malformed required amount inside pricing is fatal for reprice, retrieve and book (1.2)', () => {
    const body = full();
    (body.pricing as Record<string, unknown>).final_fare = 'cheap';
    expect(refusal(RepriceAnswer, body).issues.map((i) => i.path)).toEqual(['pricing.final_fare']);
    expect(refusal(RetrieveBookingAnswer, structuredClone(body)).body).toEqual(body);
    const booked = { ...structuredClone(body), status: 'confirmed', pnr: 'ABC123' };
    expect(refusal(BookAnswer, booked).issues.map((i) => i.path)).toEqual(['pricing.final_fare']);
  });

  it('a confirmed book with a PNR and its pricing is read whatever cosmetic field is missing or malformed (they are optional)', () => {
    const body = { ...full(), status: 'confirmed', pnr: 'ABC123', itinerary_items: 'none' } as Record<
      string,
      unknown
    >;
    const drifts: ContractDriftEvent[] = [];
    const read = readResponse(BookAnswer, body, rc(drifts));
    expect(read.pnr).toBe('ABC123');
    expect(read.pricing.final_fare).toBe((full().pricing as { final_fare: number }).final_fare);
    expect(read.itinerary_items).toBeUndefined();
    expect(drifts.map((d) => d.path)).toEqual(['itinerary_items']);
    expect(missingPaths(read, requiredPaths(BookResponseSchema))).toEqual([]);
  });

  it('a malformed optional field reads as absent and is reported; a malformed duplicate is dropped', () => {
    const drifts: ContractDriftEvent[] = [];
    const body = {
      ...full(),
      status: 'passenger_saved',
      passport_required: 'yes',
      duplicates_found: true,
      duplicates: [{ pnr: 'P1', status: 'CONFIRMED' }, { pnr: 7 }],
    };
    const read = readResponse(SavePassengersAnswer, body, rc(drifts));
    expect('passport_required' in read).toBe(false);
    expect(read.duplicates).toEqual([expect.objectContaining({ pnr: 'P1' })]);
    expect(drifts.map((d) => [d.path, d.action])).toEqual([
      ['duplicates[1]', 'dropped'],
      ['passport_required', 'ignored'],
    ]);
    expect(missingPaths(read, requiredPaths(SavePassengersResponseSchema))).toEqual([]);
    expect(body.passport_required).toBe('yes'); // the body itself is left as it came
  });

  it('unknown fields are kept at run time', () => {
    const read = readResponse(
      RetrieveBookingAnswer,
      { ...full(), zz_future: { a: 1 } },
      rc(),
    ) as unknown as Record<string, unknown>;
    expect(read.zz_future).toEqual({ a: 1 });
  });

  it('z.compile works on zod/mini schemas and agrees with the interpreter', () => {
    const schema = z.looseObject({ a: z.string(), b: z.nullish(z.number()) });
    const compiled = z.compile(schema);
    for (const v of [{ a: 'x' }, { a: 'x', b: null }, { a: 1 }, { a: 'x', b: 'y' }, null])
      expect(compiled.safeParse(v).success).toBe(schema.safeParse(v).success);
  });
});
