/**
 * `.withResponse()` and `.asResponse()` on every method that returns one answer, and each list
 * page's `response`, against the stateful sandbox.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FarewayPromise, NotFoundError, ResponseValidationError } from '../../src/index.js';
import { inDays, passengersFor, SANDBOX_URL, useSandbox } from '../helpers/sandbox.js';

const sb = useSandbox();

async function searched() {
  const fareway = sb.client();
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(20),
    adult_count: 1,
  });
  return { fareway, results, selection: results.select(results.outbound[0]!) };
}

/** The response's request id equals the data's, its status is 200 and its body is already read. */
function expectSameAnswer(data: { requestId?: string | undefined }, response: Response | undefined) {
  expect(response).toBeInstanceOf(Response);
  expect(response!.status).toBe(200);
  expect(data.requestId).toMatch(/^req_/);
  expect(response!.headers.get('x-request-id')).toBe(data.requestId);
  expect(response!.bodyUsed).toBe(true);
}

describe('.withResponse()', () => {
  it('on every single-answer method: the headers of the response that produced the data', async () => {
    const { fareway, results, selection } = await searched();
    const s = await fareway.flights
      .search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(21), adult_count: 1 })
      .withResponse();
    expectSameAnswer(s.data, s.response);
    expect(s.response!.headers.get('content-type')).toContain('application/json');

    const rules = await fareway.flights.fareRules(selection).withResponse();
    expectSameAnswer(rules.data, rules.response);

    const created = await fareway.bookings.create(selection).withResponse();
    expectSameAnswer(created.data, created.response);
    const id = created.data.booking_id;

    const saved = await fareway.bookings.savePassengers(created.data, passengersFor(results)).withResponse();
    expectSameAnswer(saved.data, saved.response);

    const repriced = await fareway.bookings.reprice(id).withResponse();
    expectSameAnswer(repriced.data, repriced.response);

    const booked = await fareway.bookings.book(id).withResponse();
    expectSameAnswer(booked.data, booked.response);
    expect(booked.data.pnr).toBeTruthy();

    const got = await fareway.bookings.retrieve(id).withResponse();
    expectSameAnswer(got.data, got.response);

    const airports = await fareway.airports.autocomplete('del').withResponse();
    expectSameAnswer(airports.data as { requestId?: string }, airports.response);
    // A cache hit: the data and the response of the request that filled the cache.
    const again = await fareway.airports.autocomplete('DEL').withResponse();
    expect(again.response?.headers.get('x-request-id')).toBe(
      (again.data as { requestId?: string }).requestId,
    );
    // No request at all (under 2 characters): a response built locally, with the data as its body.
    const none = await fareway.airports.autocomplete('d').withResponse();
    expect(none.response.status).toBe(200);
    expect(none.response.headers.get('x-request-id')).toBeNull();
    expect(await none.response.json()).toEqual({ results: [] });
  });

  it('savePassengers that first retrieves the booking gives the save answer, not the retrieve', async () => {
    const { fareway, results, selection } = await searched();
    const created = await fareway.bookings.create(selection);
    const saved = await fareway.bookings
      .savePassengers(created.booking_id, passengersFor(results))
      .withResponse();
    expectSameAnswer(saved.data, saved.response);
    expect(sb.calls('retrieve')).toHaveLength(1); // the preflight's read came first
    expect(saved.response!.url).toContain('/passengers/');
  });

  it('bookFlight: the response of the book', async () => {
    const { fareway, results, selection } = await searched();
    const { data, response } = await fareway
      .bookFlight({ selection, passengers: passengersFor(results) })
      .withResponse();
    expect(response?.headers.get('x-request-id')).toBe(data.booking.requestId);
  });

  it('a retried call gives the response of the attempt that answered', async () => {
    const fareway = sb.client({ maxRetries: 2 });
    sb.control.failNext('list', { status: 503 });
    const page = await fareway.bookings.list({ limit: 1 }).withResponse();
    expect(page.response?.status).toBe(200);
    expect(page.response?.headers.get('x-request-id')).toBe(page.data.requestId);
  });

  it('a failed call rejects with its typed error', async () => {
    const fareway = sb.client({ maxRetries: 0 });
    await expect(fareway.bookings.retrieve('bk_missing').withResponse()).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('the promise is a FarewayPromise and still a Promise', async () => {
    const fareway = sb.client();
    const p = fareway.bookings.list({ limit: 1 }).then((page) => page);
    expect(p).toBeInstanceOf(Promise);
    const q = fareway.bookings.retrieve('bk_missing').catch(() => 'caught');
    expect(q).not.toBeInstanceOf(FarewayPromise); // derived promises are plain (species)
    expect(await q).toBe('caught');
    expect(fareway.airports.autocomplete('x')).toBeInstanceOf(FarewayPromise);
  });
});

