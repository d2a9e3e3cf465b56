import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionError, Fareway, type FarewayOptions } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { bookOneWay } from './flow.js';
import { startProxy, type ForwardProxy } from './forward-proxy.js';

// The `proxy` option against a REAL forward proxy (the npm `proxy` package) on 127.0.0.1, in front
// of the sandbox served over real HTTP. No msw here: it would intercept 127.0.0.1.
const sandbox = createSandbox({ seed: 26 });
let server: Awaited<ReturnType<typeof sandbox.listen>>;
let proxy: ForwardProxy;
const clients: Fareway[] = [];
const envNoProxy = { NO_PROXY: process.env.NO_PROXY, no_proxy: process.env.no_proxy };

beforeAll(async () => {
  server = await sandbox.listen({ port: 0 });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await proxy?.close();
  for (const [name, value] of Object.entries(envNoProxy))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});
afterAll(() => server.close());

function client(options: FarewayOptions) {
  const c = new Fareway({
    apiKey: server.apiKey,
    baseUrl: server.url,
    logger: null,
    rateLimits: false,
    maxRetries: 0,
    ...options,
  });
  clients.push(c);
  return c;
}

/** `METHOD /path` of every request the client sent (each attempt), from its own hook. */
function sentBy(options: FarewayOptions = {}) {
  const sent: string[] = [];
  const fareway = client({
    ...options,
    hooks: { onRequest: (e) => void sent.push(`${e.method} ${e.path}`) },
  });
  return { fareway, sent };
}

describe('the `proxy` option (undici, one keep-alive agent per client)', () => {
  it('sends every request of a booking flow through the proxy, over fewer connections than requests', async () => {
    proxy = await startProxy();
    const { fareway, sent } = sentBy({ proxy: proxy.url, noProxy: '' });
    expect(await bookOneWay(fareway)).toMatch(/^[A-Z0-9]{6}$/);
    expect(sent.map((r) => r.split(' ')[1]!.split('/')[2])).toEqual([
      'flights',
      'flights',
      'flights',
      'flights',
    ]);
    // Forwarded as absolute URLs (an http:// base URL): the proxy saw each one, in order.
    expect(proxy.requests).toEqual(sent.map((r) => r.replace(' ', ` ${server.url}`)));
    expect(proxy.crossed()).toEqual(sent);
    expect(proxy.connections).toBeGreaterThan(0);
    expect(proxy.connections).toBeLessThan(sent.length);
    // The kept-alive connections are the client's: close() ends them.
    expect(await proxy.open()).toBeGreaterThan(0);
    await fareway.close();
    await expect.poll(() => proxy.open()).toBe(0);
  });

  it('honours noProxy: a listed host is reached directly, the proxy sees nothing', async () => {
    proxy = await startProxy();
    const { fareway, sent } = sentBy({ proxy: proxy.url, noProxy: 'example.com, 127.0.0.1' });
    await bookOneWay(fareway);
    expect(sent).toHaveLength(4);
    expect(proxy.requests).toEqual([]);
    expect(proxy.connections).toBe(0);
  });

  it('honours NO_PROXY from the environment when noProxy is not given', async () => {
    proxy = await startProxy();
    process.env.NO_PROXY = '127.0.0.1';
    delete process.env.no_proxy;
    const { fareway } = sentBy({ proxy: proxy.url });
    await bookOneWay(fareway);
    expect(proxy.requests).toEqual([]);
  });

  it('tunnels an https base URL with CONNECT: the API key never reaches the proxy', async () => {
    proxy = await startProxy();
    const fareway = client({ proxy: proxy.url, noProxy: '', baseUrl: 'https://fareway.invalid' });
    const error = await fareway.flights
      .search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: '2027-01-10' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(proxy.requests).toEqual(['CONNECT fareway.invalid:443']);
    expect(proxy.bytes()).not.toContain(server.apiKey);
    expect(proxy.bytes()).not.toMatch(/api-key|authorization:/i);
  });
});

