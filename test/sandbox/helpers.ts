/**
 * Small fetch helpers for the sandbox tests: the tests speak the wire format directly, with no
 * SDK in between, so they check the fake service itself.
 */
export const BASE = 'https://api.sandbox.fareway.test';

/** A parsed response. Bodies are loosely typed on purpose: tests poke at wire JSON freely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Res<T = any> {
  status: number;
  headers: Headers;
  json: T;
}

/** A wire-level client bound to a base URL and an API key (null: no Authorization header). */
export function wire(base: string, apiKey: string | null) {
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    key: string | null = apiKey,
  ): Promise<Res> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (key !== null) headers.Authorization = `Api-Key ${key}`;
    const res = await fetch(base + path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      /* raw bodies (injected HTML) stay text */
    }
    return { status: res.status, headers: res.headers, json };
  };
  return {
    post: (path: string, body?: unknown, key?: string | null) =>
      call('POST', path, body, key === undefined ? apiKey : key),
    get: (path: string, key?: string | null) =>
      call('GET', path, undefined, key === undefined ? apiKey : key),
  };
}
export type Wire = ReturnType<typeof wire>;

/** A valid search body (all strings) with overrides. */
export function searchBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    direct_flight: 'false',
    adult_count: '1',
    child_count: '0',
    infant_count: '0',
    flight_cabin_class: '2',
    journey_type: '1',
    preferred_departure_time: '2031-03-10T08:00:00',
    origin: 'DEL',
    destination: 'BOM',
    ...over,
  };
}

/** A round-trip search body. */
export function roundTrip(
  origin: string,
  destination: string,
  source: 'supplier_a' | 'supplier_b',
  over: Record<string, unknown> = {},
) {
  return searchBody({
    journey_type: '2',
    origin,
    destination,
    source,
    preferred_return_departure_time: '2031-03-17T08:00:00',
    ...over,
  });
}

/** A valid passenger; `passport` adds passport number, expiry and nationality. */
export function pax(over: Record<string, unknown> = {}, passport = true): Record<string, unknown> {
  return {
    title: 'Ms',
    first_name: 'Asha',
    last_name: 'Verma',
    gender: 'female',
    pax_type: 'adult',
    dob: '1990-05-14',
    is_lead: true,
    email: 'asha@example.com',
    contact_number: '9876543210',
    cell_country_code: '91',
    ...(passport ? { passport_number: 'Z1234567', passport_expiry: '2035-01-01', nationality: 'IN' } : {}),
    ...over,
  };
}

/** Searches, creates a booking from the first bookable choice and returns both responses. */
export async function draft(api: Wire, body: Record<string, unknown> = searchBody()) {
  const search = await api.post('/v1/flights/search/', body);
  if (search.status !== 200) throw new Error(`search failed: ${JSON.stringify(search.json)}`);
  const s = search.json;
  // A one-way answer names its supplier's round-trip style too: the journey type comes first.
  const indices =
    s.journey_type === 'one_way'
      ? [s.outbound[0].result_index]
      : s.round_trip_style === 'coupled'
        ? [s.outbound[0].inbound_options[0].result_index]
        : [s.outbound[0].result_index, s.inbound[0].result_index];
  const created = await api.post('/v1/flights/booking/', { trace_id: s.trace_id, result_indices: indices });
  if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.json)}`);
  return { search, created, id: created.json.booking_id as string };
}

/** A draft with passengers saved. */
export async function saved(api: Wire, body?: Record<string, unknown>, passengers = [pax()]) {
  const d = await draft(api, body);
  const res = await api.post(`/v1/flights/booking/${d.id}/passengers/`, { passengers });
  if (res.status !== 200) throw new Error(`save failed: ${JSON.stringify(res.json)}`);
  return { ...d, savedRes: res };
}
