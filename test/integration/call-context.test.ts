/**
 * The edges of Fareway's own API (issue 24): a call's context is held by the call, state is per
 * client, and every hook, abort and tracer path ends in a typed, truthful result. Each test here
 * was red on the module-global single-flight and the options-carried scope.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Fareway } from '../../src/index.js';
import {
  BookingOutcomeUnknownError,
  ConfigurationError,
  type Logger,
  type SearchResults,
} from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 41 });
const ONE_WAY = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(30) };

async function priced(fareway: Fareway) {
  const results: SearchResults = await fareway.flights.search(ONE_WAY);
  const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
  await fareway.bookings.savePassengers(booking, passengersFor(results));
  await fareway.bookings.reprice(booking);
  return booking;
}

function recordingLogger() {
  const lines: Array<{ level: string; message: string; meta: unknown }> = [];
  const logger: Logger = {
    warn: (message, meta) => lines.push({ level: 'warn', message, meta }),
    error: (message, meta) => lines.push({ level: 'error', message, meta }),
  };
  return { logger, lines };
}

describe("book's single-flight belongs to the client (so to its API key)", () => {
  it("one client's concurrent books send one request; the joined call's .withResponse() is the real response", async () => {
    const fareway = sbx.client();
    const booking = await priced(fareway);
    const first = fareway.bookings.book(booking);
    const joined = fareway.bookings.book(booking.booking_id).withResponse();
    const [x, { data: y, response }] = await Promise.all([first, joined]);
    expect(y.pnr).toBe(x.pnr);
    expect(sbx.calls('book')).toHaveLength(1);
    // The service's own answer, not one made up for the joined caller.
    expect(response.headers.get('x-request-id')).toBe(sbx.calls('book')[0]!.requestId);
    expect(response.headers.get('x-request-id')).toBe(y.requestId);
    expect(response.status).toBe(200);
  });
});

describe('hooks are contained, async ones included', () => {
  it('a hook that returns a rejected promise is logged once, never an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { logger, lines } = recordingLogger();
      const fareway = sbx.client({
        logger,
        hooks: {
          onResponse: async () => {
            throw new Error('hook broke');
          },
          onRequest: () => Promise.reject(new Error('hook broke too')),
        },
      });
      const results = await fareway.flights.search(ONE_WAY);
      expect(results.outbound.length).toBeGreaterThan(0);
      // Let the rejections settle and Node's unhandled-rejection check run.
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
      const hookLines = lines.filter((l) => l.message.includes('hook'));
      expect(hookLines).toHaveLength(2); // one per failed hook call, not more
      expect(hookLines.every((l) => l.level === 'warn')).toBe(true);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('the call context follows the call', () => {
  it("an interrupted book's reconcile reads carry the caller's per-call headers", async () => {
    const fareway = sbx.client();
    const booking = await priced(fareway);
    sbx.control.commitThenDrop('book');
    const result = await fareway.bookings.book(booking, { headers: { 'x-partner-trace': 'trip-42' } });
    expect(result.reconciled).toBe(true);
    const reads = sbx.calls('retrieve').filter((r) => r.path.includes(booking.booking_id));
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read.headers['x-partner-trace']).toBe('trip-42');
  });

  it('a book aborted after it was sent ends at once: BookingOutcomeUnknownError with its ids, no read', async () => {
    const fareway = sbx.client();
    const booking = await priced(fareway);
    sbx.control.failNext('book', { delayMs: 150 }); // the service is still booking when the caller aborts
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const readsBefore = sbx.calls('retrieve').length;
    const pending = fareway.bookings.book(booking, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 40);
    const error = await pending.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BookingOutcomeUnknownError);
    expect(error).toMatchObject({ code: 'booking_outcome_unknown', cause: reason });
    expect((error as BookingOutcomeUnknownError).ids.booking_id).toBe(booking.booking_id);
    // Ended on the abort itself: the book was sent once (the service finishes it after the error)
    // and nothing was read.
    await vi.waitFor(() => expect(sbx.calls('book')).toHaveLength(1));
    expect(sbx.calls('retrieve').length).toBe(readsBefore);
  });

  it('an expectedFinalFare read carries the per-call headers too', async () => {
    const fareway = sbx.client();
    const booking = await priced(fareway);
    const current = await fareway.bookings.retrieve(booking);
    const before = sbx.calls('retrieve').length;
    await fareway.bookings.book(booking, {
      expectedFinalFare: current.pricing!.final_fare,
      headers: { 'x-partner-trace': 'fare-check' },
    });
    const reads = sbx.calls('retrieve').slice(before);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.headers['x-partner-trace']).toBe('fare-check');
  });

  it("a shared autocomplete request belongs to no caller: each caller's answer is recorded once", async () => {
    const fareway = sbx.client();
    const p1 = fareway.airports.autocomplete('del');
    const p2 = fareway.airports.autocomplete('DEL ');
    const [a, b] = await Promise.all([p1.withResponse(), p2.withResponse()]);
    expect(sbx.calls('autocomplete')).toHaveLength(1);
    const id = sbx.calls('autocomplete')[0]!.requestId;
    expect(a.response.headers.get('x-request-id')).toBe(id);
    expect(b.response.headers.get('x-request-id')).toBe(id);
    expect(a.data).toEqual(b.data);
  });

  it('an autocomplete with its own headers sends its own request, carrying them', async () => {
    const fareway = sbx.client();
    const shared = fareway.airports.autocomplete('bom');
    const own = fareway.airports.autocomplete('bom', { headers: { 'x-partner-trace': 'mine' } });
    await Promise.all([shared, own]);
    const sent = sbx.calls('autocomplete');
    expect(sent).toHaveLength(2);
    expect(sent.filter((r) => r.headers['x-partner-trace'] === 'mine')).toHaveLength(1);
  });

  it("an autocomplete with its own maxRetries keeps it (a shared request would use the client's)", async () => {
    const fareway = sbx.client({ maxRetries: 2 });
    sbx.control.failNext('autocomplete', { status: 503, times: 1 });
    await expect(fareway.airports.autocomplete('goi', { maxRetries: 0 })).rejects.toMatchObject({
      status: 503,
    });
    expect(sbx.calls('autocomplete')).toHaveLength(1);
  });

  it('bookings.list() sends nothing until it is awaited', async () => {
    const fareway = sbx.client();
    const pending = fareway.bookings.list({ limit: 5 });
    await new Promise((r) => setTimeout(r, 30));
    expect(sbx.calls('list')).toHaveLength(0);
    const page = await pending;
    expect(sbx.calls('list')).toHaveLength(1);
    expect(Array.isArray(page.results)).toBe(true);
    // Its .withResponse() is the page's own response (PagePromise is a FarewayPromise).
    const { data, response } = await fareway.bookings.list({ limit: 5 }).withResponse();
    expect(response.headers.get('x-request-id')).toBe(data.requestId);
  });
});

describe('a tracer provider that throws', () => {
  it('makes the call reject with a typed error, never throw synchronously, and sends nothing', async () => {
    const tracerProvider = {
      getTracer: vi.fn(() => {
        throw new Error('tracer exploded');
      }),
    };
    const fareway = sbx.client({ tracerProvider });
    let promise: Promise<unknown> | undefined;
    expect(() => {
      promise = fareway.flights.search(ONE_WAY);
    }).not.toThrow();
    // The optional @opentelemetry/api is installed here (a devDependency), so the tracer is used.
    const error = await promise!.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/tracer/);
    expect(sbx.calls('search')).toHaveLength(0);
  });
});
