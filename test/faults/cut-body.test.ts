/**
 * A 2xx whose body comes cut short (issue 24 item 8): the answer ends cleanly, but its JSON is cut
 * (a proxy, a dropped stream). Over real HTTP on 127.0.0.1: client → fault proxy → sandbox.
 * - every repeatable step (the reads, savePassengers, reprice; spec §3) is re-sent once: cut once,
 *   the data comes back after exactly 2 requests; cut twice, a ResponseValidationError carrying
 *   the status, the request id and the endpoint, after exactly 2 requests (maxRetries 2 allows more);
 * - `maxRetries: 0` still means no re-send;
 * - valid JSON that breaks the contract is not a cut body: thrown, never re-sent;
 * - create and book are never re-sent: create settles by listing, book by retrieving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseValidationError } from '../../src/index.js';
import type { ProxyEndpoint } from '../helpers/fault-proxy.js';
import { SEARCH, callEndpoint, prepare, startStack, type Stack } from './harness.js';

/** Every step the service lets a partner repeat. */
const REPEATABLE: readonly ProxyEndpoint[] = [
  'search',
  'fareRules',
  'savePassengers',
  'reprice',
  'retrieve',
  'list',
  'autocomplete',
];

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

/** The requests of `cell` to `endpoint` that reached the service. */
const reached = (cell: string, endpoint: ProxyEndpoint) => stack.proxy.forwarded(cell, endpoint);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)?.slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}

describe('a repeatable step whose 2xx body comes cut short is re-sent once', () => {
  for (const endpoint of REPEATABLE) {
    it(`${endpoint}: cut once → re-sent once → its data, 2 requests`, async () => {
      const cell = `cut-once/${endpoint}`;
      const pre = await prepare(stack, endpoint);
      stack.proxy.plan(cell, endpoint, 'cut-json');
      const retried: string[] = [];
      const client = stack.client(cell, {
        maxRetries: 2,
        hooks: { onRetry: (e) => void retried.push(e.error.name) },
      });
      const value = (await callEndpoint(client, endpoint, pre)) as Record<string, unknown>;
      expect(value).toBeTypeOf('object');
      if (pre.booking_id && endpoint !== 'reprice') expect(value.booking_id).toBe(pre.booking_id);
      if (endpoint === 'search') expect((value.outbound as unknown[]).length).toBeGreaterThan(0);
      if (endpoint === 'list' || endpoint === 'autocomplete') expect(value.results).toBeInstanceOf(Array);
      expect(reached(cell, endpoint)).toHaveLength(2);
      expect(retried).toEqual(['ResponseValidationError']);
    });

    it(`${endpoint}: cut twice → ResponseValidationError with status, request id and endpoint, 2 requests`, async () => {
      const cell = `cut-twice/${endpoint}`;
      const pre = await prepare(stack, endpoint);
      stack.proxy.plan(cell, endpoint, 'cut-json', 'cut-json', 'cut-json');
      const error = await rejection(callEndpoint(stack.client(cell, { maxRetries: 2 }), endpoint, pre));
      expect(error).toBeInstanceOf(ResponseValidationError);
      const e = error as ResponseValidationError;
      const seen = reached(cell, endpoint);
      expect(seen).toHaveLength(2);
      expect(e.status).toBe(200);
      expect(e.requestId).toMatch(/^req_/);
      expect(e.message).toContain(`${seen[1]!.method} ${seen[1]!.path.split('?')[0]}`);
      expect(e.issues).toEqual([{ path: '', message: 'body is not valid JSON' }]);
      expect(typeof e.body).toBe('string'); // the text as it came
      if (pre.booking_id) expect(e.ids.booking_id).toBe(pre.booking_id);
    });
  }

  it('maxRetries: 0 (per call) sends once: the cut body is thrown', async () => {
    const cell = 'cut-no-retries/search';
    stack.proxy.plan(cell, 'search', 'cut-json');
    const client = stack.client(cell, { maxRetries: 2 });
    const error = await rejection(client.flights.search(SEARCH, { maxRetries: 0 }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(reached(cell, 'search')).toHaveLength(1);
  });

  it('maxRetries: 0 (client) sends once: the cut body is thrown', async () => {
    const cell = 'cut-no-retries/retrieve';
    const pre = await prepare(stack, 'retrieve');
    stack.proxy.plan(cell, 'retrieve', 'cut-json');
    const error = await rejection(stack.client(cell, { maxRetries: 0 }).bookings.retrieve(pre.booking_id!));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(reached(cell, 'retrieve')).toHaveLength(1);
  });

  it('a cut body and a 502 each get their own one re-send', async () => {
    const cell = 'cut-and-502/search';
    stack.proxy.plan(cell, 'search', 'envelope-502', 'cut-json');
    const results = await stack.client(cell, { maxRetries: 2 }).flights.search(SEARCH);
    expect(results.outbound.length).toBeGreaterThan(0);
    expect(stack.proxy.records().filter((r) => r.cell === cell && r.endpoint === 'search')).toHaveLength(3);
  });
});

describe('valid JSON that breaks the contract is not a cut body: never re-sent', () => {
  for (const endpoint of ['search', 'retrieve'] as const) {
    it(`${endpoint}: {} is a ResponseValidationError after 1 request`, async () => {
      const cell = `contract/${endpoint}`;
      const pre = await prepare(stack, endpoint);
      stack.proxy.plan(cell, endpoint, 'contract-json', 'contract-json');
      const error = await rejection(callEndpoint(stack.client(cell, { maxRetries: 2 }), endpoint, pre));
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(reached(cell, endpoint)).toHaveLength(1);
    });
  }
});

describe('create and book with a cut 2xx body are never re-sent: they settle by reading', () => {
  it('create: 1 create request, settled by listing (the booking it made)', async () => {
    const cell = 'cut/createBooking';
    const pre = await prepare(stack, 'createBooking');
    stack.proxy.plan(cell, 'createBooking', 'cut-json', 'cut-json');
    const created = (await callEndpoint(stack.client(cell, { maxRetries: 2 }), 'createBooking', pre)) as {
      booking_id: string;
      reconciled: boolean;
    };
    expect(reached(cell, 'createBooking')).toHaveLength(1);
    expect(reached(cell, 'list').length).toBeGreaterThanOrEqual(1);
    expect(created.reconciled).toBe(true);
    expect(stack.sandbox.control.getBooking(created.booking_id)?.traceId).toBe(pre.trace_id);
  });

  it('book: 1 book request, settled by retrieving (the PNR the service issued)', async () => {
    const cell = 'cut/book';
    const pre = await prepare(stack, 'book');
    stack.proxy.plan(cell, 'book', 'cut-json', 'cut-json');
    const booked = (await callEndpoint(stack.client(cell, { maxRetries: 2 }), 'book', pre)) as {
      pnr: string;
      reconciled: boolean;
    };
    expect(reached(cell, 'book')).toHaveLength(1);
    expect(reached(cell, 'retrieve').length).toBeGreaterThanOrEqual(1);
    const booking = stack.sandbox.control.getBooking(pre.booking_id!)!;
    expect(booked.reconciled).toBe(true);
    expect(booked.pnr).toBe(booking.pnr);
    expect(booking.debits).toHaveLength(1);
  });
});
