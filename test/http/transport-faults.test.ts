import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APITimeoutError,
  Fareway,
  FarewayError,
  ResponseValidationError,
  UpstreamError,
  type FarewayOptions,
} from '../../src/index.js';
import { BOOKING, bookingBody } from '../fixtures/wire.js';
import { closedPort, faultServer } from './transport-server.js';

// Transport faults over real sockets on 127.0.0.1, through the public API. Every call must settle
// with a FarewayError (or data), within the timeout plus a generous allowance: never a hang, never
// a raw error, never an unhandled rejection (counted by faultServer, checked after each test).
const server = faultServer();
const KEY = 'fw_test_key_do_not_leak_0123456789';
const TIMEOUT = 400;
const ALLOWANCE = TIMEOUT + 5_000;

function client(options: FarewayOptions = {}) {
  return new Fareway({
    apiKey: KEY,
    baseUrl: server.url,
    logger: null,
    rateLimits: false,
    maxRetries: 0,
    timeout: TIMEOUT,
    ...options,
  });
}

/** Settles `promise`, returning the error it rejected with and how long it took. */
async function failure(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const start = performance.now();
  try {
    await promise;
  } catch (error) {
    return { error, ms: performance.now() - start };
  }
  throw new Error('expected the call to fail');
}

const json = JSON.stringify(bookingBody('confirmed'));

describe('the timeout bounds the whole exchange', () => {
  it('a body that stalls after the headers settles with APITimeoutError', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(json.length) });
      res.write(json.slice(0, 10));
    });
    const { error, ms } = await failure(client().bookings.retrieve(BOOKING));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toMatch(/timed out after 400 ms \(the response body did not complete\)/);
    expect(ms).toBeLessThan(ALLOWANCE);
  });

  it('a body that trickles for far longer than the timeout settles with APITimeoutError', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length to check
      let i = 0;
      const drip = () => {
        if (i >= json.length) return res.end();
        res.write(json[i++]);
        server.later(25, drip);
      };
      drip();
    });
    const { error, ms } = await failure(client().bookings.retrieve(BOOKING));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(ms).toBeLessThan(ALLOWANCE);
  });

  it('no response headers within the timeout is APITimeoutError too', async () => {
    server.handle(() => undefined);
    const { error } = await failure(client().bookings.retrieve(BOOKING));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toMatch(/\(no response\)$/);
    expect(error).toMatchObject({ code: 'timeout', systemCode: 'ETIMEDOUT' });
  });
});

describe('broken connections are APIConnectionError naming the host and the cause', () => {
  it('a reset before the headers', async () => {
    server.handle((req) => req.socket.destroy());
    const { error } = await failure(client().bookings.retrieve(BOOKING));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toContain(
      `GET /v1/flights/booking/${BOOKING}/ to ${new URL(server.url).host} failed: `,
    );
    expect((error as APIConnectionError).systemCode).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/);
    expect((error as APIConnectionError).code).toBe('connection_failed');
  });

  it('a reset after the headers, mid-body', async () => {
    server.handle((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(json.slice(0, 20), () => req.socket.destroy());
    });
    const { error } = await failure(client().bookings.retrieve(BOOKING));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
    expect((error as APIConnectionError).systemCode).toBeDefined();
  });

  it('a truncated body (content-length promises more, then the socket closes)', async () => {
    server.handle((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(json.length + 500) });
      res.write(json, () => req.socket.end());
    });
    const { error } = await failure(client().bookings.retrieve(BOOKING));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
  });

  it('a refused connection says where and why, and never the key', async () => {
    const port = await closedPort();
    const fareway = client({ baseUrl: `http://127.0.0.1:${port}` });
    const { error } = await failure(
      fareway.flights.fareRules({ trace_id: '5b3c0e2a-8f4e-4c55-9a51-6f3f6d2f9c01', result_index: 'x1' }),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    const e = error as APIConnectionError;
    expect(e.message).toMatch(
      new RegExp(
        `^POST /v1/flights/fare-rules/ to 127\\.0\\.0\\.1:${port} failed: .*ECONNREFUSED.* \\(ECONNREFUSED\\)$`,
      ),
    );
    expect(e.systemCode).toBe('ECONNREFUSED');
    expect(e.code).toBe('connection_failed');
    const everything =
      JSON.stringify(e, Object.getOwnPropertyNames(e)) +
      String(e.stack) +
      JSON.stringify(e.cause, ['message', 'name', 'code', 'cause']);
    expect(everything).not.toContain(KEY);
  });
});

