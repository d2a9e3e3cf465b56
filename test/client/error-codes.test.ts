/**
 * Every Fareway error has a stable `code` and a `docUrl` to its entry in
 * docs/errors-and-retries.md. The errors are provoked through the public API against the sandbox
 * over real HTTP on 127.0.0.1 (so a refused connection is a real one), and the docs are read to
 * check every code has its entry and every docUrl's anchor exists.
 */
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as fareway from '../../src/index.js';
import {
  Fareway,
  FarewayError,
  type FarewayErrorCode,
  type FarewayOptions,
  type SearchParams,
  type SearchResults,
} from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { closedPort } from '../http/transport-server.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const root = new URL('../../', import.meta.url);
const DOC_FILE = 'docs/errors-and-retries.md';

/** The repository's blob URL of the errors doc, from package.json's `repository`. */
function docBase(): string {
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    repository: { url: string };
  };
  const repo = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
  return `${repo}/blob/main/${DOC_FILE}`;
}
const DOCS = docBase();

/**
 * Every code, by class. A `Record<FarewayErrorCode, …>`: the compiler refuses a code the type
 * does not have and a code the type has but this list lacks, so the list is the type's.
 */
const CLASS_OF: Record<FarewayErrorCode, string> = {
  fareway_error: 'FarewayError',
  api_error: 'APIError',
  bad_request: 'BadRequestError',
  authentication_failed: 'AuthenticationError',
  not_found: 'NotFoundError',
  fare_expired: 'FareExpiredError',
  fare_expired_locally: 'FareExpiredLocallyError',
  rate_limited: 'RateLimitError',
  internal_server_error: 'InternalServerError',
  upstream_error: 'UpstreamError',
  insufficient_balance: 'InsufficientBalanceError',
  connection_failed: 'APIConnectionError',
  timeout: 'APITimeoutError',
  invalid_request: 'RequestValidationError',
  client_closed: 'ClientClosedError',
  rate_limit_queue_full: 'RateLimitQueueFullError',
  invalid_response: 'ResponseValidationError',
  booking_outcome_unknown: 'BookingOutcomeUnknownError',
  booking_in_progress: 'BookingInProgressError',
  book_lock_unavailable: 'BookLockUnavailableError',
  create_outcome_unknown: 'CreateOutcomeUnknownError',
  booking_failed: 'BookingFailedError',
  price_changed: 'PriceChangedError',
  duplicate_booking: 'DuplicateBookingError',
  invalid_booking_state: 'BookingStateError',
  passenger_rejected: 'PassengerRejectedError',
  invalid_selection_token: 'SelectionTokenError',
  invalid_configuration: 'ConfigurationError',
};

type ErrorClass = (abstract new (...args: never[]) => FarewayError) & {
  code: FarewayErrorCode;
  name: string;
};

/** Every class the package exports that is FarewayError or extends it. */
const exportedClasses = Object.entries(fareway as Record<string, unknown>).filter(
  (entry): entry is [string, ErrorClass] =>
    typeof entry[1] === 'function' &&
    (entry[1] === FarewayError || (entry[1] as { prototype: unknown }).prototype instanceof FarewayError),
);

