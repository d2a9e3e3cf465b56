// jest 30 in ESM mode (ts-jest's ESM preset, TypeScript 6, NODE_OPTIONS=--experimental-vm-modules):
// the ES module build of fareway, msw 3 and NestJS 12 (both ESM-only) load; the sandbox over real
// HTTP and behind msw; Fareway's log lines through Nest's Logger.
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { createRequire } from 'node:module';
import { stripVTControlCharacters } from 'node:util';
import { Fareway, FareExpiredError } from 'fareway';
import { createSandbox, type ListeningSandbox } from 'fareway/sandbox';
import { fromNestLogger } from './nest-logger.js';

const version = (name: string): string =>
  (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version;
const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
const trip = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: day,
  adult_count: 1,
  source: 'supplier_b',
} as const;

const sandbox = createSandbox({ seed: 5 });
let server: ListeningSandbox;
let fareway: Fareway;

beforeAll(async () => {
  console.log(`node ${process.version}, msw ${version('msw')}, @nestjs/common ${version('@nestjs/common')}`);
  server = await sandbox.listen(); // http://127.0.0.1:<free port>
  fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
});
afterAll(async () => {
  await fareway.close();
  await server.close();
});
beforeEach(() => sandbox.control.reset());

describe('over HTTP (sandbox.listen())', () => {
  it('books a flight', async () => {
    const results = await fareway.flights.search(trip);
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    await fareway.bookings.savePassengers(booking, [
      {
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
      },
    ]);
    const done = await fareway.bookings.book(booking.booking_id);
    console.log(`PNR: ${done.pnr}`);
    expect(done.pnr).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('an expired fare is a FareExpiredError', async () => {
    const results = await fareway.flights.search(trip);
    sandbox.control.advanceTime(60 * 60_000);
    await expect(fareway.bookings.create(results.select(results.outbound[0]!))).rejects.toBeInstanceOf(
      FareExpiredError,
    );
  });
});

// `sandbox.handlers` loads msw with a synchronous require, which jest's ESM mode refuses for an
// ES module before Node 24.9: one handler over `sandbox.fetch` works on every Node line.
describe('behind msw (one handler over sandbox.fetch)', () => {
  const mocked = createSandbox({ seed: 5 });
  const msw = setupServer(
    http.all('*', ({ request }) => mocked.fetch(request).catch(() => Response.error())),
  );
  beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => msw.close());

  it('searches; a dropped connection is a network error the client retries', async () => {
    const client = new Fareway({
      apiKey: mocked.apiKey,
      baseUrl: 'https://sandbox.fareway.test',
      logger: null,
      retryBackoff: { baseDelayMs: 5, maxDelayMs: 20 },
    });
    mocked.control.failNext('search', { drop: true });
    const results = await client.flights.search(trip);
    await client.close();
    expect(results.outbound.length).toBeGreaterThan(0);
    expect(mocked.control.requests().map((r) => r.endpoint)).toEqual(['search', 'search']);
  });
});

describe("Fareway's log lines through Nest's Logger (fromNestLogger)", () => {
  it('a retry is one LOG line with its fields as JSON', async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const logged = new Fareway({
      apiKey: server.apiKey,
      baseUrl: server.url,
      logger: fromNestLogger(new Logger('Fareway')),
      logLevel: 'info',
      retryBackoff: { baseDelayMs: 5, maxDelayMs: 20 },
    });
    sandbox.control.failNext('search', { status: 503 });
    try {
      await logged.flights.search(trip);
    } finally {
      spy.mockRestore();
      await logged.close();
    }
    const lines = stripVTControlCharacters(written.join('')).split('\n').filter(Boolean);
    const retry = lines.filter((l) => l.includes('retrying POST /v1/flights/search/'));
    expect(retry).toHaveLength(1);
    expect(retry[0]).toMatch(
      / LOG \[Fareway\] retrying POST \/v1\/flights\/search\/ in \d+ ms after \w+ \{.*"endpoint":"search"/,
    );
    expect(lines.join('\n')).not.toContain('[object Object]');
    console.log(`nest: ${retry[0]!.replace(/^.* LOG /, 'LOG ').replace(/ in \d+ ms .*/, ' …')}`);
  });
});
