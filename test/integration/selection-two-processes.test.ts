/**
 * Issue 25, "Done when": two processes, one searching and one holding with only the selection
 * token between them, book coupled, independent and one-way trips; a tampered token is a typed
 * error before anything is sent. The sandbox is served over real HTTP on 127.0.0.1; each process
 * has its own client (and its own memory); they share the API key and nothing else. No msw here.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SearchParams } from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { runTsChild } from '../helpers/redis.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const SEARCH_CHILD = fileURLToPath(new URL('./selection-children/search-child.ts', import.meta.url));
const HOLD_CHILD = fileURLToPath(new URL('./selection-children/hold-child.ts', import.meta.url));

const sandbox = createSandbox({ seed: 2501 });
let served: ListeningSandbox;
beforeAll(async () => {
  served = await sandbox.listen({ rateLimits: false });
});
afterAll(async () => {
  await served.close();
});
beforeEach(() => {
  sandbox.control.reset();
});

const roundTrip = (destination: string, source: 'supplier_a' | 'supplier_b'): SearchParams => ({
  origin: 'DEL',
  destination,
  preferred_departure_time: inDays(20),
  preferred_return_departure_time: inDays(27),
  adult_count: 2,
  source,
});

/** Process A: searches and prints the token (its only output). */
async function searchInA(search: SearchParams): Promise<string> {
  const a = await runTsChild(SEARCH_CHILD, {
    FW_URL: served.url,
    FW_KEY: served.apiKey,
    FW_SEARCH: JSON.stringify(search),
  });
  expect(a.code, a.stderr).toBe(0);
  const lines = a.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

/** Process B: holds, saves passengers and books from the token alone. */
async function holdInB(token: string) {
  const passengers = passengersFor({ pax_count: { adult: 2, child: 0, infant: 0 } });
  const b = await runTsChild(HOLD_CHILD, {
    FW_URL: served.url,
    FW_KEY: served.apiKey,
    FW_TOKEN: token,
    FW_PASSENGERS: JSON.stringify(passengers),
  });
  expect(b.code, b.stderr).toBe(0);
  return JSON.parse(b.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

const creates = () => sandbox.control.requests().filter((r) => r.endpoint === 'createBooking');

describe('search in one process, hold and book in another, with only the token between them', () => {
  it.each([
    ['coupled (supplier A)', roundTrip('BOM', 'supplier_a'), 'coupled', 1],
    ['independent (supplier B, domestic)', roundTrip('BOM', 'supplier_b'), 'independent', 2],
    ['coupled (supplier B, international)', roundTrip('DXB', 'supplier_b'), 'coupled', 1],
    [
      'one-way',
      { origin: 'BLR', destination: 'GOI', preferred_departure_time: inDays(30), adult_count: 2 },
      null,
      1,
    ],
  ] as const)('%s → PNR', async (_name, search, style, indexCount) => {
    const token = await searchInA(search);
    expect(token).toMatch(/^[\w-]{100,1200}$/);
    expect(token).not.toContain(served.apiKey);

    const outcome = await holdInB(token);
    expect(outcome).toMatchObject({ ok: true, round_trip_style: style, pnr: expect.any(String) });
    const booking = sandbox.control.getBooking(outcome.booking_id as string)!;
    expect(booking).toMatchObject({ status: 'confirmed', pnr: outcome.pnr });
    // Exactly one create, with the indices the round-trip rules give: the coupled return alone
    // (never beside the outbound's display-only token), or [outbound, inbound].
    const sent = creates();
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { result_indices: string[] }).result_indices).toEqual(outcome.result_indices);
    expect(outcome.result_indices).toHaveLength(indexCount);
    expect(outcome.locked_fare).toBe(outcome.final_fare);
  });

  it('a token altered on the way: a typed error in process B, and no create sent', async () => {
    const token = await searchInA(roundTrip('BOM', 'supplier_a'));
    sandbox.control.clearRequests();
    const at = Math.floor(token.length / 2);
    const altered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    const outcome = await holdInB(altered);
    expect(outcome).toEqual({
      ok: false,
      name: 'SelectionTokenError',
      code: 'invalid_selection_token',
      problem: 'signature',
      fareway: true,
    });
    expect(creates()).toHaveLength(0);
    expect(sandbox.control.requests()).toHaveLength(0);
  });
});
