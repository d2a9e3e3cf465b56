/**
 * One spelling per idea (issue 34): every result and page carries `ids` — the same `FarewayIds`
 * an error carries — with `request_id` (the service's X-Request-Id) and the ids the answer names;
 * the deprecated `requestId` still holds the same value. Driven through the public API against
 * the sandbox; `ids` stays out of the JSON (the wire data) as `requestId` does.
 */
import { describe, expect, it } from 'vitest';
import type { FarewayIds } from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const { client } = useSandbox({ seed: 34 });
const params = { origin: 'BLR', destination: 'GOI', preferred_departure_time: inDays(30) };

/** The result's ids: frozen, `request_id` equal to the deprecated `requestId`, not in its JSON. */
function idsOf(result: object): FarewayIds {
  const { ids, requestId } = result as { ids: FarewayIds; requestId: string | undefined };
  expect(ids).toBeDefined();
  expect(Object.isFrozen(ids)).toBe(true);
  expect(ids.request_id).toMatch(/^req_/);
  expect(ids.request_id).toBe(requestId);
  expect(Object.keys(result)).not.toContain('ids');
  expect(JSON.stringify(result)).not.toContain('"ids"');
  return ids;
}

describe('ids on every result and page', () => {
  it('search, fare rules, create, save, reprice, book, retrieve, list and autocomplete', async () => {
    const fw = client();
    const results = await fw.flights.search(params);
    expect(idsOf(results)).toEqual({ request_id: results.requestId, trace_id: results.trace_id });
    expect(results.ids).toBe(results.ids);

    const option = results.outbound[0]!;
    const rules = await fw.flights.fareRules({
      trace_id: results.trace_id,
      result_index: option.result_index,
    });
    expect(idsOf(rules).request_id).toBe(rules.requestId);

    const booking = await fw.bookings.create(results.select(option));
    expect(idsOf(booking)).toMatchObject({ booking_id: booking.booking_id });

    const saved = await fw.bookings.savePassengers(booking, passengersFor(results));
    expect(idsOf(saved)).toMatchObject({ booking_id: booking.booking_id });

    const repriced = await fw.bookings.reprice(booking);
    expect(idsOf(repriced)).toMatchObject({ booking_id: booking.booking_id });

    const booked = await fw.bookings.book(booking);
    expect(idsOf(booked)).toMatchObject({ booking_id: booking.booking_id, pnr: booked.pnr });
    expect(booked.ids.pnr).toMatch(/\S/);

    const retrieved = await fw.bookings.retrieve(booking.booking_id);
    expect(idsOf(retrieved)).toMatchObject({ booking_id: booking.booking_id, pnr: booked.pnr });

    const page = await fw.bookings.list({ limit: 5 });
    expect(idsOf(page)).toEqual({ request_id: page.requestId });

    const airports = await fw.airports.autocomplete('bom');
    expect(idsOf(airports)).toEqual({ request_id: (airports as { requestId?: string }).requestId });
    // A cached answer is a copy with the same ids.
    const again = await fw.airports.autocomplete('bom');
    expect(idsOf(again)).toEqual(idsOf(airports));
  });
});
