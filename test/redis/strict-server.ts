/**
 * A strict sliding-window rate-limited service on 127.0.0.1 for the limiter's tests and
 * benchmarks: it counts every search when its request arrives (at most `limit` accepted in any
 * `windowMs`, on its own clock), answers 429 beyond that, and otherwise a canned search body
 * captured once from the sandbox. Independent of the SDK's limiter and of the sandbox's.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Fareway } from '../../src/index.ts';
import { createSandbox } from '../../src/sandbox/index.ts';

/** A search the sandbox answers (21 days ahead, one adult). */
export const SEARCH = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10),
  adult_count: 1,
} as const;

/** One real search answer of the sandbox, as raw JSON text. */
export async function captureSearchBody(): Promise<string> {
  const sandbox = createSandbox({ seed: 11 });
  const server = await sandbox.listen({ port: 0 });
  let body = '';
  const capture: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    body = await response.clone().text();
    return response;
  };
  const client = new Fareway({
    apiKey: server.apiKey,
    baseUrl: server.url,
    rateLimits: false,
    logger: null,
    fetch: capture,
  });
  try {
    await client.flights.search(SEARCH);
  } finally {
    await client.close();
    await server.close();
  }
  return body;
}

export interface StrictServer {
  url: string;
  /** Arrival times (this process's performance.now()) of accepted searches. */
  accepted: number[];
  /** Searches answered 429. */
  refused(): number;
  /** Forget the log (after a warm-up). */
  reset(): void;
  close(): Promise<void>;
}

/** Starts the strict server; `body` is a captured search answer. */
export async function startStrictServer(o: {
  limit: number;
  windowMs: number;
  body: string;
}): Promise<StrictServer> {
  let accepted: number[] = [];
  let refused = 0;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // Counted (and decided) when the request's headers arrive, in arrival order.
    const now = performance.now();
    const isSearch = req.url?.startsWith('/v1/flights/search') === true;
    let retryAfter = 0;
    if (isSearch) {
      let inWindow = 0;
      let oldest = Infinity;
      for (const t of accepted) {
        if (t > now - o.windowMs) {
          inWindow++;
          oldest = Math.min(oldest, t);
        }
      }
      if (inWindow >= o.limit) {
        refused++;
        retryAfter = Math.max(1, Math.ceil((oldest + o.windowMs - now) / 1000));
      } else {
        accepted.push(now);
      }
    }
    const id = accepted.length + refused;
    req.resume();
    req.on('end', () => {
      if (!isSearch) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"errors":[{"detail":"not here"}]}');
      } else if (retryAfter > 0) {
        res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': String(retryAfter) })
          .end('{"errors":[{"detail":"Request was throttled."}]}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': `req-${id}` }).end(o.body);
      }
    });
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get accepted() {
      return accepted;
    },
    refused: () => refused,
    reset: () => {
      accepted = [];
      refused = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
