import { describe, expect, it } from 'vitest';
import {
  BookingFailedError,
  BookingOutcomeUnknownError,
  InternalServerError,
  UpstreamError,
  type Fareway,
  type ReconcileEvent,
  type RetryEvent,
} from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 11 });

/** A booking of supplier_b, domestic one-way, up to `priced`. */
async function pricedBooking(fareway: Fareway) {
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(20),
    source: 'supplier_b',
  });
  const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
  await fareway.bookings.savePassengers(booking, passengersFor(results));
  await fareway.bookings.reprice(booking);
  return booking;
}

describe('retries of calls safe to repeat', () => {
  it('retries a 429, honouring Retry-After, visible to hooks with the request id', async () => {
    const retries: RetryEvent[] = [];
    const limited: unknown[] = [];
    const fareway = sbx.client({
      maxRetries: 2,
      hooks: { onRetry: (e) => retries.push(e), onRateLimited: (e) => limited.push(e) },
    });
    sbx.control.failNext('search', { status: 429, headers: { 'Retry-After': '0' } });
    const results = await fareway.flights.search({
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: inDays(20),
    });
    expect(results.outbound.length).toBeGreaterThan(0);
    expect(sbx.calls('search')).toHaveLength(2);
    expect(retries).toHaveLength(1);
    expect(retries[0]!.requestId).toMatch(/\S/);
    expect(retries[0]!.error.name).toBe('RateLimitError');
    expect(limited).toHaveLength(1);
  });

  it('retries a 502 only once', async () => {
    const fareway = sbx.client({ maxRetries: 5 });
    sbx.control.failNext('search', { status: 502, times: 3 });
    await expect(
      fareway.flights.search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(20) }),
    ).rejects.toBeInstanceOf(UpstreamError);
    expect(sbx.calls('search')).toHaveLength(2);
  });

  it('retries a 500 and a dropped connection on reprice (repeatable), but never re-sends create', async () => {
    const fareway = sbx.client({ maxRetries: 2 });
    const results = await fareway.flights.search({
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: inDays(20),
      source: 'supplier_b',
    });
    sbx.control.failNext('createBooking', { status: 500 });
    await expect(fareway.bookings.create(results.select(results.outbound[0]!))).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(sbx.calls('createBooking')).toHaveLength(1);
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    expect(booking.status).toBe('draft');
    await fareway.bookings.savePassengers(booking, passengersFor(results));
    sbx.control.failNext('reprice', { status: 500 });
    sbx.control.failNext('reprice', { drop: true });
    expect((await fareway.bookings.reprice(booking)).status).toBe('priced');
    expect(sbx.calls('reprice')).toHaveLength(3);
  });

  it('gives up after maxRetries, per call', async () => {
    const fareway = sbx.client({ maxRetries: 3 });
    sbx.control.failNext('list', { status: 500, times: 5 });
    await expect(fareway.bookings.list({ limit: 5 }, { maxRetries: 1 })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(sbx.calls('list')).toHaveLength(2);
  });
});

