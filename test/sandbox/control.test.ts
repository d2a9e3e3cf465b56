import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { BookingListResponseSchema, RepriceResponseSchema } from '../../src/schemas/index.js';
import { BASE, draft, saved, searchBody, wire } from './helpers.js';

const sandbox = createSandbox({ now: Date.UTC(2031, 0, 1) });
const { control } = sandbox;
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => control.reset());
const api = wire(BASE, sandbox.apiKey);
const path = (id: string, step = '') => `/v1/flights/booking/${id}/${step ? `${step}/` : ''}`;

describe('failNext', () => {
  it('fails the next call with 502 by default, then answers normally', async () => {
    control.failNext('search');
    const failed = await api.post('/v1/flights/search/', searchBody());
    expect(failed.status).toBe(502);
    expect(failed.json).toEqual({
      success: false,
      errors: [{ detail: [expect.stringContaining('Injected 502')] }],
    });
    expect(failed.headers.get('x-request-id')).toMatch(/^req_/);
    expect((await api.post('/v1/flights/search/', searchBody())).status).toBe(200);
  });

  it('honours times, status, detail and headers', async () => {
    control.failNext('list', {
      times: 2,
      status: 503,
      detail: 'maintenance',
      headers: { 'Retry-After': '7' },
    });
    for (let i = 0; i < 2; i++) {
      const res = await api.get('/v1/bookings/');
      expect(res.status).toBe(503);
      expect(res.json.errors[0].detail).toEqual(['maintenance']);
      expect(res.headers.get('retry-after')).toBe('7');
    }
    expect((await api.get('/v1/bookings/')).status).toBe(200);
  });

  it('can answer a raw non-envelope body, e.g. an HTML 502 page', async () => {
    control.failNext('autocomplete', { body: '<html><body>502 Bad Gateway</body></html>' });
    const res = await fetch(`${BASE}/v1/airports/autocomplete/?q=del`);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(await res.text()).toContain('Bad Gateway');
  });

  it('can drop the connection (a network error for the client)', async () => {
    control.failNext('retrieve', { drop: true });
    await expect(
      fetch(`${BASE}/v1/flights/booking/x/`, { headers: { Authorization: `Api-Key ${sandbox.apiKey}` } }),
    ).rejects.toThrow();
    expect(control.requests().at(-1)).toMatchObject({ endpoint: 'retrieve', dropped: true, status: 0 });
  });

  it('can delay and then answer normally', async () => {
    control.failNext('autocomplete', { delayMs: 20 });
    const res = await api.get('/v1/airports/autocomplete/?q=bom', null);
    expect(res.status).toBe(200);
    expect(res.json.results[0].code).toBe('BOM');
  });

  it('a 502 on book is an upstream failure: the booking moves to failed', async () => {
    const s = await saved(api);
    control.failNext('book', { status: 502, detail: 'Supplier timeout' });
    const res = await api.post(path(s.id, 'book'));
    expect(res.status).toBe(502);
    expect(res.json.errors[0].detail).toEqual(['Supplier timeout']);
    const got = (await api.get(path(s.id))).json;
    expect(got.status).toBe('failed');
    expect(got).not.toHaveProperty('failure_reason'); // not a field of the contract
    expect(control.getBooking(s.id)?.failureReason).toBe('Supplier timeout');
    expect(control.getBooking(s.id)?.debits).toEqual([]);
    const again = await api.post(path(s.id, 'book'));
    expect(again.status).toBe(400);
    expect(again.json.errors[0].detail[0]).toContain('create a new booking');
  });

  it('other injected statuses on book leave the booking untouched', async () => {
    const s = await saved(api);
    control.failNext('book', { status: 500 });
    expect((await api.post(path(s.id, 'book'))).status).toBe(500);
    expect(control.getBooking(s.id)?.status).toBe('passenger_saved');
    expect((await api.post(path(s.id, 'book'))).status).toBe(200);
  });
});

