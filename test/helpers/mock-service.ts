import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { Fareway, type FarewayOptions } from '../../src/index.js';

export const BASE = 'https://api.fareway.test';
export const KEY = 'test_key_0123456789abcdef';

/** A request as it reached the wire. */
export interface Captured {
  method: string;
  path: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * An msw server that fails on any unhandled request and records every request it sees, so a test
 * can assert exactly what went on the wire — or that nothing did.
 */
let recorder: typeof fetch | undefined;

export function mockService() {
  const server = setupServer();
  const calls: Captured[] = [];
  // Record in a fetch wrapper rather than an msw event: the record is complete before the
  // request is sent, so assertions right after a call never race the body read. The client is
  // handed it as its `fetch` option; ky carries every request, so these tests take the transport
  // path production takes (ky builds the Request; only the fetch it calls differs).
  recorder = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    const url = new URL(request.url);
    calls.push({
      method: request.method,
      path: url.pathname,
      url,
      headers,
      body: text ? JSON.parse(text) : undefined,
    });
    return fetch(request);
  };
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    calls.length = 0;
  });
  afterAll(() => server.close());
  return {
    server,
    calls,
    use: (...handlers: HttpHandler[]) => server.use(...handlers),
    /** Answers `method path` with JSON (and an X-Request-Id). */
    reply(
      method: 'get' | 'post',
      path: string,
      body: unknown,
      init: { status?: number; headers?: Record<string, string> } = {},
    ) {
      server.use(
        http[method](`${BASE}${path}`, () =>
          HttpResponse.json(body as never, {
            status: init.status ?? 200,
            headers: { 'x-request-id': 'req_test_1', ...init.headers },
          }),
        ),
      );
    },
  };
}

/** A client for the mock service: no throttling, no retries unless asked, silent. */
export function client(options: FarewayOptions = {}): Fareway {
  return new Fareway({
    apiKey: KEY,
    baseUrl: BASE,
    rateLimits: false,
    maxRetries: 0,
    logger: null,
    ...(recorder ? { fetch: recorder } : {}),
    ...options,
  });
}

/** The error envelope of spec §7. */
export const envelope = (...detail: string[]) => ({ success: false, errors: [{ detail }] });
