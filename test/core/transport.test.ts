import { afterEach, describe, expect, it, vi } from 'vitest';
import { certainlyNotSent } from '../../src/core/wire/failure.js';
import { Transport, type HttpRequest } from '../../src/core/wire/transport.js';
import { APIConnectionError, APIError, APITimeoutError, ResponseValidationError } from '../../src/index.js';
import { closedPort, faultServer } from '../http/transport-server.js';

// The transport on its own, over a node:http server on 127.0.0.1: ky for every request, size cap,
// header precedence, a custom fetch, and what it reports about "nothing was sent".
const server = faultServer();
const KEY = 'fw_test_key_transport_0123456789';
const get: HttpRequest = { endpoint: 'retrieve', method: 'GET', path: '/v1/flights/booking/b1/', auth: true };
const post: HttpRequest = {
  endpoint: 'search',
  method: 'POST',
  path: '/v1/flights/search/',
  body: { origin: 'DEL' },
  auth: true,
};

function transport(extra: Partial<ConstructorParameters<typeof Transport>[0]> = {}) {
  return new Transport({ baseUrl: server.url, apiKey: KEY, defaultHeaders: {}, ...extra });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('ky carries every request', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the global fetch receives the Request ky built: URL with query, key, user agent, JSON body', async () => {
    const real = globalThis.fetch;
    const seen: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      seen.push(input);
      return real(input, init);
    });
    server.handle((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    );
    const t = transport();
    await t.send({ ...get, query: { page: 2, skip: undefined } }, { timeout: 10_000 });
    await t.send(post, { timeout: 10_000 });
    expect(seen).toHaveLength(2);
    const [g, p] = seen as [Request, Request];
    expect(g).toBeInstanceOf(Request);
    expect(g.url).toBe(`${server.url}/v1/flights/booking/b1/?page=2`);
    expect(g.headers.get('authorization')).toBe(`Api-Key ${KEY}`);
    expect(g.headers.get('user-agent')).toMatch(/^fareway\//);
    expect(p.method).toBe('POST');
    expect(p.headers.get('content-type')).toBe('application/json');
  });

  it('keeps a path prefix of the base URL, with or without a trailing slash', async () => {
    const urls: Array<string | undefined> = [];
    server.handle((req, res) => {
      urls.push(req.url);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await transport({ baseUrl: `${server.url}/gateway` }).send(get, { timeout: 10_000 });
    await transport({ baseUrl: `${server.url}/gateway/` }).send(
      { ...get, query: { q: 'a b' } },
      { timeout: 10_000 },
    );
    expect(urls).toEqual(['/gateway/v1/flights/booking/b1/', '/gateway/v1/flights/booking/b1/?q=a+b']);
  });

  it('a custom fetch receives the same Request the global fetch would, and the server sees the same bytes', async () => {
    const requests: Request[] = [];
    const custom: typeof fetch = (input, init) => {
      requests.push(input as Request);
      return fetch(input, init);
    };
    const seen: Array<{ url: string | undefined; text: string; headers: Record<string, unknown> }> = [];
    server.handle((req, res) => {
      seen.push({ url: req.url, text: req.text, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await transport().send(post, { timeout: 10_000 });
    await transport({ fetch: custom }).send(post, { timeout: 10_000 });
    expect(requests[0]).toBeInstanceOf(Request);
    expect(seen[1]!.url).toBe(seen[0]!.url);
    expect(JSON.parse(seen[1]!.text)).toEqual(JSON.parse(seen[0]!.text));
    for (const name of ['authorization', 'user-agent', 'accept', 'content-type', 'content-length']) {
      expect([name, seen[1]!.headers[name]]).toEqual([name, seen[0]!.headers[name]]);
    }
  });

  it('a dropped connection is an APIConnectionError whose cause keeps no Request (ky’s NetworkError holds one, and its headers the key)', async () => {
    server.handle((req) => req.socket.destroy());
    const error = await rejection(transport().send(get, { timeout: 10_000 }));
    expect(error).toBeInstanceOf(APIConnectionError);
    for (let e: unknown = error; e instanceof Error; e = e.cause) expect(e).not.toHaveProperty('request');
    expect(certainlyNotSent(error)).toBe(false);
  });

  it('a non-2xx answer is Fareway’s APIError, not ky’s HTTPError, and ky does not retry it', async () => {
    let hits = 0;
    server.handle((_req, res) => {
      hits++;
      res
        .writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' })
        .end('{"success":false,"errors":[{"detail":"busy"}]}');
    });
    const error = await rejection(transport().send(get, { timeout: 10_000 }));
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 503, details: ['busy'] });
    expect(hits).toBe(1);
  });
});

describe('maxResponseBytes', () => {
  it('a declared length over the cap is refused without reading the body', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('{"a":"');
    });
    const error = await rejection(transport({ maxResponseBytes: 1000 }).send(get, { timeout: 10_000 }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(/maxResponseBytes/);
  });

  it('a chunked body is cut off once it passes the cap', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[' + '1,'.repeat(1000));
      res.write('1,'.repeat(1000));
      res.end('1]');
    });
    const error = await rejection(transport({ maxResponseBytes: 1500 }).send(get, { timeout: 10_000 }));
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it('a body within the cap is read whole, chunked or not', async () => {
    const body = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => i) });
    server.handle((req, res) => {
      if (req.url?.includes('chunked')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(body.slice(0, 100));
        res.end(body.slice(100));
      } else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    const t = transport({ maxResponseBytes: 2000 });
    expect((await t.send(get, { timeout: 10_000 })).data).toEqual(JSON.parse(body));
    expect((await t.send({ ...get, query: { chunked: 1 } }, { timeout: 10_000 })).data).toEqual(
      JSON.parse(body),
    );
  });
});

