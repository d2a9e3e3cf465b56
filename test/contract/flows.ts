/**
 * The calls of the conformance test, over raw HTTP (what is recorded is exactly what the sandbox
 * sends). Each helper throws when a step that must succeed does not, so a broken flow never
 * passes as "nothing to validate".
 */
import type { Sandbox } from '../../src/sandbox/index.js';
import { pax, roundTrip, searchBody } from '../sandbox/helpers.js';
import type { Exchange, Recorder } from './validator.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Virtual "now" of every conformance sandbox: the helpers' travel dates (March 2031) lie ahead. */
export const NOW = Date.UTC(2031, 0, 1);

/** The scenarios of spec §4.1 for both suppliers. */
export const TRIPS: Array<[string, Record<string, unknown>]> = [
  ['supplier_a one-way domestic', searchBody()],
  ['supplier_b one-way domestic', searchBody({ source: 'supplier_b', origin: 'BLR', destination: 'GOI' })],
  ['supplier_a one-way international', searchBody({ destination: 'SIN' })],
  ['supplier_b one-way international', searchBody({ source: 'supplier_b', destination: 'DXB' })],
  ['supplier_a domestic round trip (coupled)', roundTrip('BLR', 'DEL', 'supplier_a')],
  ['supplier_b domestic round trip (independent)', roundTrip('BLR', 'DEL', 'supplier_b')],
  [
    'supplier_a international round trip (coupled)',
    roundTrip('DEL', 'LHR', 'supplier_a', { adult_count: '2', child_count: '1', infant_count: '1' }),
  ],
  ['supplier_b international round trip (coupled)', roundTrip('BOM', 'SIN', 'supplier_b')],
];

function ok(ex: Exchange, step: string): Json {
  if (ex.status !== 200)
    throw new Error(`${step}: expected 200, got ${ex.status} ${JSON.stringify(ex.body)}`);
  return ex.body;
}

/** The indices create-booking takes for the first choice of a search (spec §4.1 scenario table). */
export function firstChoice(s: Json): string[] {
  if (s.journey_type === 'one_way') return [s.outbound[0].result_index];
  if (s.round_trip_style === 'coupled') return [s.outbound[0].inbound_options[0].result_index];
  return [s.outbound[0].result_index, s.inbound[0].result_index];
}

/** Passengers for a search's pax_count, with passports (valid for both suppliers everywhere). */
export function passengers(
  count: { adult: number; child: number; infant: number },
  lead: Record<string, unknown> = {},
) {
  const list = [pax(lead)];
  for (let i = 1; i < count.adult; i++)
    list.push(pax({ is_lead: false, first_name: `Adult${'abcdefgh'[i]}`, title: 'Mr', gender: 'male' }));
  for (let i = 0; i < count.child; i++)
    list.push(
      pax({ is_lead: false, first_name: `Child${'abcdefgh'[i]}`, pax_type: 'child', dob: '2022-02-02' }),
    );
  for (let i = 0; i < count.infant; i++)
    list.push(
      pax({ is_lead: false, first_name: `Infant${'abcdefgh'[i]}`, pax_type: 'infant', dob: '2030-06-01' }),
    );
  return list;
}

const booking = (id: string, step = '') => `/v1/flights/booking/${id}/${step ? `${step}/` : ''}`;

/** Search, then create a draft from the first choice (fare rules for each index on the way). */
export async function draft(api: Recorder, body: Record<string, unknown>) {
  const s = ok(await api.post('/v1/flights/search/', body), 'search');
  const indices = firstChoice(s);
  for (const result_index of indices)
    ok(await api.post('/v1/flights/fare-rules/', { trace_id: s.trace_id, result_index }), 'fare rules');
  const created = ok(
    await api.post('/v1/flights/booking/', { trace_id: s.trace_id, result_indices: indices }),
    'create',
  );
  return { search: s, id: created.booking_id as string };
}

/** A draft with passengers saved; returns the save-passengers answer too. */
export async function saved(
  api: Recorder,
  body: Record<string, unknown>,
  lead: Record<string, unknown> = {},
) {
  const d = await draft(api, body);
  const answer = ok(
    await api.post(booking(d.id, 'passengers'), { passengers: passengers(d.search.pax_count, lead) }),
    'passengers',
  );
  return { ...d, saved: answer };
}

