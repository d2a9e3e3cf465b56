/**
 * Log levels (issue 20, item 2): `logLevel` and `FAREWAY_LOG` filter what reaches the logger; the
 * debug lines carry method, path, status, request id and attempt; no line at any level carries the
 * API key or passenger data. Driven through the public client against the sandbox (msw).
 */
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  Fareway,
  type Logger,
  type LogLevel,
  type PassengerInput,
  type SearchParams,
} from '../../src/index.js';
import { withLevel } from '../../src/core/observe/log.js';
import { inDays, passengersFor, SANDBOX_URL, useSandbox } from '../helpers/sandbox.js';
import { parseLine } from './lines.js';

// A key no line could hold by accident.
const KEY = 'sk_LOGTEST_q8Zr4Xw1_not_for_logs';
const sbx = useSandbox({ seed: 31, partners: [{ apiKey: KEY }] });

type Line = {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  meta: Record<string, unknown> | undefined;
  text: string;
};

/** A logger that keeps every line, each also as text (message and meta, inspected in depth). */
function capture() {
  const lines: Line[] = [];
  const method = (level: Line['level']) => (message: string, meta?: Record<string, unknown>) =>
    lines.push({
      level,
      message,
      meta,
      text: `${message} ${inspect(meta, { depth: 20, showHidden: true })}`,
    });
  const logger: Required<Logger> = {
    debug: method('debug'),
    info: method('info'),
    warn: method('warn'),
    error: method('error'),
  };
  return { logger, lines, levels: () => new Set(lines.map((l) => l.level)) };
}

const ONE_WAY: SearchParams = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: inDays(30),
  source: 'supplier_b',
};
const ABROAD: SearchParams = {
  origin: 'BOM',
  destination: 'SIN',
  preferred_departure_time: inDays(30),
  source: 'supplier_b',
};

/** A client writing to a capturing logger; `logLevel` omitted when undefined. */
function client(level: LogLevel | undefined, logger: Logger, extra: Parameters<typeof sbx.client>[0] = {}) {
  return sbx.client({ logger, ...(level === undefined ? {} : { logLevel: level }), ...extra });
}

/** A hook that throws: the SDK logs one warning for it ('a hook threw; ignored'). */
const throwingHook = {
  onRequest: () => {
    throw new Error('hook failure');
  },
};

beforeEach(() => vi.stubEnv('FAREWAY_LOG', ''));
afterEach(() => vi.unstubAllEnvs());

describe('logLevel', () => {
  it("'debug': a → and a ← line per attempt, with method, path, status, request id and attempt", async () => {
    const { logger, lines } = capture();
    sbx.control.failNext('search', { status: 503 });
    const fareway = client('debug', logger);
    const results = await fareway.flights.search(ONE_WAY);
    const sent = sbx.calls('search');
    expect(sent).toHaveLength(2);

    const out = lines.filter((l) => l.message.startsWith('→'));
    expect(out.map((l) => [l.level, l.message, l.meta?.attempt])).toEqual([
      ['debug', '→ POST /v1/flights/search/', 1],
      ['debug', '→ POST /v1/flights/search/', 2],
    ]);
    const back = lines.filter((l) => l.message.startsWith('←'));
    expect(back.map((l) => [l.level, l.message, l.meta?.requestId])).toEqual([
      ['debug', '← 503 POST /v1/flights/search/', sent[0]!.requestId],
      ['debug', '← 200 POST /v1/flights/search/', sent[1]!.requestId],
    ]);
    expect(back[1]!.meta?.requestId).toBe(results.requestId);
    for (const l of back) expect(l.meta?.durationMs).toEqual(expect.any(Number));
    // The retry is an info line naming the call and the request id of the failed attempt.
    const retry = lines.filter((l) => l.message.startsWith('retrying'));
    expect(retry).toHaveLength(1);
    expect(retry[0]).toMatchObject({ level: 'info', meta: { attempt: 1, requestId: sent[0]!.requestId } });
    expect(retry[0]!.message).toMatch(/^retrying POST \/v1\/flights\/search\/ in \d+ ms after /);
  });

  it("'info': the retry line, no debug line", async () => {
    const { logger, levels } = capture();
    sbx.control.failNext('search', { status: 503 });
    await client('info', logger).flights.search(ONE_WAY);
    expect([...levels()]).toEqual(['info']);
  });

  it('the default (no logLevel, no FAREWAY_LOG) is warn: warnings pass, no debug or info line', async () => {
    const { logger, lines } = capture();
    sbx.control.failNext('search', { status: 503 });
    await client(undefined, logger, { hooks: throwingHook }).flights.search(ONE_WAY);
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      ['warn', 'a hook threw; ignored'],
      ['warn', 'a hook threw; ignored'],
    ]);
  });

  it("'error' drops warnings", async () => {
    const { logger, lines } = capture();
    sbx.control.failNext('search', { status: 503 });
    await client('error', logger, { hooks: throwingHook }).flights.search(ONE_WAY);
    expect(lines).toEqual([]);
  });

  it("'off' writes nothing; neither does logger: null at 'debug'", async () => {
    const { logger, lines } = capture();
    sbx.control.failNext('search', { status: 503 });
    await client('off', logger, { hooks: throwingHook }).flights.search(ONE_WAY);
    expect(lines).toEqual([]);
    // null is silence whatever the level (and the console stays quiet: test/setup.ts fails on output).
    const debugSpy = vi.spyOn(console, 'debug');
    sbx.control.failNext('search', { status: 503 });
    await sbx.client({ logger: null, logLevel: 'debug', hooks: throwingHook }).flights.search(ONE_WAY);
    expect(debugSpy).not.toHaveBeenCalled();
    debugSpy.mockRestore();
  });

  it('a bad logLevel is a ConfigurationError naming the option and the levels', () => {
    const error = (() => {
      try {
        new Fareway({ apiKey: KEY, baseUrl: SANDBOX_URL, logLevel: 'verbose' as LogLevel });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(
      "Invalid option `logLevel`: must be 'debug' or 'info' or 'warn' or 'error' or 'off'",
    );
  });
});

/** Runs `fn` with console's methods swapped for collectors (the default logger looks them up per call). */
async function consoleLines(fn: () => Promise<unknown>): Promise<Array<[string, string]>> {
  const methods = ['log', 'debug', 'info', 'warn', 'error'] as const;
  const saved = methods.map((m) => console[m]);
  const seen: Array<[string, string]> = [];
  for (const m of methods)
    console[m] = (...args: unknown[]) =>
      void seen.push([m, args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' ')]);
  try {
    await fn();
  } finally {
    methods.forEach((m, i) => (console[m] = saved[i]!));
  }
  return seen;
}

