/**
 * The fault proxy does what it says: each fault reaches (or spares) the sandbox as documented and
 * shows the client the documented bytes. Driven with node:http directly, not the SDK, so a
 * harness bug cannot hide behind SDK behaviour.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import {
  CELL_HEADER,
  endpointOf,
  startFaultProxy,
  type Fault,
  type FaultProxy,
} from '../helpers/fault-proxy.js';

let proxy: FaultProxy;
let closeSandbox: () => Promise<void>;
const sandbox = createSandbox({ seed: 5 });

beforeAll(async () => {
  const served = await sandbox.listen({ rateLimits: false });
  closeSandbox = served.close;
  proxy = await startFaultProxy(served.url, { delayMs: 200, trickleMs: 5 });
});
afterAll(async () => {
  await proxy.close();
  await closeSandbox();
});

interface Seen {
  status?: number;
  headers?: Record<string, string | string[] | undefined>;
  body: string;
  error?: string;
}

/** GET autocomplete through the proxy in `cell`; resolves with what arrived, even on a reset (bounded by `abortMs`). */
function get(cell: string, abortMs = 3_000): Promise<Seen> {
  return new Promise((resolve) => {
    const seen: Seen = { body: '' };
    const url = new URL('/v1/airports/autocomplete/?q=del', proxy.url);
    const req = request(url, { headers: { [CELL_HEADER]: cell } }, (res) => {
      seen.status = res.statusCode;
      seen.headers = res.headers;
      res.setEncoding('latin1');
      res.on('data', (d: string) => (seen.body += d));
      res.on('end', () => resolve(seen));
      res.on('error', (e) => resolve({ ...seen, error: e.message }));
      res.on('aborted', () => resolve({ ...seen, error: 'aborted' }));
    });
    req.on('error', (e) => resolve({ ...seen, error: (e as NodeJS.ErrnoException).code ?? e.message }));
    req.setTimeout(abortMs, () => req.destroy(new Error('client gave up')));
    req.end();
  });
}

const plan = (cell: string, fault: Fault) => proxy.plan(cell, 'autocomplete', fault);
const reached = (cell: string) => proxy.forwarded(cell, 'autocomplete').length;

describe('fault proxy', () => {
  it('names the nine endpoints from method and path', () => {
    expect(endpointOf('POST', '/v1/flights/search/')).toBe('search');
    expect(endpointOf('POST', '/v1/flights/fare-rules/')).toBe('fareRules');
    expect(endpointOf('POST', '/v1/flights/booking/')).toBe('createBooking');
    expect(endpointOf('POST', '/v1/flights/booking/abc/passengers/')).toBe('savePassengers');
    expect(endpointOf('POST', '/v1/flights/booking/abc/reprice/')).toBe('reprice');
    expect(endpointOf('POST', '/v1/flights/booking/abc/book/')).toBe('book');
    expect(endpointOf('GET', '/v1/flights/booking/abc/')).toBe('retrieve');
    expect(endpointOf('GET', '/v1/bookings/?limit=5')).toBe('list');
    expect(endpointOf('GET', '/v1/airports/autocomplete/?q=de')).toBe('autocomplete');
    expect(endpointOf('GET', '/v1/flights/booking/abc/book/')).toBeUndefined();
  });

  it('passes through when nothing is planned, and applies a plan once per attempt', async () => {
    plan('once', 'envelope-503');
    expect((await get('once')).status).toBe(503);
    const second = await get('once');
    expect(second.status).toBe(200);
    expect(JSON.parse(second.body).results.length).toBeGreaterThan(0);
    expect(reached('once')).toBe(1);
  });

  it('reset-before destroys the socket and forwards nothing', async () => {
    plan('rb', 'reset-before');
    const seen = await get('rb');
    expect(seen.status).toBeUndefined();
    expect(seen.error).toBeDefined();
    expect(reached('rb')).toBe(0);
  });

  it('reset-after forwards, then destroys the socket', async () => {
    plan('ra', 'reset-after');
    const seen = await get('ra');
    expect(seen.status).toBeUndefined();
    expect(reached('ra')).toBe(1);
  });

  it('html-502 answers a proxy page without forwarding', async () => {
    plan('html', 'html-502');
    const seen = await get('html');
    expect(seen.status).toBe(502);
    expect(seen.headers?.['content-type']).toBe('text/html');
    expect(seen.body).toContain('<html>');
    expect(reached('html')).toBe(0);
  });

  it('429 faults answer with and without Retry-After', async () => {
    plan('429a', '429-retry-after');
    plan('429b', '429-bare');
    const [a, b] = await Promise.all([get('429a'), get('429b')]);
    expect([a.status, a.headers?.['retry-after']]).toEqual([429, '1']);
    expect([b.status, b.headers?.['retry-after']]).toEqual([429, undefined]);
  });

  it('delay-forward forwards late and answers; delay-drop never forwards', async () => {
    plan('df', 'delay-forward');
    plan('dd', 'delay-drop');
    const [forwarded, dropped] = await Promise.all([get('df'), get('dd')]);
    expect(forwarded.status).toBe(200);
    expect(reached('df')).toBe(1);
    expect(dropped.status).toBeUndefined();
    expect(reached('dd')).toBe(0);
  });

  it('truncate sends fewer bytes than its content-length, then resets', async () => {
    plan('tr', 'truncate');
    const seen = await get('tr');
    expect(seen.status).toBe(200);
    expect(seen.error).toBeDefined();
    expect(seen.body.length).toBeLessThan(Number(seen.headers?.['content-length']));
  });

  it('stall sends the headers and then nothing', async () => {
    plan('st', 'stall');
    const seen = await get('st', 500);
    expect(seen.status).toBe(200);
    expect(seen.body).toBe('');
    expect(seen.error).toBeDefined();
  });

  it('trickle sends the whole body one byte at a time', async () => {
    plan('tk', 'trickle');
    const seen = await get('tk', 15_000);
    expect(seen.status).toBe(200);
    expect(seen.body.length).toBe(Number(seen.headers?.['content-length']));
  });

  it('gzip-lie labels a plain body as gzip', async () => {
    plan('gz', 'gzip-lie');
    const seen = await get('gz');
    expect(seen.headers?.['content-encoding']).toBe('gzip');
    expect(JSON.parse(seen.body).results).toBeDefined();
  });
});
