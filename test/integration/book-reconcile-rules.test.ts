/**
 * What an interrupted book tells while it reconciles (book-reconcile.ts), through the public API
 * (issue 33): each check reaches `onReconcile` with its number, the status read and whether it
 * settled; the log says why it reconciles and what it found; a book that may still land is read
 * until the budget ends, never settled early by a still-bookable status.
 */
import { describe, expect, it } from 'vitest';
import { BookingFailedError, BookingOutcomeUnknownError, type Fareway } from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 37 });
const ONE_WAY = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(27) };

async function priced(fw: Fareway) {
  const results = await fw.flights.search(ONE_WAY);
  const booking = await fw.bookings.create(results.select(results.outbound[0]!));
  await fw.bookings.savePassengers(booking, passengersFor(results));
  await fw.bookings.reprice(booking);
  return booking.booking_id;
}

function observed(opts: { timeoutMs?: number } = {}) {
  const checks: unknown[] = [];
  const lines: Array<[string, string, unknown]> = [];
  const at = (level: string) => (msg: string, meta?: unknown) => void lines.push([level, msg, meta]);
  const fw = sbx.client({
    maxRetries: 0,
    logLevel: 'info',
    logger: { info: at('info'), warn: at('warn'), error: at('error') },
    hooks: { onReconcile: (event) => void checks.push(event) },
    bookReconcile: { timeoutMs: opts.timeoutMs ?? 3_000, intervalMs: 10 },
  });
  return { fw, checks, lines };
}

describe('an interrupted book reconciles by reading', () => {
  it('a book that committed and was cut: a failed check, then confirmed; each told to onReconcile and the log', async () => {
    const { fw, checks, lines } = observed();
    const id = await priced(fw);
    sbx.control.commitThenDrop('book');
    sbx.control.failNext('retrieve', { status: 500 });
    const booked = await fw.bookings.book(id);
    expect(booked).toMatchObject({ status: 'confirmed', reconciled: true });
    const reason = (checks[0] as { reason: string }).reason;
    expect(reason).toMatch(/^APIConnectionError: /);
    expect(checks).toEqual([
      { booking_id: id, reason, status: undefined, check: 1, done: false },
      { booking_id: id, reason, status: 'confirmed', check: 2, done: true },
    ]);
    expect(lines).toContainEqual([
      'warn',
      `book of ${id} was interrupted (${reason}); reconciling by retrieving the booking`,
      { booking_id: id },
    ]);
    expect(
      lines.some(
        ([level, msg]) => level === 'info' && msg.startsWith(`reconcile check 1 for ${id} failed: `),
      ),
    ).toBe(true);
    expect(lines).toContainEqual([
      'info',
      `book of ${id} had committed: PNR ${booked.pnr}`,
      { booking_id: id, requestId: booked.requestId },
    ]);
  });

  it('without an onReconcile hook (and with every level logged), nothing complains', async () => {
    const lines: string[] = [];
    const log = (msg: string) => void lines.push(msg);
    const fw = sbx.client({
      maxRetries: 0,
      logLevel: 'debug',
      logger: { debug: log, info: log, warn: log, error: log },
      hooks: { onRetry: () => undefined },
      bookReconcile: { timeoutMs: 3_000, intervalMs: 10 },
    });
    const id = await priced(fw);
    sbx.control.commitThenDrop('book');
    expect((await fw.bookings.book(id)).reconciled).toBe(true);
    expect(lines.filter((l) => /hook/i.test(l))).toEqual([]);
  });

  it('a book cut before the service acted: read until the budget ends (a bookable status settles nothing), then BookingOutcomeUnknownError', async () => {
    const { fw, checks } = observed({ timeoutMs: 150 });
    const id = await priced(fw);
    sbx.control.failNext('book', { drop: true });
    const error = await fw.bookings.book(id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BookingOutcomeUnknownError);
    expect(error).toMatchObject({ booking_id: id });
    expect(checks.length).toBeGreaterThan(1);
    expect(checks.every((c) => (c as { done: boolean; status: string }).done === false)).toBe(true);
    expect((checks[0] as { status: string }).status).toBe('priced');
    // The book had no answer (no request id of its own): the error carries the last read's.
    const lastRead = sbx.control
      .requests()
      .filter((r) => r.endpoint === 'retrieve')
      .at(-1)?.requestId;
    expect(lastRead).toMatch(/^req_/);
    expect((error as BookingOutcomeUnknownError).requestId).toBe(lastRead);
  });

  it('a finished book whose booking failed: the check that reads it is done (BookingFailedError)', async () => {
    const { fw, checks } = observed();
    const id = await priced(fw);
    sbx.control.failNext('book', { status: 502 });
    await expect(fw.bookings.book(id)).rejects.toBeInstanceOf(BookingFailedError);
    expect(checks).toEqual([expect.objectContaining({ status: 'failed', check: 1, done: true })]);
  });

  it('a finished book whose reads all fail: no check is done, the outcome is unknown', async () => {
    const { fw, checks } = observed({ timeoutMs: 150 });
    const id = await priced(fw);
    sbx.control.failNext('book', { status: 500 });
    sbx.control.failNext('retrieve', { status: 500, times: 1_000 });
    await expect(fw.bookings.book(id)).rejects.toBeInstanceOf(BookingOutcomeUnknownError);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.every((c) => (c as { done: boolean; status?: string }).done === false)).toBe(true);
    expect((checks[0] as { status?: string }).status).toBeUndefined();
  });

  it('a check that hangs is cut at what is left of the budget, not at the client timeout', async () => {
    const { fw, lines } = observed({ timeoutMs: 150 });
    const id = await priced(fw);
    sbx.control.failNext('book', { drop: true });
    // Late but successful (a bookable status): read with the client's 30 s timeout it would land.
    sbx.control.failNext('retrieve', { delayMs: 5_000 });
    const error = await fw.bookings.book(id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BookingOutcomeUnknownError);
    const first = lines.find(([, msg]) => msg.startsWith(`reconcile check 1 for ${id} failed: `));
    const waited = Number(/timed out after ([\d.]+) ms/.exec(first?.[1] ?? '')?.[1]);
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(150);
  });
});