describe('commitThenDrop', () => {
  it('books for real (PNR, one debit) and then drops the connection', async () => {
    const s = await saved(api);
    const before = control.walletBalance();
    control.commitThenDrop();
    await expect(api.post(path(s.id, 'book'))).rejects.toThrow();
    const snap = control.getBooking(s.id);
    expect(snap?.status).toBe('confirmed');
    expect(snap?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(snap?.debits).toHaveLength(1);
    expect(control.walletBalance()).toBeLessThan(before);
    const got = await api.get(path(s.id));
    expect(got.json).toMatchObject({ status: 'confirmed', pnr: snap?.pnr });
  });
});

describe('movePriceOnNextReprice', () => {
  it('moves the fare on the next reprice only and reports price_changed', async () => {
    const s = await saved(api);
    const locked = s.created.json.pricing;
    control.movePriceOnNextReprice(1000);
    const moved = RepriceResponseSchema.parse((await api.post(path(s.id, 'reprice'))).json);
    expect(moved.pricing.price_changed).toBe(true);
    expect(moved.pricing.previous_total_amount).toBe(locked.final_fare);
    expect(moved.pricing.raw?.final_fare).toBe(locked.raw.final_fare + 1000);
    expect(moved.pricing.final_fare).toBe(Math.round((locked.raw.final_fare + 1000) * 105) / 100);
    // Spec §4.5: compared with the fare at create-booking, so a later reprice still says so.
    const again = RepriceResponseSchema.parse((await api.post(path(s.id, 'reprice'))).json);
    expect(again.pricing).toMatchObject({
      price_changed: true,
      final_fare: moved.pricing.final_fare,
      previous_total_amount: locked.final_fare,
    });
    const got = (await api.get(path(s.id))).json;
    expect(got.pricing).toMatchObject({ price_changed: true, previous_total_amount: locked.final_fare });
    const before = control.walletBalance();
    const booked = (await api.post(path(s.id, 'book'))).json;
    expect(control.walletBalance()).toBeCloseTo(before - booked.pricing.final_fare, 2);
    expect(booked.pricing.final_fare).toBe(moved.pricing.final_fare);
  });

  it('a move back to the locked fare is no change since create-booking', async () => {
    const s = await saved(api);
    const locked = s.created.json.pricing;
    control.movePriceOnNextReprice(700);
    expect((await api.post(path(s.id, 'reprice'))).json.pricing.price_changed).toBe(true);
    control.movePriceOnNextReprice(-700);
    const back = RepriceResponseSchema.parse((await api.post(path(s.id, 'reprice'))).json);
    expect(back.pricing).toMatchObject({
      price_changed: false,
      final_fare: locked.final_fare,
      previous_total_amount: locked.final_fare,
    });
  });

  it("priceChangedSince: 'last-reprice' compares with the previous reprice (the old behaviour, for tests)", async () => {
    const old = createSandbox({ now: Date.UTC(2031, 0, 1), priceChangedSince: 'last-reprice' });
    const oldApi = wire('https://old-sandbox.fareway.test', old.apiKey);
    server.use(...old.handlers); // until afterEach resets them
    const s = await saved(oldApi);
    old.control.movePriceOnNextReprice(1000);
    const moved = RepriceResponseSchema.parse((await oldApi.post(path(s.id, 'reprice'))).json);
    expect(moved.pricing).toMatchObject({
      price_changed: true,
      previous_total_amount: s.created.json.pricing.final_fare,
    });
    const again = RepriceResponseSchema.parse((await oldApi.post(path(s.id, 'reprice'))).json);
    expect(again.pricing).toMatchObject({
      price_changed: false,
      previous_total_amount: moved.pricing.final_fare,
    });
    expect(() => createSandbox({ priceChangedSince: 'never' as 'create' })).toThrow(/priceChangedSince/);
  });

  it('accepts a negative move', async () => {
    const s = await saved(api);
    control.movePriceOnNextReprice(-500);
    const moved = (await api.post(path(s.id, 'reprice'))).json;
    expect(moved.pricing.raw.final_fare).toBe(s.created.json.pricing.raw.final_fare - 500);
  });
});

describe('wallets, partners and expiries', () => {
  it('setWalletBalance / walletBalance per partner; 402 when short', async () => {
    const key = control.addPartner({ walletBalance: 10, markupPercent: 0 });
    expect(control.walletBalance(key)).toBe(10);
    const other = wire(BASE, key);
    const s = await saved(other);
    expect((await other.post(path(s.id, 'book'))).status).toBe(402);
    control.setWalletBalance(1_000_000, key);
    expect((await other.post(path(s.id, 'book'))).status).toBe(200);
    expect(control.walletBalance(key)).toBe(1_000_000 - s.created.json.pricing.final_fare);
    expect(control.walletBalance()).toBe(500_000);
    expect(() => control.walletBalance('nope')).toThrow(/unknown partner/);
  });

  it('expireTrace makes fare-rules and create-booking answer 409', async () => {
    const s = (await api.post('/v1/flights/search/', searchBody({ source: 'supplier_b' }))).json;
    control.expireTrace(s.trace_id);
    expect(
      (
        await api.post('/v1/flights/fare-rules/', {
          trace_id: s.trace_id,
          result_index: s.outbound[0].result_index,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api.post('/v1/flights/booking/', {
          trace_id: s.trace_id,
          result_indices: [s.outbound[0].result_index],
        })
      ).status,
    ).toBe(409);
  });

  it('expireBooking makes passengers, reprice and book answer 409', async () => {
    const { id } = await draft(api);
    control.expireBooking(id);
    expect((await api.post(path(id, 'passengers'), { passengers: [] })).status).toBe(409);
    expect((await api.get(path(id))).json).toMatchObject({ status: 'draft' });
    expect(control.getBooking(id)?.lockExpiresAt).toBeLessThanOrEqual(control.now().getTime());
  });

  it('advanceTime and now move the virtual clock', () => {
    const t = control.now().getTime();
    expect(t).toBeGreaterThanOrEqual(Date.UTC(2031, 0, 1));
    control.advanceTime(3_600_000);
    expect(control.now().getTime() - t).toBeGreaterThanOrEqual(3_600_000);
  });
});

describe('seedBookings and list pagination', () => {
  it('seeds confirmed bookings and pages through them newest first', async () => {
    const ids = control.seedBookings(7);
    expect(new Set(ids).size).toBe(7);
    const s = await saved(api);
    const first = BookingListResponseSchema.parse((await api.get('/v1/bookings/?limit=3')).json);
    expect(first.count).toBe(8);
    expect(first.results.map((r) => r.id)).toEqual([s.id, ...ids.slice(0, 2)]);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`${BASE}/v1/bookings/?limit=3&offset=3`);
    const second = BookingListResponseSchema.parse((await api.get(first.next!.slice(BASE.length))).json);
    expect(second.previous).toBe(`${BASE}/v1/bookings/?limit=3&offset=0`);
    const last = BookingListResponseSchema.parse((await api.get(second.next!.slice(BASE.length))).json);
    expect(last.results.map((r) => r.id)).toEqual(ids.slice(5));
    expect(last.next).toBeNull();
    expect(last.results[0]).toMatchObject({
      status: 'confirmed',
      currency: 'INR',
      markup_percent_applied: 5,
      passengers: [expect.objectContaining({ first_name: expect.any(String) })],
    });
    expect(last.results[0]?.pnr).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('seeds other statuses, for another partner', async () => {
    const key = control.addPartner();
    control.seedBookings(2, { apiKey: key, status: 'failed' });
    const list = (await wire(BASE, key).get('/v1/bookings/')).json;
    expect(list.results.map((r: { status: string }) => r.status)).toEqual(['failed', 'failed']);
    expect((await api.get('/v1/bookings/')).json.count).toBe(0);
  });

  it('defaults limit to 25 and refuses a limit over 100 or a bad offset', async () => {
    control.seedBookings(30);
    const page = (await api.get('/v1/bookings/')).json;
    expect(page.results).toHaveLength(25);
    expect(page.next).toBe(`${BASE}/v1/bookings/?limit=25&offset=25`);
    expect((await api.get('/v1/bookings/?limit=101')).status).toBe(400);
    expect((await api.get('/v1/bookings/?offset=-1')).status).toBe(400);
  });

  it('seeds deterministically', () => {
    const a = createSandbox({ seed: 9 }).control.seedBookings(3);
    const b = createSandbox({ seed: 9 }).control.seedBookings(3);
    expect(a).toEqual(b);
  });
});

describe('request log, getBooking, reset', () => {
  it('logs every request with the API key redacted', async () => {
    await api.post('/v1/flights/search/', searchBody());
    await api.get('/v1/bookings/?limit=5');
    const log = control.requests();
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      method: 'POST',
      path: '/v1/flights/search/',
      endpoint: 'search',
      status: 200,
      body: searchBody(),
    });
    expect(log[1]).toMatchObject({
      method: 'GET',
      path: '/v1/bookings/?limit=5',
      endpoint: 'list',
      body: undefined,
    });
    expect(log[0]?.headers.authorization).toBe('Api-Key ***');
    expect(JSON.stringify(log)).not.toContain(sandbox.apiKey);
    expect(new Set(log.map((e) => e.requestId)).size).toBe(2);
    control.clearRequests();
    expect(control.requests()).toEqual([]);
  });

  it('reset forgets bookings, traces, knobs and wallets but keeps the key', async () => {
    const { id } = await draft(api);
    control.setWalletBalance(1);
    control.failNext('search');
    control.reset();
    expect(control.getBooking(id)).toBeUndefined();
    expect(control.walletBalance()).toBe(500_000);
    expect((await api.post('/v1/flights/search/', searchBody())).status).toBe(200);
  });

  it('rejects unknown endpoints in failNext', () => {
    expect(() => control.failNext('nope' as never)).toThrow(/unknown endpoint/);
  });
});
