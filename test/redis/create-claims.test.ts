/**
 * Issue 31 (item 2) with a shared store: create adopts only what is provably its own, across
 * instances. Instances are clients sharing a real redis-server (`rateLimits.redis`) and a
 * selection token, nothing else; the sandbox is served over real HTTP on 127.0.0.1 with the fault
 * proxy in front. (Two processes: test/redis/create-claims-processes.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateOutcomeUnknownError, Fareway } from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { CELL_HEADER, startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.js';
import { inDays } from '../helpers/sandbox.js';

const available = hasRedisServer();
if (!available && process.env.CI) throw new Error('redis-server is not on PATH');

describe.skipIf(!available)('create claims in Redis (one process, several clients)', () => {
  const sandbox = createSandbox({ seed: 3131, optionCount: 6 });
  let served: ListeningSandbox;
  let proxy: FaultProxy;
  let redis: RedisServer;
  const clients: Fareway[] = [];
  beforeAll(async () => {
    served = await sandbox.listen({ rateLimits: false });
    proxy = await startFaultProxy(served.url, { delayMs: 1_500 });
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await proxy?.close();
    await served?.close();
    await redis?.stop();
  });

  /** One instance: its own client, sharing Redis, through the proxy with its cell's faults. */
  function instance(cell: string): Fareway {
    const c = new Fareway({
      apiKey: served.apiKey,
      baseUrl: proxy.url,
      logger: null,
      timeout: 10_000,
      rateLimits: { redis: { host: '127.0.0.1', port: redis.port } },
      bookReconcile: { intervalMs: 50, timeoutMs: 5_000 },
      defaultHeaders: { [CELL_HEADER]: cell },
    });
    clients.push(c);
    return c;
  }

  async function token(): Promise<string> {
    const searcher = instance('search');
    const results = await searcher.flights.search({
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: inDays(24),
    });
    return searcher.flights.selectionToken(results.select(results.outbound[0]!));
  }

  it("a double submit: A's 502 page never adopts the booking B's create made", async () => {
    const shared = await token();
    const [a, b] = [instance('claims/a'), instance('claims/b')];
    proxy.plan('claims/a', 'createBooking', 'html-502');
    const made = await b.bookings.create(await b.flights.selectionFromToken(shared));
    const error = await a.bookings
      .create(await a.flights.selectionFromToken(shared))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect((error as CreateOutcomeUnknownError).candidates).not.toContain(made.booking_id);
    expect(made.reconciled).toBe(false);
  });

  it("B's create still on the wire when A settles: A waits for B's answer, and adopts nothing", async () => {
    const shared = await token();
    const [a, b] = [instance('wire/a'), instance('wire/b')];
    proxy.plan('wire/a', 'createBooking', 'html-502');
    proxy.plan('wire/b', 'createBooking', 'commit-late'); // made at once, answered 1.5 s later
    const fromB = b.bookings.create(await b.flights.selectionFromToken(shared));
    // A starts once B's booking exists (the service answered the proxy) and B's answer is held.
    while (proxy.forwarded('wire/b', 'createBooking')[0]?.upstreamStatus === undefined)
      await new Promise((r) => setTimeout(r, 10));
    const fromA = a.bookings.create(await a.flights.selectionFromToken(shared)).catch((e: unknown) => e);
    const [made, error] = await Promise.all([fromB, fromA]);
    expect(made.reconciled).toBe(false);
    expect(error).toBeInstanceOf(CreateOutcomeUnknownError);
    expect((error as CreateOutcomeUnknownError).candidates).not.toContain(made.booking_id);
  });

  it('alone, an interrupted create adopts its own booking (its proxy page came after the service made it)', async () => {
    const shared = await token();
    const a = instance('alone/a');
    proxy.plan('alone/a', 'createBooking', 'commit-html-502');
    const created = await a.bookings.create(await a.flights.selectionFromToken(shared));
    expect(created.reconciled).toBe(true);
    expect(proxy.forwarded('alone/a', 'createBooking')).toHaveLength(1);
  });
});
