import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { SavePassengersResponseSchema } from '../../src/schemas/index.js';
import { BASE, draft, pax, saved, searchBody, wire } from './helpers.js';

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

describe('passengers (spec §4.4)', () => {
  it('supplier_a requires passports even domestically, with the reason in detail', async () => {
    const { id } = await draft(api);
    const res = await api.post(path(id, 'passengers'), { passengers: [pax({}, false)] });
    expect(res.status).toBe(400);
    const details: string[] = res.json.errors[0].detail;
    expect(details).toEqual(
      expect.arrayContaining([
        expect.stringContaining('passengers[0].passport_number: is required by supplier_a'),
      ]),
    );
    expect(details.join(' ')).toContain('passengers[0].nationality');
    expect(details.join(' ')).toContain('passengers[0].passport_expiry');
    expect(sandbox.control.getBooking(id)?.status).toBe('draft');
  });

  it('supplier_b requires passports only internationally', async () => {
    const dom = await draft(api, searchBody({ source: 'supplier_b' }));
    expect(dom.created.json.passport_required).toBe(false);
    expect((await api.post(path(dom.id, 'passengers'), { passengers: [pax({}, false)] })).status).toBe(200);
    const intl = await draft(api, searchBody({ source: 'supplier_b', destination: 'SIN' }));
    expect(intl.created.json.passport_required).toBe(true);
    expect((await api.post(path(intl.id, 'passengers'), { passengers: [pax({}, false)] })).status).toBe(400);
  });

  it.each([
    ['no lead', [pax({ is_lead: false })], 'exactly one passenger must have is_lead true'],
    ['a bad title', [pax({ title: 'Dr' })], 'passengers[0].title: must be one of Mr, Ms, Mrs'],
    ['a bad dob', [pax({ dob: '14-05-1990' })], 'passengers[0].dob'],
    ['a missing lead email', [pax({ email: undefined })], 'passengers[0].email: is required'],
    ['more passengers than searched', [pax(), pax({ is_lead: false })], 'expected 1 adult passenger(s)'],
    ['partial GST data', [pax({ gst_number: '27AAPFU0939F1ZV' })], 'partial GST details'],
    [
      'a passport expiring before travel',
      [pax({ passport_expiry: '2031-01-02' })],
      'expires before the last travel date',
    ],
    [
      'half a frequent flyer pair',
      [pax({ frequent_flyer_number: '123' })],
      'frequent_flyer_airline_code and frequent_flyer_number',
    ],
  ])('rejects %s with 400 naming the passenger and field', async (_n, passengers, detail) => {
    const { id } = await draft(api);
    const res = await api.post(path(id, 'passengers'), { passengers });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].detail.join(' ')).toContain(detail);
  });

  it('accepts complete GST data on the lead', async () => {
    const { id } = await draft(api);
    const gst = {
      gst_number: '27AAPFU0939F1ZV',
      gst_company_name: 'Acme',
      gst_company_address: 'Mumbai',
      gst_company_email: 'gst@acme.in',
      gst_company_contact_number: '912233445566',
    };
    expect((await api.post(path(id, 'passengers'), { passengers: [pax(gst)] })).status).toBe(200);
  });

  it('supplier_b applies SSR amounts to the price; supplier_a ignores ssr', async () => {
    const ssr = { meal: [{ code: 'VGML', origin: 'DEL', destination: 'BOM', amt: 400 }] };
    const b = await draft(api, searchBody({ source: 'supplier_b', direct_flight: 'true' }));
    const before = b.created.json.pricing.raw.final_fare;
    const res = SavePassengersResponseSchema.parse(
      (await api.post(path(b.id, 'passengers'), { passengers: [pax({ ssr }, false)] })).json,
    );
    expect(res.pricing.raw?.final_fare).toBe(before + 400);
    // Billed as a surcharge: no field of its own (the Pricing table has none), amounts still add up.
    expect(res.pricing.raw?.tax_and_surcharge).toBe(b.created.json.pricing.raw.tax_and_surcharge + 400);
    expect(res.pricing).not.toHaveProperty('ssr_amount');
    expect(res.pricing.raw).not.toHaveProperty('ssr_amount');
    const a = await draft(api, searchBody({ direct_flight: 'true' }));
    const resA = SavePassengersResponseSchema.parse(
      (await api.post(path(a.id, 'passengers'), { passengers: [pax({ ssr })] })).json,
    );
    expect(resA.pricing.final_fare).toBe(a.created.json.pricing.final_fare);
    expect(sandbox.control.getBooking(a.id)?.passengers?.[0]?.ssr).toBeUndefined();
  });

  it('needs one passenger per searched pax type', async () => {
    const { id } = await draft(api, searchBody({ adult_count: '2', child_count: '1', infant_count: '1' }));
    const passengers = [
      pax(),
      pax({ is_lead: false, first_name: 'Ravi', title: 'Mr', gender: 'male' }),
      pax({ is_lead: false, first_name: 'Kiran', pax_type: 'child', dob: '2022-01-01' }),
      pax({ is_lead: false, first_name: 'Mini', pax_type: 'infant', dob: '2030-06-01' }),
    ];
    expect((await api.post(path(id, 'passengers'), { passengers })).status).toBe(200);
  });
});

describe('duplicate detection (supplier_b only)', () => {
  it('reports a confirmed booking with the same lead, sector and date', async () => {
    const first = await saved(api, searchBody({ source: 'supplier_b' }), [pax({}, false)]);
    expect(first.savedRes.json.duplicates_found).toBe(false);
    const booked = (await api.post(path(first.id, 'book'))).json;
    const second = await draft(api, searchBody({ source: 'supplier_b' }));
    const res = SavePassengersResponseSchema.parse(
      (
        await api.post(path(second.id, 'passengers'), {
          passengers: [pax({ first_name: 'ASHA', last_name: 'verma' }, false)],
        })
      ).json,
    );
    expect(res.duplicates_found).toBe(true);
    expect(res.duplicates[0]).toMatchObject({
      pnr: booked.pnr,
      status: 'CONFIRMED',
      bms_booking_code: booked.bms_booking_code,
      origin_city_code: 'DEL',
      destination_city_code: 'BOM',
    });
    expect(res.duplicates[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(res.duplicates[0]?.member_code).toMatch(/^MBR/);
    const otherName = await draft(api, searchBody({ source: 'supplier_b' }));
    expect(
      (await api.post(path(otherName.id, 'passengers'), { passengers: [pax({ first_name: 'Neha' }, false)] }))
        .json.duplicates_found,
    ).toBe(false);
  });

  it('never reports for supplier_a', async () => {
    const first = await saved(api);
    await api.post(path(first.id, 'book'));
    const second = await saved(api);
    expect(second.savedRes.json.duplicates_found).toBe(false);
    expect(second.savedRes.json.duplicates).toEqual([]);
  });
});
