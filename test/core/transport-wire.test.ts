import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Limiter } from '../../src/core/limiter/limiter.js';
import { Requester } from '../../src/core/call/requester.js';
import { Call } from '../../src/core/call/call.ts';
import type { Ticket as WireTicket } from '../../src/core/limiter/limiter.js';
import { Transport, type HttpRequest } from '../../src/core/wire/transport.js';
import { Tracing } from '../../src/core/call/tracing.js';
import { RequestValidationError } from '../../src/index.js';
import { closedPort, faultServer } from '../http/transport-server.js';

// Wire timestamps for the limiter: onSent when undici wrote this request's headers, onAnswered
// when its answer's headers arrived, each attributed to the right call among 20 in flight, with
// nothing added to the request.
const server = faultServer();
const cold = faultServer();
const KEY = 'fw_test_key_wire_0123456789';
const N = 20;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('onSent / onAnswered', () => {
  it('fire once each, in order, for the right call among 20 concurrent calls', async () => {
    const transport = new Transport({ baseUrl: server.url, apiKey: KEY, defaultHeaders: {} });
    const sentAt: Array<number | undefined> = [];
    const answeredAt: Array<number | undefined> = [];
    const resolvedAt: number[] = [];
    const wroteAt: number[] = [];
    const sentSeenByServer: boolean[] = [];
    const counts = Array.from({ length: N }, () => ({ sent: 0, answered: 0 }));
    const held: ServerResponse[] = [];
    const arrived = Array.from({ length: N }, deferred);
    const stray: string[] = [];

    server.handle((req, res) => {
      const k = Number(new URL(req.url ?? '/', server.url).searchParams.get('k'));
      // undici reports the headers written synchronously, before this process can read them.
      sentSeenByServer[k] = sentAt[k] !== undefined;
      stray.push(...Object.keys(req.headers).filter((h) => h.startsWith('x-fareway')));
      held[k] = res;
      arrived[k]!.resolve();
    });

    // Releases answers in reverse order of arrival; the next is released only once the previous
    // call's onAnswered fired, so a misattributed callback breaks the expected order.
    const order = Array.from({ length: N }, (_, i) => N - 1 - i);
    const answerOrder: number[] = [];
    const release = (step: number) => {
      const k = order[step];
      if (k === undefined) return;
      wroteAt[k] = performance.now();
      held[k]!.writeHead(200, { 'content-type': 'application/json' });
      held[k]!.flushHeaders();
    };
    const onAnswered = (k: number) => (at: number) => {
      counts[k]!.answered++;
      answeredAt[k] = at;
      answerOrder.push(k);
      held[k]!.end(JSON.stringify({ k }));
      release(answerOrder.length);
    };

    const calls: Array<Promise<unknown>> = [];
    for (let k = 0; k < N; k++) {
      const req: HttpRequest = {
        endpoint: 'retrieve',
        method: 'GET',
        path: '/v1/x/',
        query: { k },
        auth: true,
      };
      calls.push(
        transport
          .send(req, {
            timeout: 15_000,
            onSent: (at) => {
              counts[k]!.sent++;
              sentAt[k] = at;
            },
            onAnswered: onAnswered(k),
          })
          .then((r) => {
            resolvedAt[k] = performance.now();
            expect(r.data).toEqual({ k });
          }),
      );
      await arrived[k]!.promise; // all 20 end up in flight together: none is answered yet
    }
    release(0);
    await Promise.all(calls);

    expect(answerOrder).toEqual(order);
    expect(stray).toEqual([]); // attributed on the client side: no marker header on the wire
    expect(sentSeenByServer).toEqual(Array.from({ length: N }, () => true));
    for (let k = 0; k < N; k++) {
      expect(counts[k]).toEqual({ sent: 1, answered: 1 });
      expect(sentAt[k]!).toBeLessThanOrEqual(wroteAt[k]!);
      expect(wroteAt[k]!).toBeLessThanOrEqual(answeredAt[k]!);
      expect(answeredAt[k]!).toBeLessThanOrEqual(resolvedAt[k]!);
    }
  });

  it('attribution follows the call, not the order calls were made in', async () => {
    // Calls to a cold server wait for a connection; calls made after them to a warm server (idle
    // keep-alive sockets) are written first.
    const sentAt = new Map<string, number>();
    const seen = new Map<string, boolean>();
    const counts = new Map<string, number>();
    for (const s of [server, cold]) {
      s.handle((req, res) => {
        const id = new URL(req.url ?? '/', s.url).searchParams.get('id') ?? '';
        seen.set(id, sentAt.has(id));
        res.end(JSON.stringify({ id }));
      });
    }
    const warm = new Transport({ baseUrl: server.url, apiKey: KEY, defaultHeaders: {} });
    const chilly = new Transport({ baseUrl: cold.url, apiKey: KEY, defaultHeaders: {} });
    const call = (t: Transport, id: string) =>
      t.send(
        { endpoint: 'retrieve', method: 'GET', path: '/v1/x/', query: { id }, auth: true },
        {
          timeout: 15_000,
          onSent: (at) => {
            sentAt.set(id, at);
            counts.set(id, (counts.get(id) ?? 0) + 1);
          },
        },
      );
    await Promise.all(Array.from({ length: 10 }, (_, i) => call(warm, `warmup${i}`)));
    const calls: Array<Promise<unknown>> = [];
    for (let i = 0; i < 10; i++) calls.push(call(chilly, `cold${i}`), call(warm, `warm${i}`));
    await Promise.all(calls);
    const ids = Array.from({ length: 10 }, (_, i) => [`cold${i}`, `warm${i}`]).flat();
    expect(ids.map((id) => [id, seen.get(id), counts.get(id)])).toEqual(ids.map((id) => [id, true, 1]));
  });

  it('onAnswered fires for an error status too, and no callback fires for a call that never connected', async () => {
    server.handle((_req, res) =>
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"errors":[]}'),
    );
    const transport = new Transport({ baseUrl: server.url, apiKey: KEY, defaultHeaders: {} });
    const events: string[] = [];
    const req: HttpRequest = { endpoint: 'retrieve', method: 'GET', path: '/v1/x/', auth: true };
    const opts = {
      timeout: 10_000,
      onSent: () => events.push('sent'),
      onAnswered: () => events.push('answered'),
    };
    await expect(transport.send(req, opts)).rejects.toMatchObject({ status: 503 });
    expect(events).toEqual(['sent', 'answered']);

    events.length = 0;
    const port = await closedPort();
    const refused = new Transport({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY, defaultHeaders: {} });
    await expect(refused.send(req, opts)).rejects.toMatchObject({
      code: 'connection_failed',
      systemCode: 'ECONNREFUSED',
    });
    expect(events).toEqual([]);
  });
});

