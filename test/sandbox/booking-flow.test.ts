import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import {
  BookResponseSchema,
  CreateBookingResponseSchema,
  RepriceResponseSchema,
  RetrieveBookingResponseSchema,
  SavePassengersResponseSchema,
} from '../../src/schemas/index.js';
import { BASE, draft, pax, roundTrip, saved, searchBody, wire } from './helpers.js';

const sandbox = createSandbox({
  now: Date.UTC(2031, 0, 1),
  partners: [{ markupPercent: 5 }, { apiKey: 'sbx_live_second_partner', markupPercent: 10 }],
});
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => sandbox.control.reset());
const api = wire(BASE, sandbox.apiKey);
const path = (id: string, step = '') => `/v1/flights/booking/${id}/${step ? `${step}/` : ''}`;

describe('authentication (spec §5)', () => {
  it.each([
    ['missing', null, 'not provided'],
    ['unknown', 'sbx_live_nope', 'Invalid API key'],
  ])('answers 401 for a %s key', async (_n, key, detail) => {
    const res = await api.post('/v1/flights/search/', searchBody(), key);
    expect(res.status).toBe(401);
    expect(res.json.errors[0].detail[0]).toContain(detail);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('answers 401 for a malformed header', async () => {
    const res = await fetch(`${BASE}/v1/bookings/`, {
      headers: { Authorization: `Bearer ${sandbox.apiKey}` },
    });
    expect(res.status).toBe(401);
  });

  it("hides another partner's booking behind 404, like an unknown id", async () => {
    const { id } = await draft(api);
    const other = wire(BASE, sandbox.control.addPartner());
    expect((await other.get(path(id))).status).toBe(404);
    expect((await other.post(path(id, 'book'))).status).toBe(404);
    expect((await api.get(path('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    expect((await other.get('/v1/bookings/')).json.count).toBe(0);
  });
});

describe('create booking (spec §4.3)', () => {
  it('one-way: a draft with pax_rules, lock window, markup and raw pricing', async () => {
    const { search, created } = await draft(api);
    const b = CreateBookingResponseSchema.parse(created.json);
    expect(b.status).toBe('draft');
    expect(b.remaining_seconds).toBeGreaterThanOrEqual(15 * 60);
    expect(b.remaining_seconds).toBeLessThanOrEqual(30 * 60);
    expect(b.passport_required).toBe(true); // supplier_a: always, domestic included
    expect(b.pax_rules?.leadPax?.passportNumber).toEqual({ isVisible: true, isMandatoryIfVisible: true });
    expect(b.itinerary_items).toHaveLength(1);
    expect(b.itinerary_items[0]?.legs.map((l) => l.direction)).toEqual(['outbound']);
    const option = search.json.outbound[0];
    expect(b.pricing.final_fare).toBe(option.pricing.final_fare);
    expect(b.pricing.raw?.final_fare).toBe(option.pricing.raw.final_fare);
    expect(b.pricing.final_fare).toBe(Math.round(option.pricing.raw.final_fare * 105) / 100);
    expect(b.pricing.markup_percent).toBe(5);
  });

  it('coupled: one inbound option index books both legs as one round-trip item', async () => {
    const s = (await api.post('/v1/flights/search/', roundTrip('DEL', 'DXB', 'supplier_a'))).json;
    const option = s.outbound[1].inbound_options[2];
    const res = await api.post('/v1/flights/booking/', {
      trace_id: s.trace_id,
      result_indices: [option.result_index],
    });
    const b = CreateBookingResponseSchema.parse(res.json);
    expect(b.itinerary_items).toHaveLength(1);
    expect(b.itinerary_items[0]?.journey_type).toBe('round_trip');
    expect(b.itinerary_items[0]?.legs.map((l) => l.direction)).toEqual(['outbound', 'inbound']);
    expect(b.itinerary_items[0]?.legs[0]?.segments).toEqual(s.outbound[1].segments);
    expect(b.itinerary_items[0]?.legs[1]?.segments).toEqual(option.segments);
    expect(b.pricing.final_fare).toBe(option.pricing.final_fare);
  });

  it("coupled: the outbound's display token books its cheapest pair", async () => {
    const s = (await api.post('/v1/flights/search/', roundTrip('BOM', 'LHR', 'supplier_a'))).json;
    const out = s.outbound[0];
    const res = await api.post('/v1/flights/booking/', {
      trace_id: s.trace_id,
      result_indices: [out.result_index],
    });
    expect(res.status).toBe(200);
    expect(res.json.itinerary_items[0].legs[1].segments).toEqual(out.inbound_options[0].segments);
    expect(res.json.pricing.final_fare).toBe(out.pricing.final_fare);
  });

  it('coupled: two indices are refused with 400', async () => {
    const s = (await api.post('/v1/flights/search/', roundTrip('DEL', 'DXB', 'supplier_a'))).json;
    const res = await api.post('/v1/flights/booking/', {
      trace_id: s.trace_id,
      result_indices: [s.outbound[0].result_index, s.outbound[0].inbound_options[1].result_index],
    });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].detail[0]).toContain('coupled');
  });

  it('independent: needs [outbound, inbound] and gives one item per index; one index is refused', async () => {
    const s = (await api.post('/v1/flights/search/', roundTrip('DEL', 'BOM', 'supplier_b'))).json;
    const one = await api.post('/v1/flights/booking/', {
      trace_id: s.trace_id,
      result_indices: [s.outbound[0].result_index],
    });
    expect(one.status).toBe(400);
    expect(one.json.errors[0].detail[0]).toContain('independent');
    const swapped = await api.post('/v1/flights/booking/', {
      trace_id: s.trace_id,
      result_indices: [s.inbound[0].result_index, s.outbound[0].result_index],
    });
    expect(swapped.status).toBe(400);
    const res = await api.post('/v1/flights/booking/', {
      trace_id: s.trace_id,
      result_indices: [s.outbound[2].result_index, s.inbound[3].result_index],
    });
    const b = CreateBookingResponseSchema.parse(res.json);
    expect(b.itinerary_items.map((i) => i.result_index)).toEqual([
      s.outbound[2].result_index,
      s.inbound[3].result_index,
    ]);
    expect(b.passport_required).toBe(false); // supplier_b domestic
    expect(b.pricing.raw?.final_fare).toBe(
      s.outbound[2].pricing.raw.final_fare + s.inbound[3].pricing.raw.final_fare,
    );
  });

  it('one-way: two indices, an unknown index or a missing trace are 400', async () => {
    const s = (await api.post('/v1/flights/search/', searchBody())).json;
    const two = await api.post('/v1/flights/booking/', {
      trace_id: s.trace_id,
      result_indices: [s.outbound[0].result_index, s.outbound[1].result_index],
    });
    expect(two.status).toBe(400);
    expect(
      (await api.post('/v1/flights/booking/', { trace_id: s.trace_id, result_indices: ['nope'] })).status,
    ).toBe(400);
    expect(
      (await api.post('/v1/flights/booking/', { result_indices: [s.outbound[0].result_index] })).status,
    ).toBe(400);
  });

  it('answers 409 on an expired trace (15 minutes for supplier_b)', async () => {
    const s = (await api.post('/v1/flights/search/', searchBody({ source: 'supplier_b' }))).json;
    sandbox.control.advanceTime(14 * 60_000);
    expect(
      (
        await api.post('/v1/flights/fare-rules/', {
          trace_id: s.trace_id,
          result_index: s.outbound[0].result_index,
        })
      ).status,
    ).toBe(200);
    sandbox.control.advanceTime(60_000);
    const res = await api.post('/v1/flights/booking/', {
      trace_id: s.trace_id,
      result_indices: [s.outbound[0].result_index],
    });
    expect(res.status).toBe(409);
    expect(res.json.errors[0].detail[0]).toMatch(/search again/);
  });
});

describe('state machine (spec §3)', () => {
  it('draft → passenger_saved → priced → confirmed, with the wallet debited once', async () => {
    const s = await saved(api);
    expect(SavePassengersResponseSchema.parse(s.savedRes.json).status).toBe('passenger_saved');
    const priced = RepriceResponseSchema.parse((await api.post(path(s.id, 'reprice'))).json);
    expect(priced).toMatchObject({ status: 'priced', pricing: { price_changed: false } });
    const before = sandbox.control.walletBalance();
    const booked = BookResponseSchema.parse((await api.post(path(s.id, 'book'))).json);
    expect(booked.status).toBe('confirmed');
    expect(booked.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(booked.bms_booking_code).toMatch(/^BMS\d+$/);
    expect(sandbox.control.walletBalance()).toBeCloseTo(before - booked.pricing!.final_fare, 2);
    const got = RetrieveBookingResponseSchema.parse((await api.get(path(s.id))).json);
    expect(got).toMatchObject({
      status: 'confirmed',
      pnr: booked.pnr,
      trace_id: s.search.json.trace_id,
      passport_required: true,
    });
    expect(got.expires_at).toBeUndefined();
    const snap = sandbox.control.getBooking(s.id);
    expect(snap?.debits).toHaveLength(1);
    expect(snap?.events.map((e) => e.to)).toEqual(['draft', 'passenger_saved', 'priced', 'confirmed']);
  });

  it('books straight from passenger_saved (reprice is optional)', async () => {
    const s = await saved(api);
    expect((await api.post(path(s.id, 'book'))).status).toBe(200);
  });

  it.each([
    ['reprice', 'draft', 'save passengers first'],
    ['book', 'draft', 'save passengers first'],
  ])('refuses %s in %s with 400', async (step, _status, detail) => {
    const { id } = await draft(api);
    const res = await api.post(path(id, step));
    expect(res.status).toBe(400);
    expect(res.json.errors[0].detail[0]).toContain(detail);
  });

  it('refuses every step on a confirmed booking with 400, and never debits twice', async () => {
    const s = await saved(api);
    await api.post(path(s.id, 'book'));
    for (const step of ['book', 'reprice', 'passengers']) {
      const res = await api.post(
        path(s.id, step),
        step === 'passengers' ? { passengers: [pax()] } : undefined,
      );
      expect(res.status).toBe(400);
      expect(res.json.errors[0].detail[0]).toContain('already confirmed');
    }
    expect(sandbox.control.getBooking(s.id)?.debits).toHaveLength(1);
  });

  it('answers 409 once the fare lock has expired', async () => {
    const s = await saved(api);
    sandbox.control.advanceTime((s.created.json.remaining_seconds + 1) * 1000);
    for (const step of ['reprice', 'book']) {
      const res = await api.post(path(s.id, step));
      expect(res.status).toBe(409);
      expect(res.json.errors[0].detail[0]).toContain('search again');
    }
    // The booking stays readable; get-booking carries no lock countdown (spec §2: create and fare rules only).
    expect((await api.get(path(s.id))).json).toMatchObject({ status: 'passenger_saved' });
  });

  it('answers 402 with a clear detail on an insufficient wallet, leaving the booking bookable', async () => {
    const poor = wire(BASE, sandbox.control.addPartner({ walletBalance: 100 }));
    const s = await saved(poor);
    const res = await poor.post(path(s.id, 'book'));
    expect(res.status).toBe(402);
    expect(res.json.errors[0].detail[0]).toMatch(/^Insufficient wallet balance: /);
    expect(sandbox.control.getBooking(s.id)?.status).toBe('passenger_saved');
  });

  it('uses each partner its own markup', async () => {
    const second = wire(BASE, 'sbx_live_second_partner');
    const { created } = await draft(second);
    expect(created.json.pricing.markup_percent).toBe(10);
    expect(created.json.pricing.final_fare).toBe(Math.round(created.json.pricing.raw.final_fare * 110) / 100);
  });
});