describe('book is never blindly re-sent', () => {
  it('a connection dropped after the service committed ends with one PNR, one debit and a normal return', async () => {
    const events: ReconcileEvent[] = [];
    const fareway = sbx.client({ maxRetries: 3, hooks: { onReconcile: (e) => events.push(e) } });
    const booking = await pricedBooking(fareway);
    const before = sbx.control.walletBalance();
    sbx.control.commitThenDrop('book');
    const done = await fareway.bookings.book(booking.booking_id);
    expect(done.status).toBe('confirmed');
    expect(done.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(done.reconciled).toBe(true);
    expect(sbx.calls('book')).toHaveLength(1);
    const state = sbx.control.getBooking(booking.booking_id)!;
    expect(state.debits).toHaveLength(1);
    expect(state.pnr).toBe(done.pnr);
    expect(before - sbx.control.walletBalance()).toBeCloseTo(done.pricing!.final_fare, 2);
    expect(events.at(-1)).toMatchObject({ booking_id: booking.booking_id, status: 'confirmed', done: true });
  });

  it('a timeout while the service is still booking reconciles to the confirmed booking', async () => {
    const fareway = sbx.client();
    const booking = await pricedBooking(fareway);
    sbx.control.failNext('book', { delayMs: 300 });
    const done = await fareway.bookings.book(booking.booking_id, { timeout: 50 });
    expect(done.reconciled).toBe(true);
    expect(sbx.calls('book')).toHaveLength(1);
    expect(sbx.control.getBooking(booking.booking_id)!.debits).toHaveLength(1);
  });

  it("a 502 in the service's envelope: one retrieve decides, and a failed booking is BookingFailedError", async () => {
    const fareway = sbx.client({ maxRetries: 3 });
    const booking = await pricedBooking(fareway);
    sbx.control.failNext('book', { status: 502 });
    const error = (await fareway.bookings
      .book(booking.booking_id)
      .catch((e: unknown) => e)) as BookingFailedError;
    expect(error).toBeInstanceOf(BookingFailedError);
    expect(error.booking_id).toBe(booking.booking_id);
    expect(error.cause).toBeInstanceOf(UpstreamError);
    expect(sbx.calls('book')).toHaveLength(1);
    expect(sbx.calls('retrieve')).toHaveLength(1);
    expect((await fareway.bookings.retrieve(booking.booking_id)).status).toBe('failed');
  });

  it("a 500 in the service's envelope on a booking left untouched: one retrieve, then the 500 itself, marked bookable", async () => {
    const fareway = sbx.client({ maxRetries: 3 });
    const booking = await pricedBooking(fareway);
    sbx.control.failNext('book', { status: 500 });
    const error = (await fareway.bookings
      .book(booking.booking_id)
      .catch((e: unknown) => e)) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.context).toEqual({ booking_id: booking.booking_id, booking_status: 'priced' });
    expect(sbx.calls('book')).toHaveLength(1);
    expect(sbx.calls('retrieve')).toHaveLength(1);
    expect(sbx.control.getBooking(booking.booking_id)!.debits).toHaveLength(0);
    // Still bookable: booking again is safe and books once.
    expect((await fareway.bookings.book(booking.booking_id)).status).toBe('confirmed');
    expect(sbx.control.getBooking(booking.booking_id)!.debits).toHaveLength(1);
  });

  it('a dropped book whose booking stays untouched ends in BookingOutcomeUnknownError within the reconcile window', async () => {
    const fareway = sbx.client({ maxRetries: 3, bookReconcile: { timeoutMs: 300, intervalMs: 20 } });
    const booking = await pricedBooking(fareway);
    sbx.control.failNext('book', { drop: true });
    const error = (await fareway.bookings
      .book(booking.booking_id)
      .catch((e: unknown) => e)) as BookingOutcomeUnknownError;
    expect(error).toBeInstanceOf(BookingOutcomeUnknownError);
    expect(error.booking_id).toBe(booking.booking_id);
    expect(error.booking_status).toBe('priced');
    expect(error.lastStatus).toBe(error.booking_status);
    expect(error.message).toMatch(/Do not book again/);
    expect(sbx.calls('book')).toHaveLength(1);
    expect(sbx.control.getBooking(booking.booking_id)!.debits).toHaveLength(0);
  });

  it('a 429 on book is retried: nothing happened', async () => {
    const fareway = sbx.client({ maxRetries: 2 });
    const booking = await pricedBooking(fareway);
    sbx.control.failNext('book', { status: 429, headers: { 'Retry-After': '0' } });
    const done = await fareway.bookings.book(booking.booking_id);
    expect(done.reconciled).toBe(false);
    expect(sbx.calls('book')).toHaveLength(2);
    expect(sbx.control.getBooking(booking.booking_id)!.debits).toHaveLength(1);
  });
});

describe('aborts and secrets', () => {
  it('an aborted call rejects with its reason and leaves nothing unsettled', async () => {
    const fareway = sbx.client();
    sbx.control.failNext('search', { delayMs: 2_000 });
    const controller = new AbortController();
    const pending = fareway.flights.search(
      { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(20) },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(new Error('typeahead moved on')), 20);
    await expect(pending).rejects.toThrow('typeahead moved on');
  });

  it('logs and hooks never carry the API key or passenger data', async () => {
    const lines: string[] = [];
    const record = (level: string) => (message: string, meta?: unknown) =>
      lines.push(`${level} ${message} ${JSON.stringify(meta ?? {})}`);
    const fareway = sbx.client({
      maxRetries: 2,
      logLevel: 'debug', // every line (the default, 'warn', would hide the debug and info ones)
      logger: { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') },
      hooks: {
        onRequest: (e) => lines.push(JSON.stringify(e)),
        onResponse: (e) => lines.push(JSON.stringify(e)),
        onRetry: (e) => lines.push(JSON.stringify({ ...e, error: e.error.message })),
        onReconcile: (e) => lines.push(JSON.stringify(e)),
      },
    });
    sbx.control.failNext('reprice', { status: 500 });
    const booking = await pricedBooking(fareway);
    sbx.control.commitThenDrop('book');
    await fareway.bookings.book(booking.booking_id);
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    expect(text).not.toContain(sbx.sandbox.apiKey);
    expect(text).not.toContain('Asha');
    expect(text).not.toContain('asha@example.com');
    expect(text).toMatch(/retrying POST/);
  });
});

describe('the rate-limit queue', () => {
  it('is bounded: a call beyond maxQueue is refused with RateLimitQueueFullError and nothing is sent', async () => {
    const { RateLimitQueueFullError } = await import('../../src/index.js');
    const fareway = sbx.client({ rateLimits: { other: { limit: 1, windowMs: 60_000 }, maxQueue: 1 } });
    const controller = new AbortController();
    const first = fareway.bookings.list({}, { signal: controller.signal }); // takes the only token
    await first;
    const queued = fareway.bookings.list({}, { signal: controller.signal }).catch((e: unknown) => e); // waits a minute
    const refused = await fareway.bookings.list().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitQueueFullError);
    controller.abort(new Error('done'));
    expect(await queued).toMatchObject({ message: 'done' });
    expect(sbx.calls('list')).toHaveLength(1);
  });
});
