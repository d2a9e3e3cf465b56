/**
 * The logger adapters of docs/production.md (examples/logging/*.ts and
 * test/consumers/jest-esm/nest-logger.ts, included in the page) with the real pino and winston,
 * and a stand-in for NestJS's Logger with its methods (log, warn, error, debug; no info) and its
 * way of printing extra arguments (the jest-esm consumer fixture runs the real one): a booking flow at 'debug' against the
 * sandbox (a retry, passenger warnings, duplicates) writes every line through the adapter, one
 * line each, fields readable, in the message style (style.ts), and no line holds the API key or
 * passenger data.
 */
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import pino from 'pino';
import winston from 'winston';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger, PassengerInput, SearchParams } from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';
import { styleProblem } from './style.js';

const KEY = 'sk_ADAPTERS_k3Yq9_never_logged';
const sbx = useSandbox({ seed: 32, partners: [{ apiKey: KEY }] });
beforeEach(() => vi.stubEnv('FAREWAY_LOG', ''));
afterEach(() => vi.unstubAllEnvs());

// The adapters are the files the docs include. They import `type { Logger } from 'fareway'`, which
// tsc resolves to the built package: loaded by URL, so this repository's typecheck needs no dist/.
type Adapter<T> = (logger: T) => Logger;
const load = async <T>(name: string, exported: string): Promise<Adapter<T>> =>
  ((await import(new URL(`../../${name}`, import.meta.url).href)) as Record<string, Adapter<T>>)[exported]!;

const TRIP: SearchParams = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: inDays(30),
  adult_count: 2,
  source: 'supplier_b',
};

/** Passengers whose values no line could hold by accident; the lead's passport triggers a warning. */
function travellers(base: PassengerInput[]): PassengerInput[] {
  const [lead, ...rest] = base;
  return [
    {
      ...lead!,
      title: 'Mr', // with gender female: a warning about this passenger
      first_name: 'Zephyrine',
      last_name: 'Quillfeather',
      dob: '1983-07-19',
      email: 'zephyrine.quill@example.org',
      contact_number: '9812345670',
      passport_number: 'QX7351902',
      passport_expiry: inDays(60),
    },
    ...rest,
  ];
}
const PERSONAL = ['Zephyrine', 'Quillfeather', '1983-07-19', 'zephyrine.quill', '9812345670', 'QX7351902'];

/** search (after a 503: a retry line) → create → savePassengers (warnings) → reprice → book. */
async function flow(logger: Logger): Promise<void> {
  const fareway = sbx.client({ logger, logLevel: 'debug' });
  sbx.control.failNext('search', { status: 503 });
  const results = await fareway.flights.search(TRIP);
  const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
  await fareway.bookings.savePassengers(booking, travellers(passengersFor(results)));
  await fareway.bookings.reprice(booking);
  const done = await fareway.bookings.book(booking);
  expect(done.status).toBe('confirmed');
}

/** What every adapter's output must show: all levels the flow reaches, no secret, no passenger. */
function expectSafe(text: string): void {
  expect(text).not.toContain(KEY);
  for (const value of PERSONAL) expect(text).not.toContain(value);
  expect(text).not.toContain('[object Object]');
}

describe('pino (fromPino)', () => {
  it('one JSON entry per line: message in msg, fields as keys, component fareway', async () => {
    const fromPino = await load<pino.Logger>('examples/logging/pino.ts', 'fromPino');
    const out: string[] = [];
    const log = pino({ level: 'debug' }, { write: (s: string) => void out.push(s) });
    await flow(fromPino(log));
    expectSafe(out.join(''));
    const entries = out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(new Set(entries.map((e) => e.level))).toEqual(new Set([20, 30, 40])); // debug, info, warn
    for (const e of entries) {
      expect(e.component).toBe('fareway');
      expect(styleProblem(e.msg as string), e.msg as string).toBeUndefined();
    }
    const retry = entries.find((e) => /^retrying POST \/v1\/flights\/search\//.test(e.msg as string));
    expect(retry).toMatchObject({ level: 30, endpoint: 'search', attempt: 1, requestId: expect.any(String) });
    expect(entries.some((e) => /^passengers\[0\]: the title/.test(e.msg as string))).toBe(true);
    expect(entries.some((e) => e.msg === '← 200 POST /v1/flights/search/' && e.status === 200)).toBe(true);
  });

  it('passed as it is, pino reads the fields as a format argument and drops them', async () => {
    const out: string[] = [];
    const log = pino({ level: 'debug' }, { write: (s: string) => void out.push(s) });
    await flow(log as unknown as Logger);
    const retry = out
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => /^retrying POST/.test(e.msg as string));
    expect(retry).toBeDefined();
    expect(retry).not.toHaveProperty('endpoint');
  });
});

