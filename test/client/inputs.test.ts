import { describe, expect, it } from 'vitest';
import type { Fareway } from '../../src/index.js';
import { ClientClosedError, FarewayError, RequestValidationError } from '../../src/index.js';
import { client, mockService } from '../helpers/mock-service.js';
import { inDays } from '../helpers/sandbox.js';

const svc = mockService();
const base = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(30) };

async function refused(params: Record<string, unknown>): Promise<string[]> {
  const fareway = client();
  const error = await fareway.flights.search(params as never).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(svc.calls).toHaveLength(0); // nothing was sent
  return (error as RequestValidationError).details;
}

describe('search input rules (nothing is sent on bad input)', () => {
  it.each([
    [{ adult_count: 0 }, 'adult_count: at least one adult is required'],
    [{ adult_count: 10 }, 'adult_count: must be at most 9'],
    [{ child_count: -1 }, 'child_count'],
    [{ child_count: 1.5 }, 'child_count: must be a whole number'],
    [{ adult_count: 1, infant_count: 2 }, 'infant_count: must not exceed adult_count'],
    [{ origin: 'DELHI' }, 'origin: must be a 3-letter IATA code'],
    [{ destination: 'DEL' }, 'destination: must differ from origin'],
    [{ preferred_departure_time: '2031-02-30' }, 'preferred_departure_time: is not a calendar date'],
    [
      { preferred_departure_time: '2031-02-28T24:00:00' },
      'preferred_departure_time: is not a real time of day',
    ],
    [
      { preferred_departure_time: inDays(-2) },
      `preferred_departure_time: is in the past (${inDays(-2)}; today is`,
    ],
    [{ preferred_departure_time: '01/12/2026' }, 'preferred_departure_time'],
    [{ preferred_departure_time: new Date('nope') }, 'preferred_departure_time: must be a Date'],
    [{ journey_type: 'round_trip' }, 'preferred_return_departure_time: required for a round_trip'],
    [
      { journey_type: 'one_way', preferred_return_departure_time: '2099-12-05' },
      'must be omitted for a one_way',
    ],
    [{ preferred_return_departure_time: inDays(29) }, 'must not be before preferred_departure_time'],
    [{ journey_type: 'multi_city' }, 'journey_type: multi_city is not defined by the v1 contract'],
    [{ flight_cabin_class: 'luxury' }, 'flight_cabin_class'],
    [{ direct_flight: 'yes' }, 'direct_flight'],
    [{ source: 'supplier_c' }, 'source'],
    [{ adults: 2 }, 'adults'],
    [JSON.parse('{"__proto__": {"adult_count": 3}}') as Record<string, unknown>, '__proto__'],
  ])('%j is refused: %s', async (patch, expected) => {
    const details = await refused({ ...base, ...patch });
    expect(details.join('\n')).toContain(expected);
  });

  it('names every offending field at once', async () => {
    const details = await refused({
      origin: 'X',
      destination: 'Y',
      preferred_departure_time: 'soon',
      adult_count: 0,
    });
    expect(details.map((d) => d.split(':')[0])).toEqual(
      expect.arrayContaining(['origin', 'destination', 'preferred_departure_time']),
    );
  });
});

const TRACE = '6f1d2c3a-0b4e-4c5d-8e9f-a0b1c2d3e4f5';
const BOOKING_ID = 'bk_0123456789';
const SELECTION = { trace_id: TRACE, result_indices: ['r1'] };
const PAX = {
  title: 'Ms',
  first_name: 'Asha',
  last_name: 'Rao',
  gender: 'female',
  pax_type: 'adult',
  dob: '1980-04-12',
  is_lead: true,
};