/** The whole flow: search, fare rules, create, passengers, reprice, book, get. */
export async function fullFlow(
  api: Recorder,
  body: Record<string, unknown>,
  lead: Record<string, unknown> = {},
) {
  const s = await saved(api, body, lead);
  ok(await api.post(booking(s.id, 'reprice')), 'reprice');
  const booked = ok(await api.post(booking(s.id, 'book')), 'book');
  ok(await api.get(booking(s.id)), 'get');
  return { ...s, pnr: booked.pnr as string };
}

/**
 * supplier_b's duplicate check: book once, then save the same lead on the same sector and date.
 * Returns the second save-passengers answer.
 */
export async function duplicate(api: Recorder): Promise<Json> {
  const body = searchBody({ source: 'supplier_b', origin: 'HYD', destination: 'BLR' });
  const lead = { first_name: 'Nila', last_name: 'Menon' };
  await fullFlow(api, body, lead);
  return (await saved(api, body, lead)).saved;
}

/** Bookings in every status the API can reach, then the list (one full page and a middle page). */
export async function listing(api: Recorder, sandbox: Sandbox) {
  await draft(api, searchBody());
  await saved(api, searchBody({ source: 'supplier_b', origin: 'BLR', destination: 'GOI' }));
  const failed = await saved(api, searchBody());
  sandbox.control.failNext('book', { status: 502, detail: 'Supplier timeout' });
  await api.post(booking(failed.id, 'book'));
  ok(await api.get(booking(failed.id)), 'get failed');
  await fullFlow(api, searchBody({ destination: 'DXB' }));
  const all = ok(await api.get('/v1/bookings/?limit=100'), 'list');
  ok(await api.get('/v1/bookings/?limit=2&offset=2'), 'list page');
  ok(await api.get('/v1/bookings/'), 'list default');
  return all.results as Json[];
}

/** Autocomplete hits, a short query and a miss. */
export async function autocomplete(api: Recorder) {
  for (const q of ['del', 'mumbai', 'b', 'zzzz'])
    ok(await api.get(`/v1/airports/autocomplete/?q=${q}`, null), `autocomplete ${q}`);
}

/** Error answers the contract names (§7), each reached the way a partner would. Returns them. */
export async function errors(api: Recorder, sandbox: Sandbox): Promise<Exchange[]> {
  const out: Exchange[] = [];
  const keep = (ex: Exchange) => (out.push(ex), ex);
  keep(await api.post('/v1/flights/search/', searchBody({ journey_type: '3' }))); // 400 multi-city
  keep(await api.post('/v1/flights/search/', searchBody({ adult_count: 1 }))); // 400 not a string
  keep(await api.post('/v1/flights/search/', searchBody(), null)); // 401 no key
  keep(await api.get('/v1/bookings/', 'sbx_live_revoked')); // 401 unknown key
  keep(await api.get(booking('00000000-0000-4000-8000-000000000000'))); // 404
  const s = await saved(api, searchBody());
  keep(await api.post(booking(s.id, 'reprice'), undefined, sandbox.control.addPartner())); // 404: another partner's
  const t = ok(await api.post('/v1/flights/search/', searchBody({ source: 'supplier_b' })), 'search');
  sandbox.control.expireTrace(t.trace_id);
  keep(
    await api.post('/v1/flights/fare-rules/', {
      trace_id: t.trace_id,
      result_index: t.outbound[0].result_index,
    }),
  ); // 409
  keep(
    await api.post('/v1/flights/booking/', {
      trace_id: t.trace_id,
      result_indices: [t.outbound[0].result_index],
    }),
  ); // 409
  sandbox.control.expireBooking(s.id);
  keep(await api.post(booking(s.id, 'book'))); // 409 lock expired
  const poor = sandbox.control.addPartner({ walletBalance: 1 });
  const p = await saved(api.as(poor), searchBody());
  keep(await api.post(booking(p.id, 'book'), undefined, poor)); // 402: status "not shown" (§7)
  sandbox.control.failNext('search', { status: 502, detail: 'Supplier unavailable' });
  keep(await api.post('/v1/flights/search/', searchBody())); // 502
  sandbox.control.failNext('autocomplete', { status: 502, detail: 'Airport data unreachable' });
  keep(await api.get('/v1/airports/autocomplete/?q=del', null)); // 502
  sandbox.control.failNext('list', { status: 500 });
  keep(await api.get('/v1/bookings/')); // 500
  return out;
}
