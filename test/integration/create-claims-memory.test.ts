/**
 * Create's claims in the shared store (resources/create/create.ts with create-claims.ts), in-process
 * against the Redis double (test/helpers/memory-redis.ts), through the public API against the
 * sandbox (issue 33): the state each create call writes for its selection (`wire` before it sends,
 * `failed` while it settles, then `held`, `none` or `unknown`), the claim on the booking its answer
 * made, the warning when another call claimed that booking first, a store that is away (the create
 * goes on), and another call of the selection still unsettled (nothing adopted). The real-Redis
 * tests (test/redis/create-claims*.test.ts) stay.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CreateOutcomeUnknownError,
  UpstreamError,
  type Fareway,
  type FarewayOptions,
} from '../../src/index.js';
import { commitThen, faultyFetch, hang, isCreate, type Rule } from '../helpers/create-faults.js';
import { useMemoryRedis, type MemoryRedis } from '../helpers/memory-redis.js';
import { inDays, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 333 });
const SHARED = { search: false, book: false, other: false, redis: {} } as const;
const TTL = String(30 * 60_000);

let redis: MemoryRedis;
beforeEach(() => {
  redis = useMemoryRedis();
});
afterEach(() => redis.restore());

function observed(opts: FarewayOptions = {}) {
  const lines: Array<[string, string, unknown]> = [];
  const at = (level: string) => (msg: string, meta?: unknown) => void lines.push([level, msg, meta]);
  const fw = sbx.client({
    rateLimits: SHARED,
    logLevel: 'info',
    logger: { info: at('info'), warn: at('warn'), error: at('error') },
    bookReconcile: { timeoutMs: 3_000, intervalMs: 10 },
    ...opts,
  });
  return { fw, lines, warnings: () => lines.filter(([level]) => level === 'warn') };
}

async function selection(fw: Fareway) {
  const results = await fw.flights.search({
    origin: 'DEL',
    destination: 'GOI',
    preferred_departure_time: inDays(19),
  });
  const choice = results.select(results.outbound[0]!);
  const key = `create:${choice.trace_id}:${JSON.stringify([results.outbound[0]!.result_index])}`;
  return { choice, key };
}

/** The states written for `key`, in order, by field: `[field, state]` (the time stripped). */
function states(key: string): Array<[string, string]> {
  return redis.commands
    .filter(([cmd, k]) => cmd === 'hset' && k === key)
    .map(([, , field, value]) => [field!, value!.split('|')[0]!]);
}

/** Another call claims the booking between the service's answer and this call's claim. */
function claimedFirst(seen: (id: string | undefined) => void = () => undefined): Rule {
  return {
    match: isCreate,
    async respond(forward) {
      const response = await forward();
      const body = (await response.clone().json()) as { data?: { booking_id?: string }; booking_id?: string };
      const id = body.data?.booking_id ?? body.booking_id;
      seen(id);
      redis.setString(`create-claim:${id}`, 'another-call');
      return response;
    },
  };
}

