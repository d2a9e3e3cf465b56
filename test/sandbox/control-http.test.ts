/**
 * `sandbox.control` over real HTTP on 127.0.0.1 (`listen({ control: true })`, what
 * `fareway-sandbox --control` serves): every control method is reachable with plain HTTP and JSON,
 * as curl or a suite in another language would call it, and provokes the failure it promises on
 * the service's own endpoints. Without the flag, the control paths are a 404.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APIConnectionError, Fareway, UpstreamError } from '../../src/index.js';
import { CONTROL_PATH } from '../../src/sandbox/control/control-http.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { draft, pax, saved, searchBody, wire, type Res, type Wire } from './helpers.js';

const sandbox = createSandbox({ now: Date.UTC(2031, 0, 1) });
let server: ListeningSandbox;
let api: Wire;
/** The control methods this file called over HTTP: at the end, every one of sandbox.control. */
const called = new Set<string>();

/** One control call over HTTP: a JSON object of named arguments, no API key. */
async function ctl(method: string, args?: unknown, httpMethod: 'POST' | 'GET' = 'POST'): Promise<Res> {
  called.add(method);
  const query = httpMethod === 'GET' && args ? `?${new URLSearchParams(args as Record<string, string>)}` : '';
  const res = await fetch(`${server.url}${CONTROL_PATH}/${method}${query}`, {
    method: httpMethod,
    ...(httpMethod === 'POST' ? { headers: { 'Content-Type': 'application/json' } } : {}),
    ...(httpMethod === 'POST' && args !== undefined ? { body: JSON.stringify(args) } : {}),
  });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

/** A control call that must succeed; its JSON answer. */
async function ok(method: string, args?: unknown, httpMethod: 'POST' | 'GET' = 'POST') {
  const res = await ctl(method, args, httpMethod);
  expect(res.json, JSON.stringify(res.json)).toMatchObject({ ok: true });
  expect(res.status).toBe(200);
  return res.json;
}

const path = (id: string, step = '') => `/v1/flights/booking/${id}/${step ? `${step}/` : ''}`;

beforeAll(async () => {
  server = await sandbox.listen({ control: true, rateLimits: false });
  api = wire(server.url, server.apiKey);
});
afterAll(() => server.close());
beforeEach(async () => {
  await ok('reset');
});

describe('off by default', () => {
  it('listen() without control: every control path is a 404, and nothing changes', async () => {
    const plain = await createSandbox().listen();
    try {
      for (const [method, p] of [
        ['GET', CONTROL_PATH],
        ['POST', `${CONTROL_PATH}/reset`],
        ['POST', `${CONTROL_PATH}/failNext`],
        ['GET', `${CONTROL_PATH}/now`],
      ] as const) {
        const res = await fetch(plain.url + p, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
        expect(res.status, `${method} ${p}`).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });
});

describe('every control over HTTP', () => {
  it('GET /__sandbox/control lists every method of sandbox.control with its arguments', async () => {
    const res = await fetch(server.url + CONTROL_PATH);
    expect(res.status).toBe(200);
    const { methods } = (await res.json()) as { methods: Record<string, { path: string; args: object }> };
    expect(Object.keys(methods).sort()).toEqual(Object.keys(sandbox.control).sort());
    expect(methods.failNext).toMatchObject({
      path: `${CONTROL_PATH}/failNext`,
      args: { endpoint: 'string' },
    });
  });

  it('failNext: a 502 with a detail, then the call answers normally', async () => {
    await ok('failNext', { endpoint: 'search', status: 502, detail: 'Supplier timeout', times: 1 });
    const failed = await api.post('/v1/flights/search/', searchBody());
    expect(failed.status).toBe(502);
    expect(failed.json.errors[0].detail).toEqual(['Supplier timeout']);
    expect((await api.post('/v1/flights/search/', searchBody())).status).toBe(200);
  });

  it('failNext: a raw body, headers, a dropped connection — and the SDK sees each as the typed error', async () => {
    const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, maxRetries: 0, logger: null });
    try {
      await ok('failNext', {
        endpoint: 'list',
        status: 502,
        body: '<html>Bad Gateway</html>',
        headers: { 'X-Proxy': 'edge' },
      });
      await expect(fareway.bookings.list()).rejects.toBeInstanceOf(UpstreamError);
      await ok('failNext', { endpoint: 'list', drop: true });
      await expect(fareway.bookings.list()).rejects.toBeInstanceOf(APIConnectionError);
      await ok('failNext', { endpoint: 'list', delayMs: 1 });
      await expect(fareway.bookings.list()).resolves.toBeDefined();
    } finally {
      await fareway.close();
    }
  });

  it('commitThenDrop: book succeeds, the answer is lost; getBooking shows one debit', async () => {
    const s = await saved(api);
    await ok('commitThenDrop', { endpoint: 'book', times: 1 });
    await expect(api.post(path(s.id, 'book'))).rejects.toThrow();
    const { booking } = await ok('getBooking', { id: s.id }, 'GET');
    expect(booking).toMatchObject({ status: 'confirmed', pnr: expect.any(String) });
    expect(booking.debits).toHaveLength(1);
    await ok('commitThenDrop'); // defaults: book, once
  });

  it('advanceTime and now: the virtual clock moves, and a lock runs out', async () => {
    const before = Date.parse((await ok('now', undefined, 'GET')).now);
    const d = await draft(api);
    const moved = await ok('advanceTime', { ms: 31 * 60_000 });
    expect(Date.parse(moved.now) - before).toBeGreaterThanOrEqual(31 * 60_000);
    // The virtual clock is real time plus an offset: it keeps moving from there.
    expect(Date.parse((await ok('now')).now)).toBeGreaterThanOrEqual(Date.parse(moved.now));
    const res = await api.post(path(d.id, 'passengers'), { passengers: [pax()] });
    expect(res.status).toBe(409);
  });

  it('movePriceOnNextReprice: the next reprice reports price_changed', async () => {
    const s = await saved(api);
    await ok('movePriceOnNextReprice', { deltaInr: 750 });
    const res = await api.post(path(s.id, 'reprice'));
    expect(res.status).toBe(200);
    expect(res.json.pricing.price_changed).toBe(true);
  });

  it('setWalletBalance and walletBalance: an empty wallet makes book a 402', async () => {
    expect(await ok('setWalletBalance', { amount: 0 })).toMatchObject({ walletBalance: 0 });
    expect((await ok('walletBalance', undefined, 'GET')).walletBalance).toBe(0);
    expect((await ok('walletBalance', { apiKey: server.apiKey }, 'GET')).walletBalance).toBe(0);
    const s = await saved(api);
    expect((await api.post(path(s.id, 'book'))).status).toBe(402);
  });

  it('expireTrace and expireBooking: 409 from then on', async () => {
    const d = await draft(api);
    await ok('expireTrace', { traceId: d.search.json.trace_id });
    const again = await api.post('/v1/flights/booking/', {
      trace_id: d.search.json.trace_id,
      result_indices: [d.search.json.outbound[0].result_index],
    });
    expect(again.status).toBe(409);
    const s = await saved(api);
    await ok('expireBooking', { bookingId: s.id });
    expect((await api.post(path(s.id, 'reprice'))).status).toBe(409);
  });

  it('seedBookings, requests and clearRequests', async () => {
    const { ids } = await ok('seedBookings', { count: 3, status: 'failed' });
    expect(ids).toHaveLength(3);
    const list = await api.get('/v1/bookings/');
    expect(list.json.results.map((b: { id: string }) => b.id)).toEqual(ids);
    const { requests } = await ok('requests', undefined, 'GET');
    expect(requests).toEqual([expect.objectContaining({ endpoint: 'list', status: 200 })]);
    await ok('clearRequests');
    expect((await ok('requests')).requests).toEqual([]);
  });

  it('waitForRequest (a long poll) and inFlight: a held request, listed before its answer', async () => {
    await ok('failNext', { endpoint: 'list', delayMs: 1_500 });
    const waiting = ok('waitForRequest', { endpoint: 'list' });
    const answered = api.get('/v1/bookings/?limit=1');
    const { request } = await waiting;
    expect(request).toMatchObject({ endpoint: 'list', method: 'GET', path: '/v1/bookings/?limit=1' });
    expect(request).not.toHaveProperty('status');
    const listed = (await ok('inFlight', undefined, 'GET')).requests;
    expect(listed).toEqual([expect.objectContaining({ endpoint: 'list', requestId: request.requestId })]);
    expect((await ok('requests')).requests).toEqual([]);
    expect((await answered).status).toBe(200);
    expect((await ok('inFlight')).requests).toEqual([]);
    expect((await ok('requests')).requests).toEqual([
      expect.objectContaining({ requestId: request.requestId, status: 200 }),
    ]);
    const late = await ctl('waitForRequest', { endpoint: 'book', timeoutMs: 20 });
    expect(late.status).toBe(408);
    expect(late.json.error).toMatch(/no book request arrived within 20 ms/);
    expect((await ctl('waitForRequest', { endpoint: 'bok' })).status).toBe(400);
  });

  it('addPartner: a new key that authenticates, with its own wallet', async () => {
    const { apiKey } = await ok('addPartner', { name: 'Second', walletBalance: 123 });
    expect(typeof apiKey).toBe('string');
    expect((await wire(server.url, apiKey).get('/v1/bookings/')).status).toBe(200);
    expect((await ok('walletBalance', { apiKey }, 'GET')).walletBalance).toBe(123);
  });

  it('reset: bookings gone, knobs cleared', async () => {
    const d = await draft(api);
    await ok('failNext', { endpoint: 'retrieve', status: 500 });
    await ok('reset');
    expect((await api.get(path(d.id))).status).toBe(404);
  });

  it('every method of sandbox.control was reached over HTTP above', () => {
    expect([...called].sort()).toEqual(Object.keys(sandbox.control).sort());
  });
});

describe('bad control calls: a 4xx naming the problem', () => {
  it.each([
    ['an unknown method', 'explode', {}, 404, /unknown control 'explode'/],
    ['an unknown argument', 'advanceTime', { ms: 1, seconds: 1 }, 400, /unknown argument 'seconds'/],
    ['a missing argument', 'expireTrace', {}, 400, /'traceId' is required/],
    ['a wrong type', 'advanceTime', { ms: '60000' }, 400, /'ms' must be a number, got string/],
    ['an unknown endpoint', 'failNext', { endpoint: 'nope' }, 400, /unknown endpoint 'nope'/],
    ['an unknown trace', 'expireTrace', { traceId: 'nope' }, 400, /unknown trace 'nope'/],
    ['an unknown booking', 'getBooking', { id: 'nope' }, 404, /unknown booking 'nope'/],
  ])('%s', async (_what, method, args, status, message) => {
    const res = await ctl(method, args);
    expect(res.status).toBe(status);
    expect(res.json).toEqual({ ok: false, error: expect.stringMatching(message) });
  });

  it('a body that is no JSON object, and GET on a method that changes the sandbox', async () => {
    const raw = await fetch(`${server.url}${CONTROL_PATH}/advanceTime`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{ms: 1',
    });
    expect(raw.status).toBe(400);
    expect((await ctl('advanceTime', [1])).status).toBe(400);
    const get = await ctl('reset', undefined, 'GET');
    expect(get.status).toBe(405);
    expect(get.json.error).toMatch(/use POST/);
  });
});