/** Every public method, called with `options` as its per-call options. */
const METHODS: Record<string, (f: Fareway, options: unknown) => unknown> = {
  search: (f, o) => f.flights.search(base, o as never),
  fareRules: (f, o) => f.flights.fareRules({ trace_id: TRACE, result_index: 'r1' }, o as never),
  create: (f, o) => f.bookings.create(SELECTION, o as never),
  savePassengers: (f, o) => f.bookings.savePassengers(BOOKING_ID, [PAX as never], o as never),
  reprice: (f, o) => f.bookings.reprice(BOOKING_ID, o as never),
  book: (f, o) => f.bookings.book(BOOKING_ID, o as never),
  retrieve: (f, o) => f.bookings.retrieve(BOOKING_ID, o as never),
  list: (f, o) => f.bookings.list({}, o as never),
  autocomplete: (f, o) => f.airports.autocomplete('del', o as never),
  bookFlight: (f, o) =>
    f.bookFlight({ selection: SELECTION, passengers: [PAX as never], requestOptions: o as never }),
};

/** The rejection of a call (a synchronous throw counts too). */
async function rejection(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('per-call options are checked before anything is queued or sent', () => {
  const bad: Array<[string, unknown, string]> = [
    ['null', null, 'must be an object'],
    ['an array', [], 'must be an object'],
    ['a signal that is not an AbortSignal', { signal: {} }, 'signal: must be an AbortSignal'],
    ["maxRetries 'x'", { maxRetries: 'x' }, 'maxRetries: must be a whole number >= 0'],
    ['maxRetries NaN', { maxRetries: Number.NaN }, 'maxRetries: must be a whole number >= 0'],
    ['timeout 0', { timeout: 0 }, 'timeout: must be a finite number > 0'],
    ['timeout -1', { timeout: -1 }, 'timeout: must be a finite number > 0'],
    ['timeout NaN', { timeout: Number.NaN }, 'timeout: must be a finite number > 0'],
    ["timeout 'x'", { timeout: 'x' }, 'timeout: must be a finite number > 0'],
    ['timeout Infinity', { timeout: Number.POSITIVE_INFINITY }, 'timeout: must be a finite number > 0'],
    [
      'timeout 2³¹ (more than a timer holds)',
      { timeout: 2 ** 31 },
      'timeout: must be a finite number > 0 (milliseconds, at most 2147483647)',
    ],
    ['a header name with a space', { headers: { 'x bad': '1' } }, 'is not a valid header name'],
    [
      'a header value with a line break',
      { headers: { 'x-ref': 'a\r\nx-evil: 1' } },
      'is not a valid header value',
    ],
    ['content-type', { headers: { 'Content-Type': 'text/plain' } }, 'cannot be overridden'],
    ['authorization', { headers: { authorization: 'Api-Key other' } }, 'cannot be overridden'],
    ['an own __proto__ key', JSON.parse('{"__proto__": {"timeout": 0}}'), '__proto__: is a prototype key'],
    ['a typo', { timout: 5000 }, 'timout: unknown option — did you mean timeout?'],
  ];

  for (const [method, call] of Object.entries(METHODS)) {
    it.each(bad)(
      `${method}: %s is a RequestValidationError naming the option, and nothing is sent`,
      async (_label, options, expected) => {
        const error = await rejection(() => call(client(), options));
        expect(error).toBeInstanceOf(RequestValidationError);
        expect((error as RequestValidationError).details.join('\n')).toContain(expected);
        expect(svc.calls).toHaveLength(0);
      },
    );
  }

  it('reports every bad option at once, with paths', async () => {
    const error = (await rejection(() =>
      client().bookings.retrieve(BOOKING_ID, {
        timeout: 0,
        maxRetries: -1,
        headers: { host: 'evil.test' },
      } as never),
    )) as RequestValidationError;
    expect(error.issues.map((i) => i.path)).toEqual([
      'options.timeout',
      'options.maxRetries',
      'options.headers.host',
    ]);
  });

  it('checks the extra options of book and savePassengers, with hints', async () => {
    const book = (await rejection(() =>
      client().bookings.book(BOOKING_ID, { acceptPriceChanges: true, expectedFinalFare: 'cheap' } as never),
    )) as RequestValidationError;
    expect(book.details).toEqual([
      'options.acceptPriceChanges: unknown option — did you mean acceptPriceChange?',
      'options.expectedFinalFare: must be a finite amount >= 0 (the final_fare you agreed)',
    ]);
    const save = await rejection(() =>
      client().bookings.savePassengers(BOOKING_ID, [PAX as never], { skipPreflight: 'yes' } as never),
    );
    expect((save as RequestValidationError).details).toEqual([
      'options.skipPreflight: must be true or false',
    ]);
    expect(svc.calls).toHaveLength(0);
  });

  it('checks bookFlight parameters by their schema, with hints, before creating anything', async () => {
    const error = (await rejection(() =>
      client().bookFlight({
        selection: SELECTION,
        passengers: [PAX as never],
        reprice: 'no',
        onPriceChanged: () => true,
      } as never),
    )) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.details).toEqual([
      'reprice: must be true or false',
      'onPriceChanged: unknown parameter — did you mean onPriceChange?',
    ]);
    const missing = (await rejection(() =>
      client().bookFlight({ passengers: [PAX as never] } as never),
    )) as RequestValidationError;
    expect(missing.details).toEqual([
      'selection: is required: results.select(...) or { trace_id, result_indices }',
    ]);
    const notAnObject = (await rejection(() => client().bookFlight(null as never))) as RequestValidationError;
    expect(notAnObject.details).toEqual(['params: must be an object { selection, passengers, ... }']);
    expect(svc.calls).toHaveLength(0);
  });

  it('sends valid extra headers as given', async () => {
    svc.reply('get', '/v1/airports/autocomplete/', { results: [] });
    await client().airports.autocomplete('del', {
      headers: { 'x-partner-ref': 'order-42' },
      timeout: 5000,
      maxRetries: 0,
    });
    expect(svc.calls).toHaveLength(1);
    expect(svc.calls[0]!.headers['x-partner-ref']).toBe('order-42');
    expect(svc.calls[0]!.headers['accept']).toBe('application/json');
  });
});

