import { describe, expect, it } from 'vitest';
import { SearchResults, VERSION } from '../../src/index.js';
import {
  BOOKING,
  TRACE,
  bookingBody,
  createdBooking,
  lead,
  listEntry,
  oneWaySearch,
} from '../fixtures/wire.js';
import { BASE, KEY, client, mockService } from '../helpers/mock-service.js';

const svc = mockService();

function expectAuthed(i = 0) {
  const call = svc.calls[i]!;
  expect(call.headers.authorization).toBe(`Api-Key ${KEY}`);
  expect(call.headers['user-agent']).toBe(`fareway/${VERSION} node/${process.version}`);
  return call;
}

describe('flights.search', () => {
  it('sends every value as a string, upper-cases codes and maps the cabin to its digit', async () => {
    svc.reply('post', '/v1/flights/search/', oneWaySearch());
    const results = await client().flights.search({
      origin: 'del',
      destination: 'bom',
      preferred_departure_time: new Date(2099, 11, 1, 9, 30),
      adult_count: 2,
      child_count: 1,
      infant_count: 1,
      direct_flight: true,
      flight_cabin_class: 'business',
    });
    const call = expectAuthed();
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/flights/search/');
    expect(call.headers['content-type']).toMatch(/^application\/json/);
    expect(call.body).toEqual({
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: '2099-12-01T09:30:00',
      adult_count: '2',
      child_count: '1',
      infant_count: '1',
      direct_flight: 'true',
      flight_cabin_class: '4',
      journey_type: '1',
      source: 'supplier_a',
    });
    expect(results).toBeInstanceOf(SearchResults);
    expect(results.trace_id).toBe(TRACE);
    expect(results.outbound).toHaveLength(2);
    expect(results.requestId).toBe('req_test_1');
  });

  it('infers a round trip from the return date and keeps unknown response fields', async () => {
    svc.reply(
      'post',
      '/v1/flights/search/',
      oneWaySearch({ journey_type: 'round_trip', round_trip_style: 'coupled', brand_new_field: 42 }),
    );
    const results = await client().flights.search({
      origin: 'DEL',
      destination: 'DXB',
      preferred_departure_time: '2099-12-01',
      preferred_return_departure_time: '2099-12-08T18:00:00',
      source: 'supplier_b',
    });
    expect(svc.calls[0]!.body).toMatchObject({
      journey_type: '2',
      preferred_departure_time: '2099-12-01T00:00:00',
      preferred_return_departure_time: '2099-12-08T18:00:00',
      adult_count: '1',
      child_count: '0',
      infant_count: '0',
      direct_flight: 'false',
      source: 'supplier_b',
    });
    expect((results.data as unknown as Record<string, unknown>).brand_new_field).toBe(42);
  });
});

describe('flights.fareRules', () => {
  it('posts trace_id and result_index and reports the fresh window', async () => {
    svc.reply('post', '/v1/flights/fare-rules/', {
      trace_id: TRACE,
      result_index: 'r1',
      expires_at: '2099-12-01T00:10:00',
      remaining_seconds: 540,
      rules: [{ airline: '6E', origin: 'DEL', destination: 'BOM', rule_text: 'Cancellation: INR 3000' }],
    });
    const rules = await client().flights.fareRules({ trace_id: TRACE, result_index: 'r1' });
    expect(expectAuthed().body).toEqual({ trace_id: TRACE, result_index: 'r1' });
    expect(svc.calls[0]!.path).toBe('/v1/flights/fare-rules/');
    expect(rules.rules[0]!.rule_text).toContain('Cancellation');
    expect(rules.deadline.remainingMs()).toBeGreaterThan(500_000);
    expect(rules.deadline.remainingMs()).toBeLessThanOrEqual(540_000);
  });
});

