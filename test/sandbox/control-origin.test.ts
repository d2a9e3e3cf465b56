/**
 * The sandbox's control endpoints answer this machine's own tools only (issue 31, item 6): over
 * real HTTP on 127.0.0.1, a cross-site `text/plain` POST (what any web page may send without a
 * CORS preflight) does not set the wallet to 0; a foreign `Host` (DNS rebinding: evil.example
 * resolved to 127.0.0.1) cannot read the request log with test passenger data; a foreign
 * `Origin` is refused; JSON from loopback still works. node:http's `request` is used where fetch
 * forbids setting the header (Host).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fareway } from '../../src/index.js';
import { CONTROL_PATH } from '../../src/sandbox/control/control-http.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const sandbox = createSandbox({ seed: 31 });
let server: ListeningSandbox;
beforeAll(async () => {
  server = await sandbox.listen({ control: true, rateLimits: false });
});
afterAll(() => server.close());

/** One raw HTTP exchange with the headers exactly as given (Host included). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const host = () => new URL(server.url).host;

describe('the control endpoints refuse what a web page could send', () => {
  it('a cross-site text/plain POST does not set the wallet to 0 (415); JSON from loopback does', async () => {
    const before = sandbox.control.walletBalance();
    expect(before).toBeGreaterThan(0);
    const simple = await fetch(`${server.url}${CONTROL_PATH}/setWalletBalance`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
      body: '{"amount":0}',
    });
    expect([403, 415]).toContain(simple.status);
    const plain = await fetch(`${server.url}${CONTROL_PATH}/setWalletBalance`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{"amount":0}',
    });
    expect(plain.status).toBe(415);
    const form = await fetch(`${server.url}${CONTROL_PATH}/reset`, { method: 'POST' });
    expect(form.status).toBe(415);
    expect(sandbox.control.walletBalance()).toBe(before);

    const json = await fetch(`${server.url}${CONTROL_PATH}/setWalletBalance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{"amount":1234}',
    });
    expect(json.status).toBe(200);
    expect(sandbox.control.walletBalance()).toBe(1234);
    sandbox.control.setWalletBalance(before);
  });

  it('a foreign Origin is refused, even with JSON; the sandbox own origin is not', async () => {
    const post = (origin: string) =>
      raw(
        'POST',
        `${CONTROL_PATH}/setWalletBalance`,
        {
          host: host(),
          origin,
          'content-type': 'application/json',
        },
        '{"amount":0}',
      );
    const before = sandbox.control.walletBalance();
    for (const origin of ['https://evil.example', 'null', 'http://localhost:1'])
      expect((await post(origin)).status).toBe(403);
    expect(sandbox.control.walletBalance()).toBe(before);
    expect((await post(`http://${host()}`)).status).toBe(200);
    sandbox.control.setWalletBalance(before);
  });

  it('a foreign Host (DNS rebinding) cannot read the request log with passenger data', async () => {
    const fw = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null, rateLimits: false });
    const results = await fw.flights.search({
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: inDays(20),
      adult_count: 1,
      source: 'supplier_b',
    });
    const booking = await fw.bookings.create(results.select(results.outbound[0]!));
    await fw.bookings.savePassengers(booking, passengersFor(results, { lead: { first_name: 'Zenobia' } }));
    await fw.close();

    const port = new URL(server.url).port;
    for (const foreign of [`evil.example:${port}`, `192.168.1.20:${port}`]) {
      const res = await raw('GET', `${CONTROL_PATH}/requests`, { host: foreign });
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('Zenobia');
      expect((await raw('GET', CONTROL_PATH, { host: foreign })).status).toBe(403);
    }
    // This machine's own names still read it.
    for (const own of [host(), `localhost:${port}`]) {
      const res = await raw('GET', `${CONTROL_PATH}/requests`, { host: own });
      expect(res.status).toBe(200);
      expect(res.text).toContain('Zenobia');
    }
  });
});
