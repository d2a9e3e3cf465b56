/**
 * A fault-injecting HTTP proxy on 127.0.0.1, placed in front of a sandbox (`sandbox.listen()`).
 * Faults are planned per cell (a request header names the cell), per endpoint and per attempt,
 * so many cells can run at once over one sandbox without stealing each other's faults. Requests
 * without a plan are forwarded untouched. Everything the proxy forwards is recorded, so a test can
 * count side effects (how many book requests really reached the service).
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The header that names the cell a request belongs to (set with the client's `defaultHeaders`). */
export const CELL_HEADER = 'x-fault-cell';

/** The nine endpoints, named as the SDK and `sandbox.control` name them. */
export type ProxyEndpoint =
  | 'search'
  | 'fareRules'
  | 'createBooking'
  | 'savePassengers'
  | 'reprice'
  | 'book'
  | 'retrieve'
  | 'list'
  | 'autocomplete';

/**
 * What the proxy does to one attempt.
 * - `reset-before`: destroys the socket; nothing is forwarded.
 * - `reset-after`: forwards (the service commits), then destroys the socket instead of answering.
 * - `html-502`: a load balancer's HTML 502 page; nothing is forwarded.
 * - `envelope-500` / `envelope-502` / `envelope-503`: the service's JSON error envelope; nothing is forwarded.
 * - `429-retry-after` (Retry-After: 1) / `429-bare`: the envelope with 429; nothing is forwarded.
 * - `delay-forward`: waits `delayMs`, then forwards and answers (the service commits late).
 * - `delay-drop`: waits `delayMs`, then destroys the socket; nothing is forwarded.
 * - `truncate`: forwards; sends the headers with the real content-length, half the body, then destroys.
 * - `stall`: forwards; sends the headers, then nothing until the client gives up.
 * - `trickle`: forwards; sends the headers, then one byte every `trickleMs`.
 * - `gzip-lie`: forwards; answers `content-encoding: gzip` with the plain body.
 * - `cut-json`: forwards; answers the service's status and headers with the first half of its body,
 *   `content-length` matching what is sent: an answer that ends cleanly, its JSON cut short.
 * - `contract-json`: forwards; answers the service's status with `{}`, valid JSON that breaks the contract.
 * - `commit-html-502`: forwards (the service acts), then answers a load balancer's HTML 502 page.
 * - `commit-late`: forwards (the service acts), then holds the answer `delayMs` (past the client's
 *   timeout) before sending it.
 * These four are not in FAULTS (the matrix): test/faults/cut-body.test.ts drives the first two,
 * test/integration/reprice-resent.test.ts the last two.
 */
export type Fault =
  | 'reset-before'
  | 'reset-after'
  | 'html-502'
  | 'envelope-500'
  | 'envelope-502'
  | 'envelope-503'
  | '429-retry-after'
  | '429-bare'
  | 'delay-forward'
  | 'delay-drop'
  | 'truncate'
  | 'stall'
  | 'trickle'
  | 'gzip-lie'
  | 'cut-json'
  | 'contract-json'
  | 'commit-html-502'
  | 'commit-late';

/** The faults the matrix runs, in a stable order (every fault but the two 2xx-body ones). */
export const FAULTS: readonly Fault[] = [
  'reset-before',
  'reset-after',
  'html-502',
  'envelope-500',
  'envelope-502',
  'envelope-503',
  '429-retry-after',
  '429-bare',
  'delay-forward',
  'delay-drop',
  'truncate',
  'stall',
  'trickle',
  'gzip-lie',
];

/** One request the proxy saw. */
export interface ProxyRecord {
  cell: string | undefined;
  endpoint: ProxyEndpoint | undefined;
  method: string;
  path: string;
  /** The fault applied, if any. */
  fault: Fault | undefined;
  /** True when the request reached the service. */
  forwarded: boolean;
  /** The service's status, when forwarded and answered. */
  upstreamStatus: number | undefined;
}

