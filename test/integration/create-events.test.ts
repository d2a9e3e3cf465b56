/**
 * What an interrupted create tells (resources/create/create.ts), through the public API against the
 * sandbox (issue 33): the one re-send of an enveloped 502 that made nothing (its log line and its
 * onRetry event; none with `maxRetries: 0`), the look for the booking and the adoption in the log,
 * and the warning of an abort after sending.
 */
import { describe, expect, it } from 'vitest';
import { CreateOutcomeUnknownError, UpstreamError, type Fareway } from '../../src/index.js';
import { faultyFetch, gate, holdUntilAborted, isCreate } from '../helpers/create-faults.js';
import { inDays, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 331 });

function observed(opts: { maxRetries?: number; fetch?: typeof fetch } = {}) {
  const lines: Array<[string, string, unknown]> = [];
  const retries: unknown[] = [];
  const at = (level: string) => (msg: string, meta?: unknown) => void lines.push([level, msg, meta]);
  const fw = sbx.client({
    maxRetries: opts.maxRetries ?? 2,
    logLevel: 'info',
    logger: { info: at('info'), warn: at('warn'), error: at('error') },
    hooks: { onRetry: (event) => void retries.push(event) },
    bookReconcile: { timeoutMs: 3_000, intervalMs: 10 },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  return { fw, lines, retries };
}

async function selection(fw: Fareway) {
  const results = await fw.flights.search({
    origin: 'BOM',
    destination: 'BLR',
    preferred_departure_time: inDays(23),
  });
  return results.select(results.outbound[0]!);
}

describe('an interrupted create: what it tells', () => {
  it('an enveloped 502 that made nothing: re-sent once, said in the log and to onRetry', async () => {
    const { fw, lines, retries } = observed();
    const choice = await selection(fw);
    sbx.control.failNext('createBooking', { status: 502 });
    const created = await fw.bookings.create(choice);
    expect(created.trace_id).toBe(choice.trace_id);
    const creates = sbx.control.requests().filter((r) => r.endpoint === 'createBooking');
    expect(creates).toHaveLength(2);
    const requestId = creates[0]!.requestId;
    expect(requestId).toMatch(/^req_/);
    const path = '/v1/flights/booking/';
    expect(lines).toContainEqual([
      'info',
      `retrying POST ${path} once after UpstreamError: the service made no booking`,
      { endpoint: 'createBooking', attempt: 1, requestId },
    ]);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toEqual({
      endpoint: 'createBooking',
      method: 'POST',
      path,
      attempt: 1,
      error: expect.any(UpstreamError),
      requestId,
      delayMs: 0,
    });
    expect(lines).toContainEqual([
      'warn',
      `create-booking for trace ${choice.trace_id} was interrupted; looking for the booking it may have made`,
      { trace_id: choice.trace_id },
    ]);
  });

  it('with maxRetries: 0 the same 502 is thrown after the look, nothing re-sent', async () => {
    const { fw, retries } = observed({ maxRetries: 0 });
    const choice = await selection(fw);
    sbx.control.failNext('createBooking', { status: 502 });
    const error = await fw.bookings.create(choice).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(sbx.calls('createBooking')).toHaveLength(1);
    expect(sbx.calls('list').length).toBeGreaterThanOrEqual(1);
    expect(retries).toEqual([]);
  });

  it('a create that committed and was cut: the adoption is logged with the booking and the trace', async () => {
    const { fw, lines } = observed();
    const choice = await selection(fw);
    sbx.control.commitThenDrop('createBooking');
    const created = await fw.bookings.create(choice);
    expect(created.reconciled).toBe(true);
    expect(lines).toContainEqual([
      'info',
      `create-booking for trace ${choice.trace_id} had made booking ${created.booking_id}`,
      { trace_id: choice.trace_id, booking_id: created.booking_id },
    ]);
  });

  it('aborted by the caller after sending: CreateOutcomeUnknownError and a warning that names the trace', async () => {
    const committed = gate();
    const { fw, lines } = observed({ fetch: faultyFetch(holdUntilAborted(isCreate, committed.open)) });
    const choice = await selection(fw);
    const controller = new AbortController();
    const pending = fw.bookings.create(choice, { signal: controller.signal });
    await committed.wait;
    controller.abort(new Error('user left'));
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(lines).toContainEqual([
      'warn',
      `create-booking for trace ${choice.trace_id} was aborted by the caller after it was sent; a booking may exist (list bookings for this trace_id)`,
      { trace_id: choice.trace_id },
    ]);
  });
});
