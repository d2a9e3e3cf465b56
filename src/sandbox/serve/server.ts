/**
 * Serves the sandbox's router over real HTTP with node:http (no MSW), so non-JS clients, curl and
 * SDK tests that need real sockets (timeouts, dropped connections) can use the same fake service.
 */
import type * as Http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setPeer } from '../control/peer.js';
import type { SandboxFetch } from './router.js';

/** A running sandbox server. */
interface ListeningServer {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Stops accepting, destroys open sockets and resolves once the server is closed. */
  close: () => Promise<void>;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const value of Array.isArray(v) ? v : [v]) headers.append(k, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0;
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    ...(hasBody ? { body: Buffer.concat(chunks), duplex: 'half' } : {}),
  } as RequestInit);
}

async function handle(
  router: SandboxFetch,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const request = await toRequest(req, origin);
  setPeer(request, req.socket.remoteAddress);
  const response = await router(request);
  if (!response) {
    const body = JSON.stringify({
      success: false,
      errors: [{ detail: [`No endpoint ${req.method} ${new URL(request.url).pathname}`] }],
    });
    res
      .writeHead(404, {
        'Content-Type': 'application/json',
        'X-Request-Id': `req_unrouted_${Date.now().toString(16)}`,
      })
      .end(body);
    return;
  }
  // Response.error() is how a handler says "drop the connection": the client sees a reset socket.
  if (response.type === 'error') {
    req.socket.destroy();
    return;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => (headers[k] = v));
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, { ...headers, 'Content-Length': String(body.length) }).end(body);
}

/**
 * node:http, loaded when `listen()` runs and not when the sandbox is imported: Cloudflare Workers
 * (nodejs_compat before compatibility date 2025-08-15) have no node:http, and a worker still uses
 * `sandbox.fetch`.
 */
function nodeHttp(): typeof Http {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const http = typeof proc?.getBuiltinModule === 'function' ? proc.getBuiltinModule('node:http') : undefined;
  if (!http)
    throw new Error(
      'sandbox.listen() needs node:http (Node.js, Bun, Deno); elsewhere use sandbox.fetch(request)',
    );
  return http as typeof Http;
}

/** Listens on host:port (0 = a free port) and serves `router`. */
export function serve(
  router: SandboxFetch,
  options: { port: number; host: string },
): Promise<ListeningServer> {
  const sockets = new Set<Socket>();
  let origin = '';
  const server = nodeHttp().createServer((req, res) => {
    handle(router, origin, req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.destroy();
      res
        .writeHead(500, {
          'Content-Type': 'application/json',
          'X-Request-Id': `req_unhandled_${Date.now().toString(16)}`,
        })
        .end(JSON.stringify({ success: false, errors: [{ detail: [String(err)] }] }));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : options.port;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      origin = `http://${host}:${port}`;
      resolve({
        url: origin,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const s of sockets) s.destroy();
          }),
      });
    });
  });
}