describe('wire timestamps through ky', () => {
  it('a custom fetch that calls the global fetch at once is attributed too; one that awaits first reports only the answer', async () => {
    server.handle((_req, res) => res.end('{"ok":true}'));
    const req: HttpRequest = { endpoint: 'retrieve', method: 'GET', path: '/v1/x/', auth: true };
    const direct: typeof fetch = (input, init) => fetch(input, init);
    const later: typeof fetch = async (input, init) => {
      await new Promise((r) => setTimeout(r, 1));
      return fetch(input, init);
    };
    for (const [custom, expected] of [
      [direct, ['sent', 'answered']],
      [later, ['answered']],
    ] as const) {
      const events: string[] = [];
      const transport = new Transport({
        baseUrl: server.url,
        apiKey: KEY,
        defaultHeaders: {},
        fetch: custom,
      });
      await transport.send(req, {
        timeout: 10_000,
        onSent: () => events.push('sent'),
        onAnswered: () => events.push('answered'),
      });
      expect(events).toEqual(expected);
    }
  });
});

describe('the limiter ticket in Requester.send', () => {
  function requester(baseUrl: string, ticket: WireTicket, transport?: Transport) {
    const limiter: Limiter = {
      mode: 'local',
      schedule: <T>(_bucket: unknown, fn: (t: WireTicket) => Promise<T>) => fn(ticket),
      pause: () => undefined,
      ready: () => Promise.resolve(),
      close: () => Promise.resolve(),
      lock: () => Promise.resolve(undefined),
      waitUntilFree: () => Promise.resolve(true),
    };
    return new Requester(
      transport ?? new Transport({ baseUrl, apiKey: KEY, defaultHeaders: {} }),
      limiter,
      {
        timeout: 10_000,
        maxRetries: 0,
        maxRetryAfterMs: 1000,
        retryBaseDelayMs: 1,
        retryMaxDelayMs: 1,
        logger: {},
        hooks: {},
      },
      new Tracing(baseUrl),
    );
  }
  const req: HttpRequest = { endpoint: 'retrieve', method: 'GET', path: '/v1/x/', auth: true };

  it('is told when the request left and when its answer came', async () => {
    server.handle((_req, res) => res.end('{"ok":true}'));
    const events: Array<[string, number?]> = [];
    const ticket: WireTicket = {
      sent: (at) => events.push(['sent', at]),
      answered: (at) => events.push(['answered', at]),
      notSent: () => events.push(['notSent']),
    };
    await requester(server.url, ticket).send(req, new Call());
    expect(events.map((e) => e[0])).toEqual(['sent', 'answered']);
    expect(events[0]![1]!).toBeLessThanOrEqual(events[1]![1]!);
  });

  it('is told notSent when the connection was refused', async () => {
    const events: string[] = [];
    const ticket: WireTicket = {
      sent: () => events.push('sent'),
      answered: () => events.push('answered'),
      notSent: () => events.push('notSent'),
    };
    const port = await closedPort();
    await expect(requester(`http://127.0.0.1:${port}`, ticket).send(req, new Call())).rejects.toMatchObject({
      code: 'connection_failed',
      systemCode: 'ECONNREFUSED',
    });
    expect(events).toEqual(['notSent']);
  });

  it('is told notSent when the call was refused as bad input inside the run, and not when the server answered', async () => {
    const events: string[] = [];
    const ticket: WireTicket = {
      sent: () => events.push('sent'),
      answered: () => events.push('answered'),
      notSent: () => events.push('notSent'),
    };
    const refusing = {
      send: () => Promise.reject(new RequestValidationError([{ path: 'headers', message: 'bad' }])),
    } as unknown as Transport;
    await expect(requester(server.url, ticket, refusing).send(req, new Call())).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(events).toEqual(['notSent']);

    events.length = 0;
    server.handle((_req, res) =>
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"errors":[]}'),
    );
    await expect(requester(server.url, ticket).send(req, new Call())).rejects.toMatchObject({ status: 500 });
    expect(events).toEqual(['sent', 'answered']);
  });
});