describe('a proxy that refuses: APIConnectionError naming the proxy (password masked), not the service', () => {
  const search = (fareway: Fareway) =>
    fareway.flights
      .search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: '2027-01-10' })
      .catch((e: unknown) => e);

  function expectProxyNamed(error: unknown, port: number) {
    expect(error).toBeInstanceOf(APIConnectionError);
    const e = error as APIConnectionError;
    expect(e.code).toBe('connection_failed');
    expect(e.message).toContain(`the proxy http://ops:***@127.0.0.1:${port}`);
    expect(e.message).not.toContain('s3cret');
    expect(e.message).not.toContain(server.url.replace('http://', ''));
    expect(JSON.stringify(e)).not.toContain('s3cret');
    expect(String(e.stack)).not.toContain('s3cret');
    return e;
  }

  it('connection refused', async () => {
    proxy = await startProxy();
    const port = proxy.port;
    await proxy.close(); // nothing listens there any more
    const e = expectProxyNamed(
      await search(client({ proxy: `http://ops:s3cret@127.0.0.1:${port}`, noProxy: '' })),
      port,
    );
    expect(e.systemCode).toBe('ECONNREFUSED');
    proxy = await startProxy(); // for afterEach
  });

  it('407 to CONNECT (an https base URL)', async () => {
    proxy = await startProxy({ refuse: 407 });
    const url = `http://ops:s3cret@127.0.0.1:${proxy.port}`;
    const e = expectProxyNamed(
      await search(client({ proxy: url, noProxy: '', baseUrl: 'https://fareway.invalid' })),
      proxy.port,
    );
    expect(e.message).toMatch(/failed: it answered 407 to CONNECT \(ERR_PROXY_407\)$/);
    expect(proxy.requests).toEqual(['CONNECT fareway.invalid:443']);
  });

  it('403 to CONNECT', async () => {
    proxy = await startProxy({ refuse: 403 });
    const url = `http://ops:s3cret@127.0.0.1:${proxy.port}`;
    const e = expectProxyNamed(
      await search(client({ proxy: url, noProxy: '', baseUrl: 'https://fareway.invalid' })),
      proxy.port,
    );
    expect(e.message).toMatch(/403 to CONNECT/);
  });

  it('407 to a forwarded request (an http:// base URL) is the proxy, not an API error', async () => {
    proxy = await startProxy({ refuse: 407 });
    const e = expectProxyNamed(
      await search(client({ proxy: `http://ops:s3cret@127.0.0.1:${proxy.port}`, noProxy: '' })),
      proxy.port,
    );
    expect(e.message).toMatch(/failed: it answered 407 \(ERR_PROXY_407\)$/);
    expect(e.systemCode).toBe('ERR_PROXY_407');
  });
});

describe('a service that refuses behind noProxy is named as the service, not the proxy', () => {
  it('connection refused on a NO_PROXY host', async () => {
    proxy = await startProxy();
    const fareway = client({
      proxy: `http://ops:s3cret@127.0.0.1:${proxy.port}`,
      noProxy: '127.0.0.1',
      baseUrl: 'http://127.0.0.1:1',
    });
    const e = (await fareway.flights
      .search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: '2027-01-10' })
      .catch((x: unknown) => x)) as APIConnectionError;
    expect(e).toBeInstanceOf(APIConnectionError);
    expect(e.message).toContain('to 127.0.0.1:1 failed');
    expect(e.message).not.toContain('proxy');
    expect(proxy.connections).toBe(0);
  });
});

describe('the option itself', () => {
  it('a bad proxy URL is a ConfigurationError that never echoes it', () => {
    expect(
      () =>
        new Fareway({
          apiKey: 'k'.repeat(16),
          baseUrl: 'http://127.0.0.1:1',
          proxy: 'socks5://u:s3cret@h:1',
        }),
    ).toThrow(/Invalid option `proxy`: must be an http\(s\) URL/);
    try {
      new Fareway({ apiKey: 'k'.repeat(16), baseUrl: 'http://127.0.0.1:1', proxy: 'not a url s3cret' });
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('s3cret');
    }
  });

  it('proxy and fetch together are refused', () => {
    expect(
      () =>
        new Fareway({
          apiKey: 'k'.repeat(16),
          baseUrl: 'http://127.0.0.1:1',
          proxy: 'http://127.0.0.1:2',
          fetch,
        }),
    ).toThrow(/`proxy` or `fetch`, not both/);
  });
});