describe('a pre-aborted signal and a closed client', () => {
  for (const [method, call] of Object.entries(METHODS)) {
    it(`${method}: a pre-aborted signal rejects at once with its reason, and nothing is sent`, async () => {
      const reason = new Error('caller gave up');
      const error = await rejection(() => call(client(), { signal: AbortSignal.abort(reason) }));
      expect(error).toBe(reason);
      expect(svc.calls).toHaveLength(0);
    });

    it(`${method}: after close() it rejects with ClientClosedError, and nothing is sent`, async () => {
      const fareway = client();
      await fareway.close();
      const error = await rejection(() => call(fareway, undefined));
      expect(error).toBeInstanceOf(ClientClosedError);
      expect(error).toBeInstanceOf(FarewayError);
      expect(svc.calls).toHaveLength(0);
    });
  }
});

describe('fare rules and create inputs', () => {
  it.each([null, undefined, 'x', 42])(
    'fareRules(%j) is a RequestValidationError, not a TypeError',
    async (input) => {
      const error = await rejection(() => client().flights.fareRules(input as never));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(svc.calls).toHaveLength(0);
    },
  );

  it('fareRules refuses a trace_id that is not a UUID (spec §4.1)', async () => {
    const error = (await rejection(() =>
      client().flights.fareRules({ trace_id: 'trace-1', result_index: 'r1' }),
    )) as RequestValidationError;
    expect(error.details).toEqual(['trace_id: must be the trace_id (a UUID) of a search']);
    const viaSelection = (await rejection(() =>
      client().flights.fareRules({ trace_id: 'nope', result_indices: ['r1'] }),
    )) as RequestValidationError;
    expect(viaSelection.details[0]).toContain('trace_id: must be the trace_id (a UUID)');
    expect(svc.calls).toHaveLength(0);
  });
});