describe('every exported error class has its own stable code', () => {
  it('finds the error classes among the exports', () => {
    expect(exportedClasses.length).toBeGreaterThanOrEqual(20);
  });

  it('each class declares its own code (not inherited), snake_case, and no two classes share one', () => {
    const seen = new Map<string, string>();
    for (const [name, cls] of exportedClasses) {
      expect(Object.hasOwn(cls, 'code'), `${name} declares static code`).toBe(true);
      expect(cls.code, name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(seen.get(cls.code), `${name} and ${seen.get(cls.code)} share ${cls.code}`).toBeUndefined();
      seen.set(cls.code, name);
    }
  });

  it('the codes are exactly the FarewayErrorCode union, each on the class the docs name', () => {
    const byCode = Object.fromEntries(exportedClasses.map(([name, cls]) => [cls.code, name]));
    expect(byCode).toEqual(CLASS_OF);
  });

  it('the suggested names of the issue are kept', () => {
    expect(fareway.FareExpiredError.code).toBe('fare_expired');
    expect(fareway.FareExpiredLocallyError.code).toBe('fare_expired_locally');
    expect(fareway.RateLimitError.code).toBe('rate_limited');
    expect(fareway.PriceChangedError.code).toBe('price_changed');
    expect(fareway.BookingOutcomeUnknownError.code).toBe('booking_outcome_unknown');
    expect(fareway.InsufficientBalanceError.code).toBe('insufficient_balance');
  });

  it('an instance carries its class code and docUrl, in JSON too, with name and message first', () => {
    const error = new fareway.NotFoundError({
      status: 404,
      details: ['Booking not found.'],
      requestId: 'req_1',
      headers: { authorization: 'Api-Key secret' },
    });
    expect(error.code).toBe('not_found');
    expect(error.docUrl).toBe(`${DOCS}#not_found`);
    const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
    expect(Object.keys(json).slice(0, 4)).toEqual(['name', 'message', 'code', 'docUrl']);
    expect(json).toMatchObject({
      code: 'not_found',
      docUrl: `${DOCS}#not_found`,
      status: 404,
      requestId: 'req_1',
    });
    expect(JSON.stringify(error)).not.toContain('secret');
    expect(inspect(error)).toContain("code: 'not_found'");
  });

  it('an APIError for a status without its own class keeps api_error', () => {
    expect(fareway.APIError.generate({ status: 418 })).toMatchObject({ name: 'APIError', code: 'api_error' });
    expect(fareway.APIError.generate({ status: 403, endpoint: 'search' })).toMatchObject({
      code: 'api_error',
    });
  });
});

// ---------------------------------------------------------------------------------------------

const sandbox = createSandbox({ seed: 20 });
let served: ListeningSandbox;
const clients: Fareway[] = [];
beforeAll(async () => {
  served = await sandbox.listen({ rateLimits: false });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  sandbox.control.reset();
});
afterAll(async () => {
  await served.close();
});

function client(opts: FarewayOptions = {}): Fareway {
  const c = new Fareway({
    apiKey: served.apiKey,
    baseUrl: served.url,
    logger: null,
    rateLimits: false,
    retryBackoff: { baseDelayMs: 5, maxDelayMs: 20 },
    bookReconcile: { timeoutMs: 300, intervalMs: 20 },
    ...opts,
  });
  clients.push(c);
  return c;
}

const params: SearchParams = {
  origin: 'BLR',
  destination: 'GOI',
  preferred_departure_time: inDays(30),
  source: 'supplier_b',
};
const choose = (results: SearchResults) => results.select(results.outbound[0]!);

/** A booking with passengers saved and repriced, ready to book. */
async function priced(fw: Fareway, move = 0) {
  const results = await fw.flights.search(params);
  const booking = await fw.bookings.create(choose(results));
  await fw.bookings.savePassengers(booking, passengersFor(results));
  if (move) sandbox.control.movePriceOnNextReprice(move);
  const repriced = await fw.bookings.reprice(booking);
  return { results, booking, repriced };
}

/** The rejection of `promise` (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<FarewayError> {
  const outcome = await promise.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a rejection, got ${inspect(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(FarewayError);
  return outcome.error as FarewayError;
}

/** The error has `code`, the matching `docUrl`, is of the class the code belongs to, and never holds the key. */
function expectCode(error: FarewayError, code: FarewayErrorCode): void {
  expect({ name: error.name, code: error.code, docUrl: error.docUrl }).toEqual({
    name: CLASS_OF[code],
    code,
    docUrl: `${DOCS}#${code}`,
  });
  const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
  expect(json).toMatchObject({ code, docUrl: `${DOCS}#${code}` });
  for (const text of [JSON.stringify(error), error.message, inspect(error, { depth: 20, showHidden: true })])
    expect(text).not.toContain(served.apiKey);
}

const BOOKING_ID = '0f9e8d7c-6b5a-4c3d-9e2f-1a2b3c4d5e6f';

describe('errors provoked through the public API carry their code and docUrl', () => {
  it('a wrong API key: authentication_failed (401)', async () => {
    const error = await rejection(client({ apiKey: 'sbx_wrong_key_0000000000' }).flights.search(params));
    expect(error).toMatchObject({ status: 401 });
    expectCode(error, 'authentication_failed');
  });

  it('an unknown booking: not_found (404)', async () => {
    const error = await rejection(client().bookings.retrieve(BOOKING_ID));
    expect(error).toMatchObject({ status: 404 });
    expectCode(error, 'not_found');
  });

  it('a fare lock the service says has expired: fare_expired (409)', async () => {
    const fw = client();
    const results = await fw.flights.search(params);
    const booking = await fw.bookings.create(choose(results));
    sandbox.control.expireBooking(booking.booking_id);
    const error = await rejection(fw.bookings.savePassengers(booking, passengersFor(results)));
    expect(error).toMatchObject({ status: 409, local: false });
    expectCode(error, 'fare_expired');
  });

  it('a search the SDK knows has expired: fare_expired_locally, nothing sent', async () => {
    const fw = client({ expiryMarginMs: 16 * 60_000 });
    const results = await fw.flights.search(params);
    sandbox.control.clearRequests();
    const error = await rejection(fw.bookings.create(choose(results)));
    expect(error).toMatchObject({ status: 0, local: true });
    expectCode(error, 'fare_expired_locally');
    expect(sandbox.control.requests()).toHaveLength(0);
  });

  it('a selection token altered on the way: invalid_selection_token, nothing sent', async () => {
    const fw = client();
    const token = await fw.flights.selectionToken(choose(await fw.flights.search(params)));
    sandbox.control.clearRequests();
    const altered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    const error = await rejection(client().flights.selectionFromToken(altered));
    expect(error).toMatchObject({ problem: 'signature' });
    expectCode(error, 'invalid_selection_token');
    expect(sandbox.control.requests()).toHaveLength(0);
  });

  it('a 429: rate_limited', async () => {
    sandbox.control.failNext('retrieve', {
      status: 429,
      detail: 'Rate limit exceeded',
      headers: { 'retry-after': '0' },
    });
    const error = await rejection(client().bookings.retrieve(BOOKING_ID, { maxRetries: 0 }));
    expect(error).toMatchObject({ status: 429 });
    expectCode(error, 'rate_limited');
  });

  it('a 500: internal_server_error; a 503: the same; a 502: upstream_error', async () => {
    sandbox.control.failNext('search', { status: 500, detail: 'Internal error' });
    expectCode(await rejection(client().flights.search(params, { maxRetries: 0 })), 'internal_server_error');
    sandbox.control.failNext('search', { status: 503, body: '<html>Service Unavailable</html>' });
    expectCode(await rejection(client().flights.search(params, { maxRetries: 0 })), 'internal_server_error');
    sandbox.control.failNext('search', { status: 502, detail: 'Supplier timeout', times: 2 });
    expectCode(await rejection(client().flights.search(params)), 'upstream_error'); // after its one retry
  });

  it('a 4xx without its own class: api_error', async () => {
    sandbox.control.failNext('retrieve', { status: 403, detail: 'Forbidden' });
    const error = await rejection(client().bookings.retrieve(BOOKING_ID));
    expect(error).toMatchObject({ status: 403 });
    expectCode(error, 'api_error');
  });

  it('a 400 from the service: bad_request', async () => {
    sandbox.control.failNext('search', { status: 400, detail: 'origin: unknown airport' });
    expectCode(await rejection(client().flights.search(params)), 'bad_request');
  });

  it('passengers the service refuses: passenger_rejected (a 400, still a BadRequestError)', async () => {
    const fw = client();
    const results = await fw.flights.search(params);
    const booking = await fw.bookings.create(choose(results));
    // Named by id in a client that never saw the search: the count is the service's to check.
    const two = passengersFor({ pax_count: { adult: 2, child: 0, infant: 0 } });
    const error = await rejection(client().bookings.savePassengers(booking.booking_id, two));
    expect(error).toMatchObject({ status: 400, booking_id: booking.booking_id });
    expect(error).toBeInstanceOf(fareway.BadRequestError);
    expectCode(error, 'passenger_rejected');
  });

  it('a wallet that cannot pay: insufficient_balance', async () => {
    const fw = client();
    const { booking } = await priced(fw);
    sandbox.control.setWalletBalance(100);
    expectCode(await rejection(fw.bookings.book(booking)), 'insufficient_balance');
  });

  it('bad input: invalid_request, nothing sent', async () => {
    const error = await rejection(client().flights.search({ ...params, origin: 'DELHI', adult_count: 0 }));
    expectCode(error, 'invalid_request');
    expect(sandbox.control.requests()).toHaveLength(0);
  });

  it('a closed client: client_closed', async () => {
    const fw = client();
    await fw.close();
    expectCode(await rejection(fw.bookings.retrieve(BOOKING_ID)), 'client_closed');
  });

  it('a stale expected fare: price_changed (no book sent)', async () => {
    const fw = client();
    const { booking } = await priced(fw, 900);
    const error = await rejection(
      fw.bookings.book(booking, { expectedFinalFare: booking.pricing.final_fare }),
    );
    expectCode(error, 'price_changed');
    expect(sandbox.control.requests().filter((r) => r.endpoint === 'book')).toHaveLength(0);
  });

  it('possible duplicates refused by bookFlight: duplicate_booking', async () => {
    const fw = client();
    const first = await fw.flights.search(params);
    await fw.bookFlight({ selection: choose(first), passengers: passengersFor(first) });
    const second = await fw.flights.search(params);
    expectCode(
      await rejection(fw.bookFlight({ selection: choose(second), passengers: passengersFor(second) })),
      'duplicate_booking',
    );
  });

  it('a book the supplier failed: booking_failed', async () => {
    const fw = client();
    const { booking } = await priced(fw);
    sandbox.control.failNext('book', { status: 502, detail: 'Supplier rejected the booking' });
    expectCode(await rejection(fw.bookings.book(booking)), 'booking_failed');
  });

  it('a book answered by a proxy page, the booking never settling: booking_outcome_unknown', async () => {
    const fw = client();
    const { booking } = await priced(fw);
    sandbox.control.failNext('book', { status: 502, body: '<html>Bad Gateway</html>' });
    const error = await rejection(fw.bookings.book(booking));
    expectCode(error, 'booking_outcome_unknown');
    expect(error).toMatchObject({ booking_id: booking.booking_id });
  });

  it('a create whose connection dropped and that listing cannot settle: create_outcome_unknown', async () => {
    const fw = client();
    const results = await fw.flights.search(params);
    sandbox.control.failNext('createBooking', { drop: true });
    const error = await rejection(fw.bookings.create(choose(results)));
    expectCode(error, 'create_outcome_unknown');
    expect(error).toMatchObject({ trace_id: results.trace_id });
  });

  it('a 2xx the contract does not allow: invalid_response', async () => {
    sandbox.control.failNext('retrieve', { status: 200, body: 'all good' });
    // Not JSON: a cut body, re-sent once by default (docs/errors-and-retries.md).
    const error = await rejection(client().bookings.retrieve(BOOKING_ID, { maxRetries: 0 }));
    expectCode(error, 'invalid_response');
  });

  it('a refused connection on 127.0.0.1: connection_failed, the network code on systemCode', async () => {
    const port = await closedPort();
    const error = await rejection(
      client({ baseUrl: `http://127.0.0.1:${port}` }).bookings.retrieve(BOOKING_ID, { maxRetries: 0 }),
    );
    expectCode(error, 'connection_failed');
    expect(error).toMatchObject({ systemCode: 'ECONNREFUSED' });
    expect(error.message).toContain('(ECONNREFUSED)');
  });

  it('a dropped connection: connection_failed', async () => {
    sandbox.control.failNext('retrieve', { drop: true });
    const error = await rejection(client().bookings.retrieve(BOOKING_ID, { maxRetries: 0 }));
    expectCode(error, 'connection_failed');
    expect((error as fareway.APIConnectionError).systemCode).toEqual(expect.any(String));
  });

  it('no answer within the timeout: timeout, systemCode ETIMEDOUT', async () => {
    sandbox.control.failNext('retrieve', { delayMs: 5_000 });
    const error = await rejection(client().bookings.retrieve(BOOKING_ID, { timeout: 100, maxRetries: 0 }));
    expectCode(error, 'timeout');
    expect(error).toMatchObject({ systemCode: 'ETIMEDOUT' });
  });

  it('a full rate-limit queue: rate_limit_queue_full', async () => {
    const fw = client({ rateLimits: { other: { limit: 1, windowMs: 60_000 }, maxQueue: 1 } });
    const controller = new AbortController();
    await fw.bookings.list({}, { signal: controller.signal }); // takes the only token
    const queued = fw.bookings.list({}, { signal: controller.signal }).catch((e: unknown) => e); // waits for the window
    const error = await rejection(fw.bookings.list());
    controller.abort(new Error('done'));
    await queued;
    expectCode(error, 'rate_limit_queue_full');
  });

  it('a bad client option: invalid_configuration', () => {
    let error: unknown;
    try {
      new Fareway({ apiKey: served.apiKey, timeout: -1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FarewayError);
    expectCode(error as FarewayError, 'invalid_configuration');
  });
});

// ---------------------------------------------------------------------------------------------

/** GitHub's heading anchor (github-slugger): lower case, punctuation dropped, spaces to '-'. */
function slug(heading: string): string {
  const text = heading.replace(/`([^`]*)`/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

interface Heading {
  level: number;
  text: string;
  anchor: string;
  /** The text up to the next heading. */
  body: string;
}

/** The headings of a markdown file with GitHub's anchors (duplicates get -1, -2…); fences skipped. */
function headings(markdown: string): Heading[] {
  const out: Heading[] = [];
  const counts = new Map<string, number>();
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fence = !fence;
    const m = fence ? null : /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) {
      if (out.length) out[out.length - 1]!.body += `${line}\n`;
      continue;
    }
    const base = slug(m[2]!);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    out.push({ level: m[1]!.length, text: m[2]!, anchor: n ? `${base}-${n}` : base, body: '' });
  }
  return out;
}

describe(`${DOC_FILE} has an entry for every code`, () => {
  const doc = headings(readFileSync(new URL(DOC_FILE, root), 'utf8'));
  const section = doc.findIndex((h) => h.level === 2 && h.text === 'Error codes');
  const next = doc.findIndex((h, i) => i > section && h.level <= 2);
  const entries = doc.slice(section + 1, next === -1 ? undefined : next).filter((h) => h.level === 3);

  it('has a "## Error codes" section whose entries are exactly the codes', () => {
    expect(section).toBeGreaterThan(-1);
    expect(entries.map((h) => h.text).sort()).toEqual(Object.keys(CLASS_OF).sort());
  });

  it.each(Object.entries(CLASS_OF))(
    '%s: its heading anchor is the code, and the entry names %s and says what to do',
    (code, cls) => {
      const entry = entries.find((h) => h.text === code);
      expect(entry?.anchor).toBe(code);
      expect(entry!.body).toContain(`\`${cls}\``);
      if (code !== 'fareway_error') expect(entry!.body).toMatch(/\*\*Do:\*\*/);
    },
  );

  it("every docUrl (the classes' and the errors' own) points at this file in the repository, at an anchor that exists", () => {
    const anchors = new Set(doc.map((h) => h.anchor));
    const urls = exportedClasses.map(([, cls]) => `${DOCS}#${cls.code}`);
    urls.push(
      new fareway.ClientClosedError().docUrl,
      new fareway.FareExpiredLocallyError('The search').docUrl,
      new fareway.ConfigurationError('x').docUrl,
    );
    for (const url of urls) {
      const [base, anchor] = url.split('#');
      expect(base).toBe('https://github.com/fareway-dev/fareway/blob/main/docs/errors-and-retries.md');
      expect(anchors.has(anchor!), url).toBe(true);
    }
  });

  it("the class tree names each class's code", () => {
    const tree = doc.find((h) => h.text === 'Error classes')!.body;
    for (const [code, cls] of Object.entries(CLASS_OF))
      expect(tree).toMatch(new RegExp(`\\b${cls}\\s+${code}\\b`));
  });
});
