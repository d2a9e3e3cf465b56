/**
 * One book in flight per booking (issue 9 item 4): two concurrent `book(id)` send ONE book request
 * and both callers get the same PNR — in one process, and across two processes sharing Redis.
 * The proxy delays the book so the two calls surely overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hasRedisServer, startRedisServer, type ChildResult, type RedisServer } from '../helpers/redis.js';
import { countUnhandled, prepare, startStack, type Stack } from './harness.js';

const CHILD = fileURLToPath(new URL('./children/book-child.ts', import.meta.url));
const unhandled = countUnhandled();
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ seed: 43 }, { delayMs: 1_500 });
});
afterAll(async () => {
  unhandled.stop();
  await stack?.close();
});

/** Book requests for `id` that reached the service. */
const booksSent = (id: string) =>
  stack.sandbox.control.requests().filter((r) => r.endpoint === 'book' && r.path.includes(id)).length;

interface ChildAnswer {
  ok: boolean;
  pnr?: string;
  error?: string;
  message?: string;
}
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Starts the book child; `ready` resolves once it has loaded, `go()` lets it book, `done` when it exits. */
function startChild(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--no-warnings', '--loader', 'ts-node/esm', CHILD], {
    cwd: ROOT,
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', FW_WAIT_GO: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (stdout.includes('ready')) markReady();
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<ChildResult>((resolve) =>
    child.on('exit', (code) => (markReady(), resolve({ code, stdout, stderr }))),
  );
  return { ready, done, go: () => child.stdin.end('go\n') };
}

const parseChild = (stdout: string): ChildAnswer =>
  JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildAnswer;

describe('one book in flight per booking', () => {
  it('two concurrent book(id) on one client send one request and both get the same PNR', async () => {
    const { booking_id } = await prepare(stack, 'book');
    stack.proxy.plan('same-client', 'book', 'delay-forward', 'delay-forward');
    const client = stack.client('same-client', { timeout: 10_000 });
    const [a, b] = await Promise.allSettled([
      client.bookings.book(booking_id!),
      client.bookings.book(booking_id!),
    ]);
    expect(booksSent(booking_id!)).toBe(1);
    expect(a.status, String((a as PromiseRejectedResult).reason)).toBe('fulfilled');
    expect(b.status, String((b as PromiseRejectedResult).reason)).toBe('fulfilled');
    const pnr = stack.sandbox.control.getBooking(booking_id!)!.pnr;
    expect((a as PromiseFulfilledResult<{ pnr: string }>).value.pnr).toBe(pnr);
    expect((b as PromiseFulfilledResult<{ pnr: string }>).value.pnr).toBe(pnr);
    expect(stack.sandbox.control.getBooking(booking_id!)!.debits).toHaveLength(1);
  });

  it('two clients in one process each have their own guard (per client, so per key): one PNR, one debit', async () => {
    const { booking_id } = await prepare(stack, 'book');
    stack.proxy.plan('two-clients', 'book', 'delay-forward', 'delay-forward');
    const one = stack.client('two-clients', { timeout: 10_000 });
    const two = stack.client('two-clients', { timeout: 10_000 });
    const results = await Promise.allSettled([
      one.bookings.book(booking_id!),
      two.bookings.book(booking_id!),
    ]);
    // Each client sent its own book; the service confirmed one and refused the other, whose call
    // then returns the same booking (a book of a confirmed booking resolves with it, issue 30).
    expect(booksSent(booking_id!)).toBe(2);
    const booking = stack.sandbox.control.getBooking(booking_id!)!;
    expect(booking.debits).toHaveLength(1);
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    expect(fulfilled).toHaveLength(2);
    const values = fulfilled.map(
      (r) => (r as PromiseFulfilledResult<{ pnr: string; reconciled: boolean }>).value,
    );
    expect(values.map((v) => v.pnr)).toEqual([booking.pnr, booking.pnr]);
    expect(values.map((v) => v.reconciled).sort()).toEqual([false, true]);
  });

  describe.skipIf(!hasRedisServer())('across two processes with one Redis', () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it.each([
      ['ioredis 6 from options', '', /^6\./],
      ['ioredis 5 clients', 'ioredis-5', /^5\./],
      ['ioredis 6 clients (RESP3)', 'ioredis-6', /^6\./],
    ])(
      'two processes booking the same id at once send one request and both get the same PNR (%s)',
      async (_, client, version) => {
        const { booking_id } = await prepare(stack, 'book');
        const cell = `two-processes-${client || 'options'}`;
        stack.proxy.plan(cell, 'book', 'delay-forward', 'delay-forward');
        const env = {
          FW_URL: stack.proxy.url,
          FW_KEY: stack.sandbox.apiKey,
          FW_BOOKING: booking_id!,
          FW_CELL: cell,
          FW_REDIS_PORT: String(redis.port),
          IOREDIS_CLIENT: client,
        };
        // Both children load first; then both are let go at once, and the proxy's delay makes the books overlap.
        const children = [startChild(env), startChild(env)];
        await Promise.all(children.map((c) => c.ready));
        children.forEach((c) => c.go());
        const [a, b] = (await Promise.all(children.map((c) => c.done))) as [ChildResult, ChildResult];
        expect(a.code, a.stderr).toBe(0);
        expect(b.code, b.stderr).toBe(0);
        expect(booksSent(booking_id!)).toBe(1);
        const pnr = stack.sandbox.control.getBooking(booking_id!)!.pnr;
        expect(parseChild(a.stdout)).toMatchObject({
          ok: true,
          pnr,
          ioredis: expect.stringMatching(version),
        });
        expect(parseChild(b.stdout)).toMatchObject({
          ok: true,
          pnr,
          ioredis: expect.stringMatching(version),
        });
        expect(stack.sandbox.control.getBooking(booking_id!)!.debits).toHaveLength(1);
      },
      60_000,
    );
  });

  it('produced zero unhandled rejections', () => {
    expect(unhandled.reasons.map(String)).toEqual([]);
  });
});
