// Two instances of the service on one sandbox served over HTTP: search on one, hold on the other
// from the token alone, passengers, confirm with the price guard; a refused passenger is a 422.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { call, day, startSandbox, traveller } from './sandbox.ts';

const api = await startSandbox(3);
const apps: FastifyInstance[] = [];

/** One instance of the service on a free port; its URL. */
async function instance(): Promise<string> {
  const app = await buildApp({ apiKey: api.apiKey, baseUrl: api.url });
  apps.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

let a = '';
let b = '';
before(async () => {
  const fastify = (createRequire(import.meta.url)('fastify/package.json') as { version: string }).version;
  console.log(`node ${process.version}, fastify ${fastify}`);
  [a, b] = [await instance(), await instance()];
});
after(async () => {
  for (const app of apps) await app.close(); // closes each Fareway client (onClose)
  await api.close();
});

async function hold(): Promise<{ booking_id: string; fare: number }> {
  const search = await call(a, 'POST', '/search', { origin: 'DEL', destination: 'BOM', date: day });
  assert.equal(search.status, 200);
  const held = await call(b, 'POST', '/holds', { token: search.body.options[0].token }); // instance b
  assert.equal(held.status, 201);
  return held.body;
}

test('search on one instance, hold and confirm on the other; the price guard holds', async () => {
  const h = await hold();
  const saved = await call(b, 'PUT', `/holds/${h.booking_id}/passengers`, { passengers: [traveller] });
  assert.equal(saved.status, 200);

  api.sandbox.control.movePriceOnNextReprice(750);
  const moved = await call(a, 'POST', `/holds/${h.booking_id}/confirm`, { expected_fare: h.fare });
  assert.equal(moved.status, 409);
  assert.equal(moved.body.error.code, 'price_changed');
  assert.equal(moved.body.error.booking_id, h.booking_id);
  assert.ok(moved.body.error.new_fare > h.fare);
  assert.ok(!api.sandbox.control.getBooking(h.booking_id)?.pnr, 'nothing booked at the moved fare');

  const done = await call(a, 'POST', `/holds/${h.booking_id}/confirm`, {
    expected_fare: moved.body.error.new_fare,
  });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  assert.equal(done.body.status, 'confirmed');
  assert.match(done.body.pnr, /^[A-Z0-9]{6}$/);
  console.log(`PNR: ${done.body.pnr}`);

  const got = await call(b, 'GET', `/bookings/${h.booking_id}`);
  assert.deepEqual([got.body.status, got.body.pnr], ['confirmed', done.body.pnr]);
  const again = await call(b, 'POST', `/holds/${h.booking_id}/confirm`, { expected_fare: done.body.fare });
  assert.equal(again.status, 409);
  assert.equal(again.body.error.code, 'invalid_state');
  assert.match(again.body.error.request_id, /\S/);
});

test('a refused passenger is a 422: by our checks (nothing sent) or by the service', async () => {
  const h = await hold();
  api.sandbox.control.clearRequests();
  const bad = { ...traveller, first_name: '', email: 'x', dob: '2090-01-01' };
  const refused = await call(b, 'PUT', `/holds/${h.booking_id}/passengers`, { passengers: [bad] });
  assert.equal(refused.status, 422);
  assert.equal(refused.body.error.code, 'invalid_request');
  const paths = (refused.body.error.issues as { path: string }[]).map((i) => i.path);
  for (const field of ['first_name', 'email', 'dob'])
    assert.ok(paths.includes(`passengers[0].${field}`), field);
  assert.ok(!JSON.stringify(refused.body).includes('Priya'));
  assert.deepEqual(
    api.sandbox.control.requests().filter((r) => r.endpoint === 'savePassengers'),
    [],
  );

  // The service refuses what our checks let through: still the traveller's to fix, never a 500.
  api.sandbox.control.failNext('savePassengers', { status: 400, detail: 'Passport not valid for travel' });
  const service = await call(b, 'PUT', `/holds/${h.booking_id}/passengers`, { passengers: [traveller] });
  assert.equal(service.status, 422, JSON.stringify(service.body));
  assert.equal(service.body.error.code, 'invalid_request');
  assert.equal(service.body.error.issues[0].message, 'Passport not valid for travel');
  assert.equal(service.body.error.booking_id, h.booking_id);
});

test("errors that are not Fareway's keep Fastify's own answers", async () => {
  const bad = await call(a, 'POST', '/holds', undefined);
  assert.equal(bad.status, 500); // no body: request.body is undefined, a TypeError in the route
  const notJson = await fetch(`${a}/holds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{',
  });
  assert.equal(notJson.status, 400);
});