/** Options of the proxy. */
export interface FaultProxyOptions {
  /** Wait of the delay faults, in ms (make it longer than the client's timeout). @default 2_500 */
  delayMs?: number;
  /** Interval of the trickle fault, in ms. @default 300 */
  trickleMs?: number;
}

/** A running proxy. */
export interface FaultProxy {
  url: string;
  /** Queues faults for the next attempts of `endpoint` within `cell` (one fault per attempt). */
  plan(cell: string, endpoint: ProxyEndpoint, ...faults: Fault[]): void;
  /** Every request seen so far, oldest first. */
  records(): ProxyRecord[];
  /** Requests of one cell (and endpoint) that reached the service. */
  forwarded(cell: string, endpoint?: ProxyEndpoint): ProxyRecord[];
  close(): Promise<void>;
}

/** Names the endpoint of a request path (the spec's §4 routes). */
export function endpointOf(method: string, path: string): ProxyEndpoint | undefined {
  const p = path.split('?')[0] ?? '';
  if (method === 'POST' && p === '/v1/flights/search/') return 'search';
  if (method === 'POST' && p === '/v1/flights/fare-rules/') return 'fareRules';
  if (method === 'POST' && p === '/v1/flights/booking/') return 'createBooking';
  if (method === 'GET' && p === '/v1/bookings/') return 'list';
  if (method === 'GET' && p === '/v1/airports/autocomplete/') return 'autocomplete';
  const m = /^\/v1\/flights\/booking\/[^/]+\/(passengers\/|reprice\/|book\/)?$/.exec(p);
  if (!m) return undefined;
  if (method === 'GET' && !m[1]) return 'retrieve';
  if (method !== 'POST') return undefined;
  return ({ 'passengers/': 'savePassengers', 'reprice/': 'reprice', 'book/': 'book' } as const)[
    m[1] as 'book/'
  ];
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const envelope = (detail: string) => JSON.stringify({ success: false, errors: [{ detail: [detail] }] });
const HTML_502 =
  '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

interface Upstream {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function forward(target: URL, req: IncomingMessage, body: Buffer): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: target.host };
    delete headers['content-length'];
    const out = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h[k] = v;
          resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}

