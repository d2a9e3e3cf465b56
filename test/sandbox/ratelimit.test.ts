import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { BASE, searchBody, wire } from './helpers.js';

const sandbox = createSandbox({ now: Date.UTC(2031, 0, 1) });
const { control } = sandbox;
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => control.reset());
const api = wire(BASE, sandbox.apiKey);
const path = (id: string, step = '') => `/v1/flights/booking/${id}/${step ? `${step}/` : ''}`;

describe('rate limits (scaled windows)', () => {
  const limited = createSandbox({
    rateLimits: { search: { limit: 3, windowMs: 500 }, other: { limit: 2, windowMs: 1000 } },
  });
  const lapi = wire(BASE, limited.apiKey);
  beforeEach(() => server.use(...limited.handlers));

  it('answers 429 with Retry-After once the window is full, and frees the slot as time passes', async () => {
    for (let i = 0; i < 3; i++)
      expect((await lapi.post('/v1/flights/search/', searchBody())).status).toBe(200);
    const res = await lapi.post('/v1/flights/search/', searchBody());
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.json.success).toBe(false);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    // other buckets are separate
    expect((await lapi.get('/v1/bookings/')).status).toBe(200);
    limited.control.advanceTime(500);
    expect((await lapi.post('/v1/flights/search/', searchBody())).status).toBe(200);
  });

  it('counts per API key, and does not limit the unauthenticated autocomplete', async () => {
    limited.control.advanceTime(10_000);
    const other = wire(BASE, limited.control.addPartner());
    expect((await lapi.get('/v1/bookings/')).status).toBe(200);
    expect((await lapi.get('/v1/bookings/')).status).toBe(200);
    expect((await lapi.get('/v1/bookings/')).status).toBe(429);
    expect((await other.get('/v1/bookings/')).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await lapi.get('/v1/airports/autocomplete/?q=de', null)).status).toBe(200);
  });

  it('can omit Retry-After', async () => {
    const quiet = createSandbox({
      rateLimits: { book: { limit: 1, windowMs: 60_000 } },
      retryAfterHeader: false,
    });
    server.use(...quiet.handlers);
    const q = wire(BASE, quiet.apiKey);
    await q.post(path('x', 'book'));
    const res = await q.post(path('x', 'book'));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeNull();
  });

  it('is off by default for handlers', async () => {
    server.resetHandlers();
    for (let i = 0; i < 125; i++) expect((await api.get('/v1/bookings/')).status).toBe(200);
  });
});