describe('.asResponse()', () => {
  it('the raw response, body readable, without the contract check', async () => {
    const { fareway, selection } = await searched();
    const created = await fareway.bookings.create(selection);
    const raw = await fareway.bookings.retrieve(created.booking_id).asResponse();
    expect(raw.status).toBe(200);
    const body = (await raw.json()) as { booking_id: string; status: string };
    expect(body.booking_id).toBe(created.booking_id);
    expect(body.status).toBe('draft');
    expect(raw.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('a 2xx that breaks the contract still comes back raw (the awaited call throws)', async () => {
    const fareway = sb.client();
    const broken = { booking_id: 'bk_x', status: 'no-such-status' };
    sb.server.use(
      http.get(`${SANDBOX_URL}/v1/flights/booking/bk_x/`, () =>
        HttpResponse.json(broken, { headers: { 'x-request-id': 'req_broken' } }),
      ),
    );
    await expect(fareway.bookings.retrieve('bk_x')).rejects.toBeInstanceOf(ResponseValidationError);
    const raw = await fareway.bookings.retrieve('bk_x').asResponse();
    expect(raw.headers.get('x-request-id')).toBe('req_broken');
    expect(await raw.json()).toEqual(broken);
  });

  it('asked for after the call settled: the same JSON body, serialised again', async () => {
    const { fareway, selection } = await searched();
    const created = await fareway.bookings.create(selection);
    const call = fareway.bookings.retrieve(created.booking_id);
    const data = await call;
    const raw = await call.asResponse();
    expect(raw.headers.get('x-request-id')).toBe(data.requestId);
    expect(await raw.json()).toMatchObject({ booking_id: created.booking_id, status: 'draft' });
  });

  it('an HTTP error still throws its typed error', async () => {
    const fareway = sb.client({ maxRetries: 0 });
    await expect(fareway.bookings.retrieve('bk_missing').asResponse()).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('list pages', () => {
  it('each page carries its own response', async () => {
    sb.control.seedBookings(5);
    const fareway = sb.client();
    const first = await fareway.bookings.list({ limit: 2 });
    const second = await first.nextPage();
    for (const page of [first, second!]) {
      expect(page.response?.status).toBe(200);
      expect(page.response?.headers.get('x-request-id')).toBe(page.requestId);
    }
    expect(first.requestId).not.toBe(second!.requestId);
    expect(JSON.stringify(first)).not.toContain('response');
  });
});

describe('a book settled by retrieving', () => {
  it('gives the response of the retrieve that found the PNR', async () => {
    const { fareway, results, selection } = await searched();
    const created = await fareway.bookings.create(selection);
    await fareway.bookings.savePassengers(created, passengersFor(results));
    sb.control.commitThenDrop('book');
    const { data, response } = await fareway.bookings.book(created.booking_id).withResponse();
    expect(data.reconciled).toBe(true);
    expect(data.pnr).toBeTruthy();
    expectSameAnswer(data, response);
    expect(response!.url).not.toContain('/book/');
  });
});