describe('the default logger (console)', () => {
  it("at 'debug' writes the → / ← lines with console.debug, prefixed [fareway]", async () => {
    const seen = await consoleLines(() =>
      sbx.client({ logger: undefined, logLevel: 'debug' }).airports.autocomplete('del'),
    );
    expect(seen.map(([method]) => method)).toEqual(['debug', 'debug']);
    const [sent, answered] = seen.map(([, line]) => parseLine(line));
    expect(sent).toMatchObject({
      message: '→ GET /v1/airports/autocomplete/',
      fields: { endpoint: 'autocomplete', attempt: 1 },
    });
    expect(answered).toMatchObject({
      message: '← 200 GET /v1/airports/autocomplete/',
      fields: {
        status: 200,
        requestId: expect.stringMatching(/^req_/),
        attempt: 1,
        durationMs: expect.any(Number),
      },
    });
  });

  it('at the default level writes nothing for a call that succeeds after a retry, and warnings to console.warn', async () => {
    sbx.control.failNext('search', { status: 503 });
    const quiet = await consoleLines(() => sbx.client({ logger: undefined }).flights.search(ONE_WAY));
    expect(quiet).toEqual([]);
    const warned = await consoleLines(() =>
      sbx.client({ logger: undefined, hooks: throwingHook }).airports.autocomplete('del'),
    );
    expect(warned).toEqual([['warn', '[fareway] a hook threw; ignored {"error":"hook failure"}']]);
  });
});

describe('FAREWAY_LOG', () => {
  it('sets the level when the option is absent, in any case', async () => {
    vi.stubEnv('FAREWAY_LOG', ' DeBuG ');
    const { logger, levels } = capture();
    await client(undefined, logger).airports.autocomplete('bom');
    expect([...levels()]).toEqual(['debug']);
  });

  it('is read once, at construction', async () => {
    vi.stubEnv('FAREWAY_LOG', 'debug');
    const { logger, lines } = capture();
    const fareway = client(undefined, logger);
    vi.stubEnv('FAREWAY_LOG', 'off');
    await fareway.airports.autocomplete('bom');
    expect(lines.length).toBeGreaterThan(0);
  });

  it('loses to the logLevel option', async () => {
    vi.stubEnv('FAREWAY_LOG', 'debug');
    const { logger, lines } = capture();
    await client('warn', logger).airports.autocomplete('bom');
    expect(lines).toEqual([]);
  });

  it("'off' silences even warnings", async () => {
    vi.stubEnv('FAREWAY_LOG', 'OFF');
    const { logger, lines } = capture();
    await client(undefined, logger, { hooks: throwingHook }).airports.autocomplete('bom');
    expect(lines).toEqual([]);
  });

  it('a value that is no level is ignored with one warning naming the valid ones; the level stays warn', async () => {
    vi.stubEnv('FAREWAY_LOG', 'verbose');
    const { logger, lines } = capture();
    const fareway = client(undefined, logger);
    await fareway.airports.autocomplete('bom');
    await fareway.airports.autocomplete('blr');
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      [
        'warn',
        `FAREWAY_LOG: "verbose" is not a log level (expected debug, info, warn, error, off; any case); it is ignored and the level is 'warn'`,
      ],
    ]);
  });

  it('a value that is no level and does not look like a word is not echoed', () => {
    vi.stubEnv('FAREWAY_LOG', KEY + ' debug');
    const { logger, lines } = capture();
    client(undefined, logger);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toMatch(/^FAREWAY_LOG: its value is not a log level/);
    expect(lines[0]!.text).not.toContain(KEY);
  });
});