describe('winston (fromWinston)', () => {
  it('one JSON entry per line: message, level, fields merged, component fareway', async () => {
    const fromWinston = await load<winston.Logger>('examples/logging/winston.ts', 'fromWinston');
    const out: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const log = winston.createLogger({
      level: 'debug',
      format: winston.format.json(),
      transports: [new winston.transports.Stream({ stream })],
    });
    await flow(fromWinston(log));
    await vi.waitFor(() =>
      expect(out.some((l) => l.includes('"← 200 POST /v1/flights/booking/'))).toBe(true),
    );
    log.close();
    expectSafe(out.join('\n'));
    const entries = out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(new Set(entries.map((e) => e.level))).toEqual(new Set(['debug', 'info', 'warn']));
    for (const e of entries) {
      expect(e.component).toBe('fareway');
      expect(styleProblem(e.message as string), e.message as string).toBeUndefined();
    }
    const retry = entries.find((e) => /^retrying POST \/v1\/flights\/search\//.test(e.message as string));
    expect(retry).toMatchObject({ level: 'info', endpoint: 'search', attempt: 1 });
  });
});

/**
 * NestJS's Logger as far as Fareway meets it (checked against @nestjs/common 12.5): `log`, `warn`,
 * `error`, `debug` (and `verbose`, `fatal`), no `info`; each extra argument printed after the
 * message (objects inspected, over several lines when large), a string last one taken as context.
 */
class NestLogger {
  readonly lines: string[] = [];
  constructor(private readonly context: string) {}
  private print(level: string, message: unknown, params: unknown[]): void {
    const shown = [message, ...params].map((p) => (typeof p === 'string' ? p : inspect(p)));
    this.lines.push(`${level} [${this.context}] ${shown.join(' ')}`);
  }
  log(message: unknown, ...params: unknown[]) {
    this.print('LOG', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.print('WARN', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.print('ERROR', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.print('DEBUG', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.print('VERBOSE', message, params);
  }
}

describe("NestJS's Logger (fromNestLogger)", () => {
  it('every level through it, info as LOG, fields as JSON on the same line', async () => {
    const fromNestLogger = await load<NestLogger>('test/consumers/jest-esm/nest-logger.ts', 'fromNestLogger');
    const nest = new NestLogger('Fareway');
    await flow(fromNestLogger(nest));
    expectSafe(nest.lines.join('\n'));
    expect(new Set(nest.lines.map((l) => l.split(' ')[0]))).toEqual(new Set(['DEBUG', 'LOG', 'WARN']));
    for (const line of nest.lines) {
      expect(line).not.toContain('\n');
      const [, message] = /^\w+ \[Fareway\] (.*?)(?: \{.*\})?$/.exec(line) ?? [];
      expect(styleProblem(message ?? ''), line).toBeUndefined();
    }
    const retry = nest.lines.find((l) => l.startsWith('LOG [Fareway] retrying POST /v1/flights/search/'));
    expect(JSON.parse(/ (\{.*\})$/.exec(retry!)![1]!)).toMatchObject({ endpoint: 'search', attempt: 1 });
  });

  it('passed as it is, the info lines (the retry) are lost', async () => {
    const nest = new NestLogger('Fareway');
    await flow(nest as unknown as Logger);
    expect(nest.lines.some((l) => l.startsWith('DEBUG'))).toBe(true);
    expect(nest.lines.some((l) => l.includes('retrying'))).toBe(false);
  });
});