/** Starts the proxy in front of `targetUrl` (e.g. the URL `sandbox.listen()` returned). */
export async function startFaultProxy(
  targetUrl: string,
  options: FaultProxyOptions = {},
): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const delayMs = options.delayMs ?? 2_500;
  const trickleMs = options.trickleMs ?? 300;
  const plans = new Map<string, Fault[]>();
  const log: ProxyRecord[] = [];
  const sockets = new Set<Socket>();
  let closing = false;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A client that gives up mid-answer closes the socket under a pending write: never an uncaught 'error'.
    res.on('error', () => undefined);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const cellHeader = req.headers[CELL_HEADER];
    const cell = typeof cellHeader === 'string' ? cellHeader : undefined;
    const endpoint = endpointOf(method, path);
    const fault = cell && endpoint ? plans.get(`${cell}|${endpoint}`)?.shift() : undefined;
    const record: ProxyRecord = {
      cell,
      endpoint,
      method,
      path,
      fault,
      forwarded: false,
      upstreamStatus: undefined,
    };
    log.push(record);
    const send = async (): Promise<Upstream> => {
      record.forwarded = true;
      const up = await forward(target, req, body);
      record.upstreamStatus = up.status;
      return up;
    };
    const reply = (status: number, type: string, text: string, extra: Record<string, string> = {}) =>
      void res
        .writeHead(status, {
          'content-type': type,
          'content-length': String(Buffer.byteLength(text)),
          ...extra,
        })
        .end(text);
    const json = 'application/json';

    switch (fault) {
      case undefined: {
        const up = await send();
        res.writeHead(up.status, { ...up.headers, 'content-length': String(up.body.length) }).end(up.body);
        return;
      }
      case 'reset-before':
        return void req.socket.destroy();
      case 'reset-after':
        await send();
        return void req.socket.destroy();
      case 'html-502':
        return reply(502, 'text/html', HTML_502);
      case 'envelope-500':
        return reply(500, json, envelope('Internal server error (injected by the fault proxy).'), {
          'x-request-id': 'req_proxy_500',
        });
      case 'envelope-502':
        return reply(502, json, envelope('Upstream supplier failure (injected by the fault proxy).'), {
          'x-request-id': 'req_proxy_502',
        });
      case 'envelope-503':
        return reply(503, json, envelope('Service temporarily unavailable (injected by the fault proxy).'), {
          'x-request-id': 'req_proxy_503',
        });
      case '429-retry-after':
        return reply(429, json, envelope('Request was throttled. Expected available in 1 second.'), {
          'retry-after': '1',
        });
      case '429-bare':
        return reply(429, json, envelope('Request was throttled.'));
      case 'delay-forward': {
        await sleep(delayMs);
        const up = await send();
        if (!res.destroyed)
          res.writeHead(up.status, { ...up.headers, 'content-length': String(up.body.length) }).end(up.body);
        return;
      }
      case 'delay-drop':
        await sleep(delayMs);
        return void req.socket.destroy();
      case 'truncate': {
        const up = await send();
        res.writeHead(up.status, { ...up.headers, 'content-length': String(up.body.length) });
        res.write(up.body.subarray(0, Math.max(1, Math.floor(up.body.length / 2))));
        await sleep(20);
        return void req.socket.destroy();
      }
      case 'stall': {
        const up = await send();
        res.writeHead(up.status, { ...up.headers, 'content-length': String(up.body.length) });
        res.flushHeaders();
        return; // nothing more: the socket stays open until the client (or close()) ends it
      }
      case 'trickle': {
        const up = await send();
        res.writeHead(up.status, { ...up.headers, 'content-length': String(up.body.length) });
        res.flushHeaders();
        for (let i = 0; i < up.body.length && !res.destroyed && !closing; i++) {
          res.write(up.body.subarray(i, i + 1));
          await sleep(trickleMs);
        }
        if (!res.destroyed) res.end();
        return;
      }
      case 'gzip-lie': {
        const up = await send();
        res
          .writeHead(up.status, {
            ...up.headers,
            'content-encoding': 'gzip',
            'content-length': String(up.body.length),
          })
          .end(up.body);
        return;
      }
      case 'cut-json': {
        const up = await send();
        const half = up.body.subarray(0, Math.floor(up.body.length / 2));
        res.writeHead(up.status, { ...up.headers, 'content-length': String(half.length) }).end(half);
        return;
      }
      case 'commit-html-502':
        await send();
        return reply(502, 'text/html', HTML_502);
      case 'commit-late': {
        const up = await send();
        await sleep(delayMs);
        if (!res.destroyed)
          res.writeHead(up.status, { ...up.headers, 'content-length': String(up.body.length) }).end(up.body);
        return;
      }
      case 'contract-json': {
        const up = await send();
        const headers = { ...up.headers, 'content-type': 'application/json', 'content-length': '2' };
        res.writeHead(up.status, headers).end('{}');
        return;
      }
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  server.on('connection', (s) => {
    s.on('error', () => undefined);
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    plan(cell, endpoint, ...faults) {
      const key = `${cell}|${endpoint}`;
      plans.set(key, [...(plans.get(key) ?? []), ...faults]);
    },
    records: () => [...log],
    forwarded: (cell, endpoint) =>
      log.filter(
        (r) => r.cell === cell && r.forwarded && (endpoint === undefined || r.endpoint === endpoint),
      ),
    close: () =>
      new Promise<void>((done) => {
        closing = true;
        server.close(() => done());
        for (const s of sockets) s.destroy();
      }),
  };
}
