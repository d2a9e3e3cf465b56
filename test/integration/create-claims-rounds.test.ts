/**
 * The rounds of the look for an interrupted create's booking (create-match.ts) while another call
 * of the same selection is on the wire, in-process against the Redis double
 * (test/helpers/memory-redis.ts) and the sandbox (issue 33). The look decides right away when
 * nobody else is on the wire; otherwise it waits for the other call's answer (reading the store,
 * not listing the service's bookings) and then looks again, three rounds at most. The other
 * call's state moves with the double's reads (`onRead`), not with time. Without Redis, the same
 * rule holds within one client through its ledger (the last test).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CreateOutcomeUnknownError, type Fareway, type FarewayOptions } from '../../src/index.js';
import {
  after,
  commitThen,
  faultyFetch,
  gate,
  isCreate,
  isList,
  isRetrieve,
  type Seen,
} from '../helpers/create-faults.js';
import { useMemoryRedis, type MemoryRedis } from '../helpers/memory-redis.js';
import { inDays, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 334 });
const SHARED = { search: false, book: false, other: false, redis: {} } as const;

let redis: MemoryRedis;
beforeEach(() => {
  redis = useMemoryRedis();
});
afterEach(() => redis.restore());

/** A client whose create commits and then gets a 502 envelope (so it looks), counting its listings. */
function interrupted(opts: FarewayOptions = {}) {
  const seen = { lists: 0 };
  const fw = sbx.client({
    rateLimits: SHARED,
    logLevel: 'error',
    bookReconcile: { timeoutMs: 3_000, intervalMs: 10 },
    fetch: faultyFetch(commitThen(502), { ...after(isList, () => seen.lists++), times: Infinity }),
    ...opts,
  });
  return { fw, seen };
}

async function selection(fw: Fareway) {
  const results = await fw.flights.search({
    origin: 'DEL',
    destination: 'GOI',
    preferred_departure_time: inDays(21),
  });
  const choice = results.select(results.outbound[0]!);
  const key = `create:${choice.trace_id}:${JSON.stringify([results.outbound[0]!.result_index])}`;
  return { choice, key };
}

const hgetalls = () => redis.commands.filter(([cmd]) => cmd === 'hgetall').length;

const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the look while another call of the selection is on the wire (Redis double)', () => {
  it('nobody else on the wire: one listing, one read of the calls, adopted', async () => {
    const { fw, seen } = interrupted();
    const { choice, key } = await selection(fw);
    const created = await fw.bookings.create(choice);
    expect(created.trace_id).toBe(choice.trace_id);
    expect(redis.strings()).toEqual({ [`create-claim:${created.booking_id}`]: expect.any(String) });
    // Decided at once: no wait for other calls before the first look.
    expect(seen.lists).toBe(1);
    expect(hgetalls()).toBe(1);
    expect(redis.hashes()[key]).toBeDefined();
  });

  it('another call on the wire for five reads: the look waits for its answer, lists once more, adopts', async () => {
    const { fw, seen } = interrupted();
    const { choice, key } = await selection(fw);
    const other = (state: string) => redis.setField(key, 'another-call', `${state}|${Date.now()}`);
    other('wire');
    // Reads 1–5 see the other call on the wire; from the 6th it has answered (made nothing).
    redis.onRead((reads) => other(reads <= 5 ? 'wire' : 'none'));
    const created = await fw.bookings.create(choice);
    expect(created.trace_id).toBe(choice.trace_id);
    expect(redis.strings()).toEqual({ [`create-claim:${created.booking_id}`]: expect.any(String) });
    // Round 0: one listing, the store says "on the wire". Round 1: the wait reads the store until
    // the answer (reads 2–6), then one more listing and the read that decides (7).
    expect(seen.lists).toBe(2);
    expect(hgetalls()).toBe(7);
  });

  it('another call on the wire throughout: three rounds, one listing each, then unknown', async () => {
    const { fw, seen } = interrupted({ bookReconcile: { timeoutMs: 300, intervalMs: 5 } });
    const { choice, key } = await selection(fw);
    redis.setField(key, 'another-call', `wire|${Date.now()}`);
    redis.onRead(() => redis.setField(key, 'another-call', `wire|${Date.now()}`));
    const error = (await caught(fw.bookings.create(choice))) as CreateOutcomeUnknownError;
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(error.candidates).toEqual([]);
    expect(Object.keys(redis.strings())).toEqual([]); // nothing claimed
    expect(seen.lists).toBe(3); // one listing a round, three rounds at most
  });
});

describe('without Redis: another create of the same client on the wire (the ledger)', () => {
  it("the interrupted create waits for the other's answer, then adopts its own — never guesses between the two", async () => {
    const committed = gate();
    const release = gate();
    const retrieved = gate();
    let retrieves = 0;
    const role = (r: string) => (s: Seen) => isCreate(s) && s.role === r;
    const fw = sbx.client({
      bookReconcile: { timeoutMs: 3_000, intervalMs: 10 },
      fetch: faultyFetch(
        {
          // A: the service makes its booking; its answer is held until released below.
          match: role('a'),
          async respond(forward) {
            const response = await forward();
            committed.open();
            await release.wait;
            return response;
          },
        },
        commitThen(500, role('b')), // B: made, then an enveloped 500: B looks for its booking
        { ...after(isRetrieve, () => ++retrieves === 2 && retrieved.open()), times: Infinity },
      ),
    });
    const { choice } = await selection(fw);
    const a = fw.bookings.create(choice, { headers: { 'x-test-role': 'a' } });
    await committed.wait; // A's booking exists (B's listing shows it) and A is still on the wire
    const b = fw.bookings.create(choice, { headers: { 'x-test-role': 'b' } });
    // A's answer is let go once B has ended, or a while after B retrieved both candidates (B waits
    // for it: a decision before it would be a guess between the two, and B would have ended).
    const ended = b.then(
      () => undefined,
      () => undefined,
    );
    const waited = retrieved.wait.then(() => new Promise((resolve) => setTimeout(resolve, 500)));
    void Promise.race([ended, waited]).then(release.open);
    const [ra, rb] = await Promise.allSettled([a, b]);
    expect(rb).toMatchObject({ status: 'fulfilled', value: { reconciled: true } });
    expect(ra).toMatchObject({ status: 'fulfilled', value: { reconciled: false } });
    const [own, other] = [rb, ra].map((r) => (r.status === 'fulfilled' ? r.value.booking_id : undefined));
    expect(own).toMatch(/\S/);
    expect(other).toMatch(/\S/);
    expect(own).not.toBe(other);
  });
});
