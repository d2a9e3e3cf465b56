import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import {
  AutocompleteResponseSchema,
  BookResponseSchema,
  BookingListResponseSchema,
  CreateBookingResponseSchema,
  ErrorEnvelopeSchema,
  FareRulesResponseSchema,
  RepriceResponseSchema,
  RetrieveBookingResponseSchema,
  SavePassengersResponseSchema,
  SearchResponseSchema,
} from '../../src/schemas/index.js';
import { BASE, pax, roundTrip, searchBody, wire } from './helpers.js';

const sandbox = createSandbox({ now: Date.UTC(2031, 0, 1), partners: [{ walletBalance: 10_000_000 }] });
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
const api = wire(BASE, sandbox.apiKey);

it.each([
  ['domestic one-way, supplier_a', searchBody()],
  ['international one-way, supplier_b', searchBody({ destination: 'DXB', source: 'supplier_b' })],
  ['domestic round trip, supplier_a (coupled)', roundTrip('BLR', 'DEL', 'supplier_a')],
  ['domestic round trip, supplier_b (independent)', roundTrip('BLR', 'DEL', 'supplier_b')],
  [
    'international round trip, supplier_b (coupled)',
    roundTrip('DEL', 'LHR', 'supplier_b', { adult_count: '2', child_count: '1' }),
  ],
])('every response of the flow parses with the SDK schemas: %s', async (_name, body) => {
  const s = SearchResponseSchema.parse((await api.post('/v1/flights/search/', body)).json);
  const first = s.outbound[0]!;
  const indices =
    s.journey_type === 'one_way'
      ? [first.result_index]
      : s.round_trip_style === 'coupled'
        ? [first.inbound_options![0]!.result_index]
        : [first.result_index, s.inbound[0]!.result_index];
  FareRulesResponseSchema.parse(
    (await api.post('/v1/flights/fare-rules/', { trace_id: s.trace_id, result_index: indices[0] })).json,
  );
  const created = CreateBookingResponseSchema.parse(
    (await api.post('/v1/flights/booking/', { trace_id: s.trace_id, result_indices: indices })).json,
  );
  const passport = created.passport_required === true;
  const passengers = [pax({}, passport)];
  for (let i = 1; i < created.pax_count.adult; i++)
    passengers.push(pax({ is_lead: false, first_name: `Adult${i}` }, passport));
  for (let i = 0; i < created.pax_count.child; i++)
    passengers.push(
      pax({ is_lead: false, first_name: `Child${i}`, pax_type: 'child', dob: '2022-02-02' }, passport),
    );
  const id = created.booking_id;
  SavePassengersResponseSchema.parse(
    (await api.post(`/v1/flights/booking/${id}/passengers/`, { passengers })).json,
  );
  RepriceResponseSchema.parse((await api.post(`/v1/flights/booking/${id}/reprice/`)).json);
  BookResponseSchema.parse((await api.post(`/v1/flights/booking/${id}/book/`)).json);
  const got = RetrieveBookingResponseSchema.parse((await api.get(`/v1/flights/booking/${id}/`)).json);
  expect(got.status).toBe('confirmed');
  BookingListResponseSchema.parse((await api.get('/v1/bookings/')).json);
  AutocompleteResponseSchema.parse((await api.get('/v1/airports/autocomplete/?q=be', null)).json);
  ErrorEnvelopeSchema.parse((await api.post(`/v1/flights/booking/${id}/book/`)).json);
});
