// The partner API end to end against the sandbox (through msw): hold and confirm, the provoked
// failures, and how each becomes an HTTP answer.
import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { call, sandbox } from './harness.ts';

const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
const traveller = {
  title: 'Mrs',
  first_name: 'Priya',
  last_name: 'Sharma',
  gender: 'female',
  pax_type: 'adult',
  dob: '1986-07-19',
  is_lead: true,
  email: 'priya@example.com',
  contact_number: '9812345678',
  cell_country_code: '91',
  passport_number: 'Z4810001',
  passport_expiry: '2035-01-01',
  nationality: 'IN',
};

beforeAll(() => {
  const msw = (createRequire(import.meta.url)('msw/package.json') as { version: string }).version;
  console.log(`node ${process.version}, msw ${msw}`);
});

/** Search, then hold the first option with its token alone (as a second request would). */
async function hold(): Promise<{ booking_id: string; fare: number }> {
  const search = await call('POST', '/search', { origin: 'DEL', destination: 'BOM', date: day });
  expect(search.status).toBe(200);
  const held = await call('POST', '/holds', { token: search.body.options[0].token });
  expect(held.status).toBe(201);
  return held.body;
}

async function named(): Promise<{ booking_id: string; fare: number }> {
  const h = await hold();
  const saved = await call('PUT', `/holds/${h.booking_id}/passengers`, { passengers: [traveller] });
  expect(saved.status).toBe(200);
  return h;
}

it('holds, names and confirms a flight; get and list show it; a second confirm is a 409', async () => {
  const h = await named();
  const done = await call('POST', `/holds/${h.booking_id}/confirm`, { expected_fare: h.fare });
  expect(done).toMatchObject({ status: 200, body: { status: 'confirmed' } });
  expect(done.body.pnr).toMatch(/^[A-Z0-9]{6}$/);
  console.log(`PNR: ${done.body.pnr}`);

  const got = await call('GET', `/bookings/${h.booking_id}`);
  expect(got.body).toMatchObject({ status: 'confirmed', pnr: done.body.pnr });
  const list = await call('GET', '/bookings?limit=5');
  expect(list.body.bookings[0]).toEqual({ booking_id: h.booking_id, status: 'confirmed' });

  const again = await call('POST', `/holds/${h.booking_id}/confirm`, { expected_fare: h.fare });
  expect(again).toMatchObject({
    status: 409,
    body: { error: { code: 'invalid_state', booking_status: 'confirmed', booking_id: h.booking_id } },
  });
  expect(again.body.error.request_id).toMatch(/\S/);
});

it('an expired hold is a 409 "search again"; a tampered token is a 400 and nothing is sent', async () => {
  const h = await named();
  sandbox.control.expireBooking(h.booking_id);
  const late = await call('POST', `/holds/${h.booking_id}/confirm`, { expected_fare: h.fare });
  expect(late).toMatchObject({
    status: 409,
    body: { error: { code: 'fare_expired', booking_id: h.booking_id } },
  });

  const search = await call('POST', '/search', { origin: 'DEL', destination: 'BOM', date: day });
  const token: string = search.body.options[0].token;
  const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
  sandbox.control.clearRequests();
  const refused = await call('POST', '/holds', { token: tampered });
  expect(refused).toMatchObject({ status: 400, body: { error: { code: 'invalid_selection' } } });
  expect(sandbox.control.requests()).toEqual([]);
});

it('a fare that moved is a 409 with the new fare and books nothing; confirming at it books', async () => {
  const h = await named();
  sandbox.control.movePriceOnNextReprice(750);
  const moved = await call('POST', `/holds/${h.booking_id}/confirm`, { expected_fare: h.fare });
  expect(moved).toMatchObject({
    status: 409,
    body: { error: { code: 'price_changed', booking_id: h.booking_id, previous_fare: h.fare } },
  });
  expect(moved.body.error.new_fare).toBeGreaterThan(h.fare);
  expect(sandbox.control.getBooking(h.booking_id)?.pnr).toBeFalsy();

  const done = await call('POST', `/holds/${h.booking_id}/confirm`, {
    expected_fare: moved.body.error.new_fare,
  });
  expect(done).toMatchObject({ status: 200, body: { status: 'confirmed' } });
});

it('a passenger with several problems is one 422 listing every issue; nothing is sent', async () => {
  const h = await hold();
  sandbox.control.clearRequests();
  const bad = { ...traveller, first_name: '', email: 'x', dob: '2090-01-01', passport_number: '' };
  const refused = await call('PUT', `/holds/${h.booking_id}/passengers`, { passengers: [bad] });
  expect(refused).toMatchObject({ status: 422, body: { error: { code: 'invalid_request' } } });
  const paths = (refused.body.error.issues as { path: string }[]).map((i) => i.path);
  expect(paths).toEqual(
    expect.arrayContaining([
      'passengers[0].first_name',
      'passengers[0].email',
      'passengers[0].dob',
      'passengers[0].passport_number',
    ]),
  );
  expect(JSON.stringify(refused.body)).not.toContain('Priya');
  expect(sandbox.control.requests().filter((r) => r.endpoint === 'savePassengers')).toEqual([]);
});

it('passengers the service refuses are a 422 too, with its issues and the booking', async () => {
  const h = await hold();
  const detail = 'passengers[0].passport_number: not accepted by the airline';
  sandbox.control.failNext('savePassengers', { status: 400, detail });
  const refused = await call('PUT', `/holds/${h.booking_id}/passengers`, { passengers: [traveller] });
  expect(refused).toMatchObject({
    status: 422,
    body: {
      error: {
        code: 'invalid_request',
        booking_id: h.booking_id,
        issues: [{ path: 'passengers[0].passport_number', message: 'not accepted by the airline' }],
      },
    },
  });
  expect(JSON.stringify(refused.body)).not.toMatch(/Priya|Z4810001/);
});

it("the service's failures are 502 with the request id, and an unknown booking a 404", async () => {
  const h = await hold();
  sandbox.control.failNext('retrieve', { status: 502, times: 10 });
  const down = await call('GET', `/bookings/${h.booking_id}`);
  expect(down).toMatchObject({
    status: 502,
    body: { error: { code: 'upstream_failed', booking_id: h.booking_id } },
  });
  expect(down.body.error.request_id).toMatch(/\S/);
  sandbox.control.reset();
  const missing = await call('GET', '/bookings/7c6f1e9a-3a57-4c86-9d0b-1a2b3c4d5e6f');
  expect(missing).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
});

it('a request that is neither to Fareway nor to the app fails the test (msw reports it)', async () => {
  await expect(fetch('https://elsewhere.example/v1/')).rejects.toThrow(TypeError); // a network error
});