describe('connections that never carry HTTP', () => {
  it('a port fetch refuses to use is named as such, nothing is sent', async () => {
    const { error } = await failure(client({ baseUrl: 'http://127.0.0.1:6000' }).bookings.retrieve(BOOKING));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/to 127\.0\.0\.1:6000 failed: bad port \(BAD_PORT\)$/);
    expect((error as APIConnectionError).systemCode).toBe('BAD_PORT');
  });

  it('TLS spoken to a plain HTTP server is a TLS failure with its OpenSSL code, on one line', async () => {
    server.handle((_req, res) => res.end('{}'));
    const { error } = await failure(
      client({ baseUrl: server.url.replace('http:', 'https:') }).bookings.retrieve(BOOKING),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    const e = error as APIConnectionError;
    expect(e.systemCode).toMatch(/^ERR_SSL_|^EPROTO$/);
    expect(e.message).toMatch(/failed: TLS handshake failed \(/);
    expect(e.message).not.toContain('\n');
  });
});

describe('bodies the contract does not allow end in a typed error', () => {
  it('a 200 that is not JSON is a ResponseValidationError', async () => {
    server.handle((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('all good'));
    const { error } = await failure(client().bookings.retrieve(BOOKING));
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it('an HTML 502 from a proxy is an UpstreamError that says the body was HTML', async () => {
    server.handle((_req, res) =>
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>'),
    );
    const { error } = await failure(client().bookings.retrieve(BOOKING));
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).details.join(' ')).toContain('text/html');
  });

  it('an unknown field nested 100,000 deep is a ResponseValidationError, not a RangeError', async () => {
    const deep = '{"x":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    server.handle((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"results":[],"extra":${deep}}`),
    );
    const { error } = await failure(client().airports.autocomplete('del'));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toMatch(/deeper than/);
  });

  it('the same deep field on a booking', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    server.handle((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(bookingBody('confirmed')).slice(0, -1) + `,"extra":${deep}}`),
    );
    const { error } = await failure(client().bookings.retrieve(BOOKING));
    expect(error).toBeInstanceOf(ResponseValidationError);
  });
});

describe('aborts', () => {
  it('a pre-aborted signal rejects at once and sends nothing', async () => {
    server.handle((_req, res) => res.end(json));
    const reason = new Error('caller gave up');
    const { error } = await failure(
      client().bookings.retrieve(BOOKING, { signal: AbortSignal.abort(reason) }),
    );
    expect(error).toBe(reason);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests).toBe(0);
  });

  it('an abort while the body is read rejects with the caller’s reason', async () => {
    const controller = new AbortController();
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{', () => controller.abort(new Error('stop')));
    });
    const { error } = await failure(
      client({ timeout: 10_000 }).bookings.retrieve(BOOKING, { signal: controller.signal }),
    );
    expect((error as Error).message).toBe('stop');
  });

  it('every fault above yields a FarewayError when retries are on (they are retried, then typed)', async () => {
    server.handle((req) => req.socket.destroy());
    const { error } = await failure(
      client({ maxRetries: 2, retryBackoff: { baseDelayMs: 1, maxDelayMs: 2 } }).bookings.retrieve(BOOKING),
    );
    expect(error).toBeInstanceOf(FarewayError);
    expect(server.requests).toBe(3);
  });
});
