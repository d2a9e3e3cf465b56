import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { saved, wire, type Wire } from './helpers.js';

// Served over node:http (no MSW): the same router the bin uses.
const sandbox = createSandbox({ seed: 11, rateLimits: false });
let server: ListeningSandbox;
let api: Wire;
beforeAll(async () => {
  server = await sandbox.listen({ rateLimits: false });
  api = wire(server.url, server.apiKey);
});
afterAll(() => server.close());

/** Every id one full flow hands out: trace, result indices, booking, PNR, request ids. */
async function flowIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) {
    const s = await saved(api);
    const booked = await api.post(`/v1/flights/booking/${s.id}/book/`);
    expect(booked.status).toBe(200);
    ids.push(
      s.search.json.trace_id,
      ...s.search.json.outbound.map((o: { result_index: string }) => o.result_index),
      s.id,
      booked.json.pnr,
      ...[s.search, s.created, s.savedRes, booked].map((r) => r.headers.get('x-request-id') as string),
    );
  }
  ids.push(...sandbox.control.seedBookings(3));
  return ids;
}

describe('ids after control.reset()', () => {
  it('never re-issues an id the sandbox issued before the reset', async () => {
    const before = await flowIds();
    sandbox.control.reset();
    const after = await flowIds();
    expect(after.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(after.filter((id) => before.includes(id))).toEqual([]);
    // The ids of one run are themselves unique (the check above is not vacuous).
    expect(new Set(before).size).toBe(before.length);
  });

  it('forgets the bookings of before the reset (404), while new ones are found', async () => {
    const old = await saved(api);
    sandbox.control.reset();
    expect((await api.get(`/v1/flights/booking/${old.id}/`)).status).toBe(404);
    const fresh = await saved(api);
    expect(fresh.id).not.toBe(old.id);
    expect((await api.get(`/v1/flights/booking/${fresh.id}/`)).status).toBe(200);
  });
});
