import { describe, expect, it } from 'vitest';
import { type Fareway, type FarewayOptions } from '../../src/index.js';
import { inDays, passengersFor, SANDBOX_URL, useSandbox } from '../helpers/sandbox.js';

// commitThenDrop must look like a dropped connection on every path into the sandbox: the fetch
// rejects (as undici does on a reset), and the SDK reconciles book by reading.
const sbx = useSandbox({ seed: 31 });

const paths: Array<[string, () => FarewayOptions]> = [
  ['fetch: sandbox.fetch', () => ({ fetch: sbx.sandbox.fetch as unknown as typeof fetch })],
  ['msw: sandbox.handlers', () => ({})],
];

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

describe('commitThenDrop looks like a dropped connection', () => {
  it.each(paths)(
    '%s: book reconciles by reading and returns the confirmed booking with its PNR',
    async (_name, opts) => {
      const fareway = sbx.client({ maxRetries: 3, ...opts() });
      const booking = await pricedBooking(fareway);
      sbx.control.commitThenDrop('book');
      const done = await fareway.bookings.book(booking.booking_id);
      const state = sbx.control.getBooking(booking.booking_id)!;
      expect(done).toMatchObject({ status: 'confirmed', pnr: state.pnr, reconciled: true });
      expect(done.pnr).toMatch(/^[A-Z0-9]{6}$/);
      expect(sbx.calls('book')).toHaveLength(1);
      expect(state.debits).toHaveLength(1);
    },
  );

  it('sandbox.fetch rejects like undici on a reset (TypeError with an ECONNRESET cause) after committing', async () => {
    const fareway = sbx.client({ fetch: sbx.sandbox.fetch as unknown as typeof fetch });
    const booking = await pricedBooking(fareway);
    sbx.control.commitThenDrop('book');
    const request = new Request(`${SANDBOX_URL}/v1/flights/booking/${booking.booking_id}/book/`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${sbx.sandbox.apiKey}` },
    });
    const error = (await sbx.sandbox.fetch(request).catch((e: unknown) => e)) as TypeError & {
      cause: { code: string };
    };
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect(error.cause.code).toBe('ECONNRESET');
    expect(sbx.control.getBooking(booking.booking_id)!.status).toBe('confirmed');
  });

  it.each(paths)(
    '%s: an injected drop on a read is retried like a reset, not surfaced as a status-0 APIError',
    async (_name, opts) => {
      const fareway = sbx.client({ maxRetries: 2, ...opts() });
      sbx.control.failNext('list', { drop: true });
      await expect(fareway.bookings.list({ limit: 1 })).resolves.toBeDefined();
      expect(sbx.calls('list')).toHaveLength(2);
    },
  );
});
