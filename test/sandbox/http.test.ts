import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { BookResponseSchema, SearchResponseSchema } from '../../src/schemas/index.js';
import { pax, saved, searchBody, wire } from './helpers.js';

// Real sockets on 127.0.0.1: no MSW interception in this file.
const sandbox = createSandbox({
  now: Date.UTC(2031, 0, 1),
  rateLimits: { search: { limit: 2, windowMs: 60_000 } },
});
let srv: ListeningSandbox;
beforeAll(async () => {
  srv = await sandbox.listen({ port: 0 });
});
afterAll(async () => {
  await srv.close();
});

describe('listen()', () => {
  it('serves the whole flow over real HTTP on 127.0.0.1', async () => {
    expect(srv.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(srv.apiKey).toBe(sandbox.apiKey);
    const api = wire(srv.url, srv.apiKey);
    const s = await saved(api, searchBody(), [pax()]);
    const booked = await api.post(`/v1/flights/booking/${s.id}/book/`);
    expect(BookResponseSchema.parse(booked.json).status).toBe('confirmed');
    expect(booked.headers.get('x-request-id')).toMatch(/^req_/);
    expect(booked.headers.get('content-type')).toBe('application/json');
    const list = await api.get('/v1/bookings/?limit=1');
    expect(list.json.results[0].id).toBe(s.id);
    expect(sandbox.control.requests().at(-1)).toMatchObject({
      path: '/v1/bookings/?limit=1',
      headers: { authorization: 'Api-Key ***', host: expect.stringContaining('127.0.0.1') },
    });
  });

  it('builds next/previous links from the request origin', async () => {
    sandbox.control.seedBookings(3);
    const page = (await wire(srv.url, srv.apiKey).get('/v1/bookings/?limit=1&offset=1')).json;
    expect(page.next).toBe(`${srv.url}/v1/bookings/?limit=1&offset=2`);
    expect(page.previous).toBe(`${srv.url}/v1/bookings/?limit=1&offset=0`);
  });

  it('enforces rate limits by default, with Retry-After', async () => {
    sandbox.control.advanceTime(120_000);
    const api = wire(srv.url, srv.apiKey);
    expect((await api.post('/v1/flights/search/', searchBody())).status).toBe(200);
    expect((await api.post('/v1/flights/search/', searchBody())).status).toBe(200);
    const res = await api.post('/v1/flights/search/', searchBody());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    sandbox.control.advanceTime(60_000);
    expect(
      SearchResponseSchema.parse((await api.post('/v1/flights/search/', searchBody())).json).outbound.length,
    ).toBeGreaterThan(0);
  });

  it('destroys the socket for a dropped connection', async () => {
    sandbox.control.failNext('autocomplete', { drop: true });
    await expect(fetch(`${srv.url}/v1/airports/autocomplete/?q=del`)).rejects.toThrow();
    expect((await fetch(`${srv.url}/v1/airports/autocomplete/?q=del`)).status).toBe(200);
  });

  it('serves injected raw bodies', async () => {
    sandbox.control.failNext('autocomplete', { status: 502, body: '<html>Bad Gateway</html>' });
    const res = await fetch(`${srv.url}/v1/airports/autocomplete/?q=del`);
    expect(res.status).toBe(502);
    expect(await res.text()).toBe('<html>Bad Gateway</html>');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('answers unknown paths with a 404 envelope', async () => {
    const res = await fetch(`${srv.url}/v1/nope/`);
    expect(res.status).toBe(404);
    expect((await res.json()).success).toBe(false);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('can run without rate limits and closes cleanly with open keep-alive sockets', async () => {
    const other = await createSandbox().listen({ rateLimits: false });
    const api = wire(other.url, other.apiKey);
    for (let i = 0; i < 130; i++) expect((await api.get('/v1/bookings/')).status).toBe(200);
    await other.close();
    await expect(fetch(`${other.url}/v1/bookings/`)).rejects.toThrow();
  });
});