describe('bookings', () => {
  it('create posts trace_id and result_indices and returns the lock countdown', async () => {
    svc.reply('post', '/v1/flights/booking/', createdBooking());
    const booking = await client().bookings.create({ trace_id: TRACE, result_indices: ['r1'] });
    expect(expectAuthed().body).toEqual({ trace_id: TRACE, result_indices: ['r1'] });
    expect(svc.calls[0]!.path).toBe('/v1/flights/booking/');
    expect(booking.status).toBe('draft');
    expect(booking.pax_rules?.leadPax?.email?.isMandatoryIfVisible).toBe(true);
    expect(booking.deadline?.remainingMs()).toBeGreaterThan(1_000_000);
    expect(JSON.parse(JSON.stringify(booking))).toEqual(createdBooking()); // metadata stays off the wire data
  });

  it('savePassengers posts the passengers to the exact path', async () => {
    svc.reply('post', `/v1/flights/booking/${BOOKING}/passengers/`, {
      ...bookingBody('passenger_saved'),
      duplicates_found: false,
      duplicates: [],
    });
    const saved = await client().bookings.savePassengers(createdBooking() as never, [lead()]);
    const call = expectAuthed();
    expect(call.path).toBe(`/v1/flights/booking/${BOOKING}/passengers/`);
    expect(call.body).toEqual({ passengers: [lead()] });
    expect(saved.status).toBe('passenger_saved');
    expect(saved.duplicates_found).toBe(false);
  });

  it('reprice and book post without a body', async () => {
    svc.reply('post', `/v1/flights/booking/${BOOKING}/reprice/`, bookingBody('priced'));
    svc.reply(
      'post',
      `/v1/flights/booking/${BOOKING}/book/`,
      bookingBody('confirmed', { pnr: 'ABC123', bms_booking_code: 'BMS-1' }),
    );
    const fareway = client();
    const priced = await fareway.bookings.reprice(BOOKING);
    const done = await fareway.bookings.book(BOOKING);
    expect(svc.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /v1/flights/booking/${BOOKING}/reprice/`,
      `POST /v1/flights/booking/${BOOKING}/book/`,
    ]);
    expect(svc.calls.every((c) => c.body === undefined)).toBe(true);
    expectAuthed(1);
    expect(priced.status).toBe('priced');
    expect(done.pnr).toBe('ABC123');
    expect(done.reconciled).toBe(false);
  });

  it('retrieve gets the booking', async () => {
    svc.reply('get', `/v1/flights/booking/${BOOKING}/`, bookingBody('confirmed', { pnr: 'ABC123' }));
    const booking = await client().bookings.retrieve(BOOKING);
    expect(expectAuthed().method).toBe('GET');
    expect(svc.calls[0]!.path).toBe(`/v1/flights/booking/${BOOKING}/`);
    expect(booking.pnr).toBe('ABC123');
  });

  it('list sends limit and offset', async () => {
    svc.reply('get', '/v1/bookings/', { count: 1, next: null, previous: null, results: [listEntry(1)] });
    const page = await client().bookings.list({ limit: 10, offset: 20 });
    const call = expectAuthed();
    expect(call.path).toBe('/v1/bookings/');
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ limit: '10', offset: '20' });
    expect(page.count).toBe(1);
    expect(page.results[0]!.pnr).toBe('PNR001');
  });
});

describe('airports.autocomplete', () => {
  it('sends no API key', async () => {
    svc.reply('get', '/v1/airports/autocomplete/', {
      results: [{ code: 'DEL', city: 'Delhi', name: 'Indira Gandhi International' }],
    });
    const { results } = await client().airports.autocomplete('Del');
    const call = svc.calls[0]!;
    expect(call.headers.authorization).toBeUndefined();
    expect(call.url.searchParams.get('q')).toBe('del');
    expect(results[0]!.code).toBe('DEL');
  });
});

describe('base URL', () => {
  it('keeps a path prefix of the base URL', async () => {
    svc.reply('get', `/api/v1/flights/booking/${BOOKING}/`.replace('/api', ''), bookingBody('draft'));
    const { http, HttpResponse } = await import('msw');
    svc.use(http.get(`${BASE}/api/v1/flights/booking/:id/`, () => HttpResponse.json(bookingBody('draft'))));
    await client({ baseUrl: `${BASE}/api/` }).bookings.retrieve(BOOKING);
    expect(svc.calls[0]!.path).toBe(`/api/v1/flights/booking/${BOOKING}/`);
  });
});