describe('the filter keeps the logger itself', () => {
  it('calls each method on the logger (its `this`), with the arguments it was given', () => {
    class ClassLogger {
      readonly seen: unknown[][] = [];
      #prefix = 'p';
      debug(...args: unknown[]) {
        this.seen.push([this.#prefix, 'debug', ...args]);
      }
      error(...args: unknown[]) {
        this.seen.push([this.#prefix, 'error', ...args]);
      }
    }
    const target = new ClassLogger();
    const debugLevel = withLevel(target, 'debug');
    expect(Object.keys(debugLevel)).toEqual(['debug', 'error']);
    debugLevel.debug!('one');
    debugLevel.error!('two', { a: 1 });
    expect(target.seen).toEqual([
      ['p', 'debug', 'one'],
      ['p', 'error', 'two', { a: 1 }],
    ]);
    expect(Object.keys(withLevel(target, 'error'))).toEqual(['error']);
    expect(Object.keys(withLevel(target, 'off'))).toEqual([]);
    expect(Object.keys(withLevel(console, 'info'))).toEqual(['info', 'warn', 'error']);
  });
});

describe('what no line holds', () => {
  /** Passengers with values no log line could hold by accident (and that trigger warnings). */
  function travellers(base: PassengerInput[], lastTravel: string): PassengerInput[] {
    const [lead, ...rest] = base;
    return [
      {
        ...lead!,
        title: 'Mr', // with gender female: a validation warning about this passenger
        first_name: 'Zephyrine',
        last_name: 'Quillfeather',
        dob: '1983-07-19',
        email: 'zephyrine.quill@example.org',
        contact_number: '9812345670',
        passport_number: 'QX7351902',
        // Less than 6 months after the travel date: a validation warning about this passport.
        passport_expiry: new Date(Date.parse(lastTravel) + 60 * 86_400_000).toISOString().slice(0, 10),
      },
      ...rest,
    ];
  }
  const personal = (list: PassengerInput[]) =>
    list
      .flatMap((p) => [
        p.first_name,
        p.last_name,
        p.dob,
        p.email,
        p.contact_number,
        p.passport_number,
        p.passport_expiry,
      ])
      .filter((v): v is string => typeof v === 'string' && v.length >= 6);

  it.each(['debug', 'info', 'warn', 'error'] as const)(
    "at '%s', a full booking flow (bookFlight twice, duplicates found, and create → savePassengers → book) logs neither the key nor passenger data",
    async (level) => {
      const { logger, lines } = capture();
      const fareway = client(level, logger, { duplicates: 'allow', hooks: throwingHook });
      sbx.control.failNext('search', { status: 503 });
      const results = await fareway.flights.search(ABROAD);
      const passengers = travellers(passengersFor(results), ABROAD.preferred_departure_time as string);
      const first = await fareway.bookFlight({ selection: results.select(results.outbound[0]!), passengers });
      expect(first.booking.status).toBe('confirmed');
      // The same lead passenger again: supplier_b reports a duplicate; 'allow' books with a warning.
      sbx.control.failNext('savePassengers', { status: 502 });
      const second = await fareway.bookFlight({
        selection: results.select(results.outbound[1]!),
        passengers,
      });
      expect(second.steps.passengers.duplicates_found).toBe(true);
      // The resource calls one by one.
      const booking = await fareway.bookings.create(results.select(results.outbound[2]!));
      await fareway.bookings.savePassengers(booking, passengers);
      await fareway.bookings.reprice(booking);
      expect((await fareway.bookings.book(booking)).status).toBe('confirmed');

      // The flow logged at every level it passed through (so the checks below look at real lines).
      const expected = {
        debug: ['debug', 'info', 'warn'],
        info: ['info', 'warn'],
        warn: ['warn'],
        error: [],
      }[level];
      expect([...new Set(lines.map((l) => l.level))].sort()).toEqual([...expected].sort());
      if (level === 'debug' || level === 'info' || level === 'warn') {
        const messages = lines.map((l) => l.message);
        // Names the field, not the values (title and gender are the passenger's too).
        expect(messages).toContain('passengers[0]: the title does not match the gender; check the passenger');
        expect(messages.some((m) => /^passengers\[0\]\.passport_expiry\b.* less than 6 months/.test(m))).toBe(
          true,
        );
        expect(messages.some((m) => /possible duplicate/.test(m))).toBe(true);
      }
      const secrets = [KEY, KEY.slice(3, 19), ...personal(passengers)];
      for (const line of lines)
        for (const secret of secrets) expect(line.text, `${line.level} line`).not.toContain(secret);
    },
  );
});
