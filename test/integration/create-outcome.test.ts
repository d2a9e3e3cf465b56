import { describe, expect, it } from 'vitest';
import { CreateOutcomeUnknownError, InternalServerError, type Fareway } from '../../src/index.js';
import { inDays, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 23 });

async function selection(fareway: Fareway) {
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(20),
    source: 'supplier_b',
  });
  return results.select(results.outbound[0]!);
}

/** Drafts the sandbox holds for a trace: what a double create would leave behind. */
function bookingsOf(traceId: string) {
  return sbx.control
    .requests()
    .filter(
      (r) =>
        r.endpoint === 'createBooking' &&
        r.status === 200 &&
        (r.body as { trace_id?: string }).trace_id === traceId,
    );
}

describe('create-booking is never re-sent where the service may have acted', () => {
  it('a create whose answer is lost after the commit returns the booking it made (found by listing), once', async () => {
    const fareway = sbx.client({ maxRetries: 3 });
    const choice = await selection(fareway);
    sbx.control.commitThenDrop('createBooking');
    const created = await fareway.bookings.create(choice);
    expect(created.reconciled).toBe(true);
    expect(created.trace_id).toBe(choice.trace_id);
    // get-booking has no pax_count (spec §4.7): the client carries it over from its search.
    expect(sbx.calls('retrieve').at(-1)).toBeDefined();
    expect(created.pax_count).toEqual({ adult: 1, child: 0, infant: 0 });
    expect(sbx.calls('createBooking')).toHaveLength(1);
    expect(sbx.calls('list').length).toBeGreaterThanOrEqual(1);
    expect(sbx.control.getBooking(created.booking_id)!.status).toBe('draft');
  });

  it('a reconciled create by a client that never saw the search leaves pax_count out rather than guess it', async () => {
    const { trace_id, result_indices } = await selection(sbx.client());
    const fareway = sbx.client({ maxRetries: 3 });
    sbx.control.commitThenDrop('createBooking');
    const created = await fareway.bookings.create({ trace_id, result_indices });
    expect(created.reconciled).toBe(true);
    expect(created.pax_count).toBeUndefined();
    expect(created.status).toBe('draft');
  });

  it("a 500 in the service's envelope with no booking made rethrows the 500 after one look, nothing re-sent", async () => {
    const fareway = sbx.client({ maxRetries: 3 });
    const choice = await selection(fareway);
    sbx.control.failNext('createBooking', { status: 500 });
    const error = await fareway.bookings.create(choice).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(sbx.calls('createBooking')).toHaveLength(1);
    expect(sbx.calls('list')).toHaveLength(1);
  });

  it('a proxy page with no booking made ends in CreateOutcomeUnknownError naming the trace_id', async () => {
    const fareway = sbx.client({ maxRetries: 3, bookReconcile: { timeoutMs: 500, intervalMs: 5 } });
    const choice = await selection(fareway);
    sbx.control.failNext('createBooking', { status: 502, body: '<html><body>502 Bad Gateway</body></html>' });
    const error = (await fareway.bookings
      .create(choice)
      .catch((e: unknown) => e)) as CreateOutcomeUnknownError;
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(error.trace_id).toBe(choice.trace_id);
    expect(error.message).toMatch(/a booking may exist/);
    expect(sbx.calls('createBooking')).toHaveLength(1);
  });

  it('a create that times out but completes at the service is found, not sent twice', async () => {
    const fareway = sbx.client({
      maxRetries: 3,
      timeout: 200,
      bookReconcile: { timeoutMs: 5_000, intervalMs: 200 },
    });
    const choice = await selection(fareway);
    sbx.control.failNext('createBooking', { delayMs: 500 });
    const created = await fareway.bookings.create(choice);
    expect(created.reconciled).toBe(true);
    expect(bookingsOf(choice.trace_id)).toHaveLength(1);
    expect(sbx.calls('createBooking')).toHaveLength(1);
  });

  it('a 429 is re-sent (nothing happened)', async () => {
    const fareway = sbx.client({ maxRetries: 2 });
    const choice = await selection(fareway);
    sbx.control.failNext('createBooking', { status: 429, headers: { 'Retry-After': '0' } });
    const created = await fareway.bookings.create(choice);
    expect(created.reconciled).toBe(false);
    expect(sbx.calls('createBooking')).toHaveLength(2);
    expect(bookingsOf(choice.trace_id)).toHaveLength(1);
  });
});