const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('create claims in the shared store (in-process Redis double)', () => {
  it('a create that answers: wire before it sends, then held, and its claim on the booking', async () => {
    const { fw, warnings } = observed();
    const { choice, key } = await selection(fw);
    const before = Date.now();
    const created = await fw.bookings.create(choice);
    const written = states(key);
    expect(written.map(([, state]) => state)).toEqual(['wire', 'held']);
    const me = written[0]![0];
    expect(written[1]![0]).toBe(me);
    expect(me).toMatch(/^[0-9a-f]{24}$/);
    const at = Number(redis.hashes()[key]![me]!.split('|')[1]);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(redis.commands.filter(([cmd]) => cmd === 'pexpire')).toEqual([
      ['pexpire', key, TTL],
      ['pexpire', key, TTL],
    ]);
    const claim = `create-claim:${created.booking_id}`;
    expect(redis.commands).toContainEqual(['set', claim, me, 'PX', TTL, 'NX']);
    expect(redis.strings()).toEqual({ [claim]: me });
    expect(warnings()).toEqual([]);
  });

  it('refused by the service (400): wire, failed, none — nothing was made', async () => {
    const { fw } = observed();
    const { choice, key } = await selection(fw);
    sbx.control.failNext('createBooking', { status: 400 });
    const error = await caught(fw.bookings.create(choice));
    // The refusal names the selection's trace (the ids the request carried).
    expect(error).toMatchObject({ status: 400, ids: { trace_id: choice.trace_id } });
    expect(states(key).map(([, s]) => s)).toEqual(['wire', 'failed', 'none']);
  });

  it('an enveloped 502 that made nothing, with maxRetries 0: wire, failed, none', async () => {
    const { fw } = observed({ maxRetries: 0 });
    const { choice, key } = await selection(fw);
    sbx.control.failNext('createBooking', { status: 502 });
    expect(await caught(fw.bookings.create(choice))).toBeInstanceOf(UpstreamError);
    expect(states(key).map(([, s]) => s)).toEqual(['wire', 'failed', 'none']);
  });

  it('committed, then a 502 envelope: the booking is adopted and held', async () => {
    const { fw } = observed({ fetch: faultyFetch(commitThen(502)) });
    const { choice, key } = await selection(fw);
    const created = await fw.bookings.create(choice);
    const written = states(key);
    expect(written.map(([, s]) => s)).toEqual(['wire', 'failed', 'held']);
    expect(redis.strings()).toEqual({ [`create-claim:${created.booking_id}`]: written[0]![0] });
    // Before adopting, the look read who holds its candidate (and only it).
    expect(redis.commands).toContainEqual(['mget', `create-claim:${created.booking_id}`]);
  });

  it("a listed booking of the same trace but other indices: only the own candidate's holder is read", async () => {
    const { fw } = observed({ fetch: faultyFetch(commitThen(502)) });
    const results = await fw.flights.search({
      origin: 'DEL',
      destination: 'GOI',
      preferred_departure_time: inDays(19),
    });
    // Another worker (no Redis) books outbound[1] on the same trace: listed, retrieved, 'different'.
    const { booking_id: x } = await sbx
      .client()
      .bookings.create({ trace_id: results.trace_id, result_indices: [results.outbound[1]!.result_index] });
    const created = await fw.bookings.create(results.select(results.outbound[0]!));
    expect(created.booking_id).not.toBe(x);
    expect(redis.commands.filter(([cmd]) => cmd === 'mget')).toEqual([
      ['mget', `create-claim:${created.booking_id}`],
    ]);
  });

  it('another call of the selection still on the wire: its answer is awaited, nothing adopted', async () => {
    const { fw, lines } = observed({
      fetch: faultyFetch(commitThen(502)),
      bookReconcile: { timeoutMs: 400, intervalMs: 5 },
    });
    const { choice, key } = await selection(fw);
    redis.setField(key, 'another-call', `wire|${Date.now()}`);
    const error = (await caught(fw.bookings.create(choice))) as CreateOutcomeUnknownError;
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(error.candidates).toEqual([]); // three rounds, each stopped by the call on the wire
    expect(Object.keys(redis.strings())).toEqual([]); // no claim taken
    // The look waited and looked again (the store read more than once), and nothing failed in it.
    expect(redis.commands.filter(([cmd]) => cmd === 'hgetall').length).toBeGreaterThan(1);
    expect(lines.filter(([, msg]) => msg.startsWith('could not'))).toEqual([]);
    expect(states(key).map(([, s]) => s)).toEqual(['wire', 'failed', 'unknown']);
  });

  it('a create never answered, nothing listed: wire, failed, unknown', async () => {
    const { fw } = observed({
      timeout: 300,
      fetch: faultyFetch(hang()),
      bookReconcile: { timeoutMs: 600, intervalMs: 5 },
    });
    const { choice, key } = await selection(fw);
    expect(await caught(fw.bookings.create(choice))).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(states(key).map(([, s]) => s)).toEqual(['wire', 'failed', 'unknown']);
  });

  it("the answer's booking already claimed by another call: still this call's, warned", async () => {
    const { fw, warnings } = observed({ fetch: faultyFetch(claimedFirst()) });
    const { choice } = await selection(fw);
    const created = await fw.bookings.create(choice);
    expect(created.booking_id).toMatch(/\S/);
    expect(redis.strings()).toEqual({ [`create-claim:${created.booking_id}`]: 'another-call' });
    expect(warnings()).toEqual([
      [
        'warn',
        `booking ${created.booking_id} made by this create was claimed by another create; it is this call's`,
        { booking_id: created.booking_id },
      ],
    ]);
  });

  it('the same with warnings off (logLevel error): the create still answers, nothing thrown', async () => {
    let id: string | undefined;
    const { fw, lines } = observed({
      logLevel: 'error',
      fetch: faultyFetch(claimedFirst((seen) => (id = seen))),
    });
    const { choice } = await selection(fw);
    const created = await fw.bookings.create(choice);
    expect(created.booking_id).toBe(id);
    expect(lines).toEqual([]);
  });

  it('the store away: the create still answers, the claim is not warned as taken', async () => {
    const { fw, warnings } = observed();
    const { choice } = await selection(fw);
    redis.failCommands();
    const created = await fw.bookings.create(choice);
    expect(created.trace_id).toBe(choice.trace_id);
    expect(warnings().length).toBeGreaterThan(0);
    expect(warnings().every(([, msg]) => msg.startsWith('could not record a create in Redis'))).toBe(true);
  });

  it('without Redis a create that answers warns nothing (its claim needs no store)', async () => {
    const { fw, warnings } = observed({ rateLimits: false });
    const { choice } = await selection(fw);
    await fw.bookings.create(choice);
    expect(redis.commands).toEqual([]);
    expect(warnings()).toEqual([]);
  });

  it('another call of the selection still unsettled: the booking is named, not adopted', async () => {
    const { fw } = observed({ fetch: faultyFetch(commitThen(502)) });
    const { choice, key } = await selection(fw);
    redis.setField(key, 'another-call', `failed|${Date.now()}`);
    const error = (await caught(fw.bookings.create(choice))) as CreateOutcomeUnknownError;
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    const made = (await sbx.client().bookings.list({ limit: 100 })).results.filter(
      (b) => b.trace_id === choice.trace_id,
    );
    expect(made).toHaveLength(1);
    expect(error.candidates).toEqual([made[0]!.id]);
    expect(states(key).map(([, s]) => s)).toEqual(['wire', 'failed', 'unknown']);
  });
});