describe('headers', () => {
  it('neither defaults nor per-call headers replace authorization, content-type, accept, content-length or host', async () => {
    const seen: Array<Record<string, string | string[] | undefined>> = [];
    const bodies: string[] = [];
    server.handle((req, res) => {
      seen.push(req.headers);
      bodies.push(req.text);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const hostile = {
      'Content-Type': 'text/plain',
      AUTHORIZATION: 'Api-Key stolen',
      accept: 'text/html',
      'content-length': '1',
      Host: 'evil.example',
    };
    const t = transport({ defaultHeaders: { ...hostile, 'x-partner': 'acme' } });
    await t.send(post, { timeout: 10_000, headers: { ...hostile, 'x-call': 'one' } });
    const h = seen[0]!;
    expect(h['content-type']).toBe('application/json');
    expect(h.authorization).toBe(`Api-Key ${KEY}`);
    expect(h.accept).toBe('application/json');
    expect(h.host).toBe(new URL(server.url).host);
    expect(h['content-length']).toBe(String(bodies[0]!.length));
    expect(JSON.parse(bodies[0]!)).toEqual({ origin: 'DEL' });
    expect(h['x-partner']).toBe('acme');
    expect(h['x-call']).toBe('one');
    expect(h['user-agent']).toMatch(/^fareway\//);
  });

  it('sends no key when the request is unauthenticated, even if a header tries to add one', async () => {
    const seen: Array<string | undefined> = [];
    server.handle((req, res) => {
      seen.push(req.headers.authorization);
      res.end('{"results":[]}');
    });
    await transport().send(
      { ...get, auth: false },
      { timeout: 10_000, headers: { Authorization: `Api-Key ${KEY}` } },
    );
    expect(seen).toEqual([undefined]);
  });
});

describe('a custom fetch goes through ky with the same guarantees', () => {
  it('answers, and the body timeout still holds', async () => {
    const calls: string[] = [];
    const custom: typeof fetch = (input, init) => {
      calls.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    };
    server.handle((req, res) => {
      if (req.url?.includes('stall')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{');
      } else res.end('{"ok":1}');
    });
    const t = transport({ fetch: custom });
    expect((await t.send(get, { timeout: 10_000 })).data).toEqual({ ok: 1 });
    expect(await rejection(t.send({ ...get, query: { stall: 1 } }, { timeout: 300 }))).toBeInstanceOf(
      APITimeoutError,
    );
    expect(calls).toHaveLength(2);
  });

  it('a custom fetch resolving with a network error (Response.error()) is a dropped connection, not a status-0 APIError', async () => {
    const dropped: typeof fetch = () => Promise.resolve(Response.error());
    const error = await rejection(transport({ fetch: dropped }).send(post, { timeout: 10_000 }));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toHaveProperty('status');
    expect(certainlyNotSent(error)).toBe(false); // it may have reached the service: book reconciles
  });

  it('a custom fetch that ignores the signal and never answers still times out', async () => {
    const never: typeof fetch = () => new Promise<Response>(() => undefined);
    expect(await rejection(transport({ fetch: never }).send(get, { timeout: 200 }))).toBeInstanceOf(
      APITimeoutError,
    );
  });
});

describe('certainlyNotSent', () => {
  it('is true for a refused connection and a pre-aborted signal, false once the request reached the server', async () => {
    const port = await closedPort();
    const refused = await rejection(
      transport({ baseUrl: `http://127.0.0.1:${port}` }).send(get, { timeout: 10_000 }),
    );
    expect(certainlyNotSent(refused)).toBe(true);
    const aborted = await rejection(transport().send(get, { timeout: 10_000, signal: AbortSignal.abort() }));
    expect(certainlyNotSent(aborted)).toBe(true);
    server.handle((req) => req.socket.destroy());
    const reset = await rejection(transport().send(get, { timeout: 10_000 }));
    expect(certainlyNotSent(reset)).toBe(false);
  });
});
