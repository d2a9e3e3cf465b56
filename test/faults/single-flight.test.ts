/**
 * One book in flight per booking (issue 9 item 4): two concurrent `book(id)` send ONE book request
 * and both callers get the same PNR — in one process, and across two processes sharing Redis.
 * The proxy delays the book so the two calls surely overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { hasRedisServer, runTsChild, startRedisServer, type RedisServer } from '../helpers/redis.js';
import { countUnhandled, prepare, startStack, type Stack } from './harness.js';

const CHILD = fileURLToPath(new URL('./children/book-child.ts', import.meta.url));
const unhandled = countUnhandled();
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ seed: 43 }, { delayMs: 800 });
});
afterAll(async () => {
  unhandled.stop();
  await stack?.close();
});

/** Book requests for `id` that reached the service. */
const booksSent = (id: string) => stack.sandbox.control.requests().filter((r) => r.endpoint === 'book' && r.path.includes(id)).length;

interface ChildAnswer {
  ok: boolean;
  pnr?: string;
  error?: string;
  message?: string;
}
const parseChild = (stdout: string): ChildAnswer => JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildAnswer;

describe('one book in flight per booking', () => {
  it('two concurrent book(id) on one client send one request and both get the same PNR', async () => {
    const { booking_id } = await prepare(stack, 'book');
    stack.proxy.plan('same-client', 'book', 'delay-forward', 'delay-forward');
    const client = stack.client('same-client', { timeout: 10_000 });
    const [a, b] = await Promise.allSettled([client.bookings.book(booking_id!), client.bookings.book(booking_id!)]);
    expect(booksSent(booking_id!)).toBe(1);
    expect(a.status, String((a as PromiseRejectedResult).reason)).toBe('fulfilled');
    expect(b.status, String((b as PromiseRejectedResult).reason)).toBe('fulfilled');
    const pnr = stack.sandbox.control.getBooking(booking_id!)!.pnr;
    expect((a as PromiseFulfilledResult<{ pnr: string }>).value.pnr).toBe(pnr);
    expect((b as PromiseFulfilledResult<{ pnr: string }>).value.pnr).toBe(pnr);
    expect(stack.sandbox.control.getBooking(booking_id!)!.debits).toHaveLength(1);
  });

  it('two clients in one process booking the same id send one request and both get the same PNR', async () => {
    const { booking_id } = await prepare(stack, 'book');
    stack.proxy.plan('two-clients', 'book', 'delay-forward', 'delay-forward');
    const one = stack.client('two-clients', { timeout: 10_000 });
    const two = stack.client('two-clients', { timeout: 10_000 });
    const [a, b] = await Promise.allSettled([one.bookings.book(booking_id!), two.bookings.book(booking_id!)]);
    expect(booksSent(booking_id!)).toBe(1);
    const pnr = stack.sandbox.control.getBooking(booking_id!)!.pnr;
    for (const r of [a, b]) {
      expect(r.status, String((r as PromiseRejectedResult).reason)).toBe('fulfilled');
      expect((r as PromiseFulfilledResult<{ pnr: string }>).value.pnr).toBe(pnr);
    }
  });

  describe.skipIf(!hasRedisServer())('across two processes with one Redis', () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('two processes booking the same id at once send one request and both get the same PNR', async () => {
      const { booking_id } = await prepare(stack, 'book');
      stack.proxy.plan('two-processes', 'book', 'delay-forward', 'delay-forward');
      const env = {
        FW_URL: stack.proxy.url,
        FW_KEY: stack.sandbox.apiKey,
        FW_BOOKING: booking_id!,
        FW_CELL: 'two-processes',
        FW_REDIS_PORT: String(redis.port),
        // Both children start their book at the same moment, after ts-node has loaded.
        FW_START_AT: String(Date.now() + 12_000),
      };
      const [a, b] = await Promise.all([runTsChild(CHILD, env), runTsChild(CHILD, env)]);
      expect(a.code, a.stderr).toBe(0);
      expect(b.code, b.stderr).toBe(0);
      expect(booksSent(booking_id!)).toBe(1);
      const pnr = stack.sandbox.control.getBooking(booking_id!)!.pnr;
      expect(parseChild(a.stdout)).toMatchObject({ ok: true, pnr });
      expect(parseChild(b.stdout)).toMatchObject({ ok: true, pnr });
      expect(stack.sandbox.control.getBooking(booking_id!)!.debits).toHaveLength(1);
    }, 60_000);
  });

  it('produced zero unhandled rejections', () => {
    expect(unhandled.reasons.map(String)).toEqual([]);
  });
});
