/**
 * No passenger data in error JSON or log lines by default (issue 31, item 6). A real list page of
 * the sandbox (bookings with passengers saved) is served cut twice by a server on 127.0.0.1: the
 * ResponseValidationError keeps the text on `err.body`, but its `toJSON()` (what structured logs
 * write) carries no name; the same for a parsed page that breaks the contract. The SDK's own log
 * lines, at debug, never carry a name either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fareway, ResponseValidationError, type PassengerInput } from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { faultServer } from '../http/transport-server.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const sandbox = createSandbox({ seed: 31 });
let served: ListeningSandbox;
const proxy = faultServer();
let page = '';
const NAMES = ['Zenobia', 'Quillfeather', 'Ravib'];

beforeAll(async () => {
  served = await sandbox.listen({ rateLimits: false });
  const fw = new Fareway({ apiKey: served.apiKey, baseUrl: served.url, logger: null, rateLimits: false });
  const results = await fw.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(20),
    adult_count: 2,
    source: 'supplier_b',
  });
  const list: PassengerInput[] = passengersFor(results, {
    lead: { first_name: 'Zenobia', last_name: 'Quillfeather' },
  });
  const booking = await fw.bookings.create(results.select(results.outbound[0]!));
  await fw.bookings.savePassengers(booking, list);
  await fw.close();
  const res = await fetch(`${served.url}/v1/bookings/?limit=25&offset=0`, {
    headers: { authorization: `Api-Key ${served.apiKey}` },
  });
  page = await res.text();
});
afterAll(async () => {
  await served.close();
});

function client(lines: string[]): Fareway {
  const log = (level: string) => (message: string, meta?: unknown) =>
    lines.push(`${level} ${message} ${JSON.stringify(meta) ?? ''}`);
  return new Fareway({
    apiKey: served.apiKey,
    baseUrl: proxy.url,
    rateLimits: false,
    logLevel: 'debug',
    logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    retryBackoff: { baseDelayMs: 5, maxDelayMs: 10 },
  });
}

async function listError(fw: Fareway): Promise<ResponseValidationError> {
  const error = await (async () => {
    for await (const b of fw.bookings.list()) void b;
  })().then(
    () => expect.unreachable('expected the list to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResponseValidationError);
  return error as ResponseValidationError;
}

describe('passenger data stays out of error JSON and logs', () => {
  it('a list page cut twice: the body holds the names, toJSON and the log lines do not', async () => {
    const cut = page.slice(0, page.indexOf('Quillfeather') + 40);
    expect(cut).toContain('Zenobia');
    proxy.handle((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(cut));
    const lines: string[] = [];
    const fw = client(lines);
    const error = await listError(fw);
    await fw.close();
    expect(proxy.requests).toBe(2);
    expect(error.body).toBe(cut); // the error object keeps the text, for the code that handles it
    const json = JSON.stringify(error);
    expect(json).toContain('[redacted]');
    for (const name of NAMES) expect(json).not.toContain(name);
    expect(lines.length).toBeGreaterThan(0);
    for (const name of NAMES) expect(lines.join('\n')).not.toContain(name);
  });

  it('a parsed page that breaks the contract: passengers redacted in toJSON, the rest kept', async () => {
    const body = JSON.parse(page) as { results: unknown };
    body.results = { ...(body.results as unknown[]) }; // an object where the list must be: fatal
    proxy.handle((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
    );
    const fw = client([]);
    const error = await listError(fw);
    await fw.close();
    const json = JSON.parse(JSON.stringify(error)) as {
      body: { results: Record<string, Record<string, unknown>> };
    };
    for (const name of NAMES) expect(JSON.stringify(json)).not.toContain(name);
    expect(json.body.results['0']).toMatchObject({
      passengers: '[redacted] (2 passengers)',
      status: 'passenger_saved',
    });
    expect(JSON.stringify(error.body)).toContain('Zenobia');
  });
});
