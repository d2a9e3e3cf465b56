/**
 * Two ends of a book in book.ts's `sendBook` (issue 33), through the public API against the
 * sandbox:
 * - a book the service refused (a 400): a refusal typed from its wording is thrown as it is (no
 *   read), one that says `confirmed` is the booking only when a read shows it confirmed with a PNR,
 *   and one typed by a read names the step `book`;
 * - a book interrupted on the wire and then aborted by the caller while it settles: the call ends
 *   at once with BookingOutcomeUnknownError (the abort's reason as its cause), the settling goes on
 *   and its later failure is never an unhandled rejection; without an abort the settling decides.
 * The abort is fired from `onReconcile` (the first check), so its moment never depends on speed.
 */
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  BookingFailedError,
  BookingOutcomeUnknownError,
  BookingStateError,
  type Fareway,
  type FarewayOptions,
} from '../../src/index.js';
import { faultyFetch, isRetrieve } from '../helpers/create-faults.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 43 });
const ONE_WAY = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(24) };

async function created(fw: Fareway, { reprice = true } = {}) {
  const results = await fw.flights.search(ONE_WAY);
  const booking = await fw.bookings.create(results.select(results.outbound[0]!));
  if (reprice) {
    await fw.bookings.savePassengers(booking, passengersFor(results));
    await fw.bookings.reprice(booking);
  }
  sbx.control.clearRequests();
  return booking.booking_id;
}
const endpoints = () => sbx.control.requests().map((r) => r.endpoint);
const rejection = (p: Promise<unknown>) =>
  p.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
const refusedIn = (id: string, status: string) => ({
  status: 400,
  detail: `Cannot book booking ${id} in status '${status}'.`,
});

describe('a book the service refused', () => {
  it("typed from its wording (status 'failed'): thrown as it is, no read", async () => {
    const fw = sbx.client({ maxRetries: 0 });
    const id = await created(fw);
    sbx.control.failNext('book', refusedIn(id, 'failed'));
    const error = await rejection(fw.bookings.book(id));
    expect(error).toBeInstanceOf(BookingStateError);
    expect(error).toMatchObject({ booking_status: 'failed', booking_id: id });
    expect(endpoints()).toEqual(['book']);
  });

  it("worded 'confirmed' but the read shows no PNR (still priced): the refusal stands, one read", async () => {
    const fw = sbx.client({ maxRetries: 0 });
    const id = await created(fw);
    sbx.control.failNext('book', refusedIn(id, 'confirmed'));
    const error = await rejection(fw.bookings.book(id));
    expect(error).toBeInstanceOf(BookingStateError);
    expect(error).toMatchObject({ booking_status: 'confirmed', booking_id: id });
    expect(endpoints()).toEqual(['book', 'retrieve']);
  });

  it("worded 'confirmed' and the read fails: the refusal stands", async () => {
    const fw = sbx.client({
      maxRetries: 0,
      fetch: faultyFetch({
        match: isRetrieve,
        respond: () => Promise.resolve(new Response('no', { status: 404 })),
      }),
    });
    const id = await created(fw);
    sbx.control.failNext('book', refusedIn(id, 'confirmed'));
    const error = await rejection(fw.bookings.book(id));
    expect(error).toBeInstanceOf(BookingStateError);
    expect(error).toMatchObject({ booking_status: 'confirmed', booking_id: id });
  });

  it('worded otherwise, on a draft booking: one read types it, operation book', async () => {
    const fw = sbx.client({ maxRetries: 0 });
    const id = await created(fw, { reprice: false });
    sbx.control.failNext('book', { status: 400, detail: 'Operation not permitted for this booking.' });
    const error = await rejection(fw.bookings.book(id));
    expect(error).toBeInstanceOf(BookingStateError);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ booking_status: 'draft', operation: 'book', booking_id: id });
    expect(endpoints()).toEqual(['book', 'retrieve']);
  });
});

/** A client whose retrieves answer `failed` once `failing()` says so, with every reconcile check seen. */
function settlingClient(onCheck: (check: number) => void, opts: FarewayOptions = {}) {
  let failed = false;
  const checks: Array<{ check: number; done: boolean }> = [];
  const fw = sbx.client({
    maxRetries: 0,
    bookReconcile: { timeoutMs: 5_000, intervalMs: 10 },
    hooks: {
      onReconcile: ({ check, done }) => {
        checks.push({ check, done });
        onCheck(check);
      },
    },
    fetch: faultyFetch({
      match: (s) => failed && isRetrieve(s),
      times: Infinity,
      async respond(forward) {
        const body = (await (await forward()).json()) as Record<string, unknown>;
        return Response.json({ ...body, status: 'failed' }, { headers: { 'x-request-id': 'req_failed' } });
      },
    }),
    ...opts,
  });
  return { fw, checks, fail: () => void (failed = true) };
}

describe('a book cut on the wire, then settling', () => {
  it('aborted while it settles: BookingOutcomeUnknownError at once with the reason; the settling ends handled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const controller = new AbortController();
      const reason = new Error('the caller gave up');
      const client = settlingClient((check) => {
        if (check !== 1) return;
        controller.abort(reason);
        // After the abort the booking is read failed: the settling rejects on its own later.
        client.fail();
      });
      const id = await created(client.fw);
      sbx.control.failNext('book', { drop: true });
      const error = await rejection(client.fw.bookings.book(id, { signal: controller.signal }));
      expect(error).toBeInstanceOf(BookingOutcomeUnknownError);
      expect(error).toMatchObject({ booking_id: id, cause: reason });
      // The settling goes on after the call ended: check 2 reads `failed` and settles.
      await expect.poll(() => client.checks.some((c) => c.done), { timeout: 15_000 }).toBe(true);
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).toEqual([]);
      expect(sbx.calls('book')).toHaveLength(1);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('with a signal never aborted: the settling decides (BookingFailedError, not an unknown outcome)', async () => {
    const client = settlingClient((check) => {
      if (check === 1) client.fail();
    });
    const id = await created(client.fw);
    sbx.control.failNext('book', { drop: true });
    const error = await rejection(client.fw.bookings.book(id, { signal: new AbortController().signal }));
    expect(error).toBeInstanceOf(BookingFailedError);
    expect(error).not.toBeInstanceOf(BookingOutcomeUnknownError);
    expect(error).toMatchObject({ booking_id: id, requestId: 'req_failed' });
  });
});
