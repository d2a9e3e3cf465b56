/**
 * Serves mutated answers over node:http on 127.0.0.1 and runs one SDK call per case: the case is
 * named by a request header, its endpoint gets the mutated answer, every other endpoint (book's
 * reconciling retrieve) the real answer or a 503. Each call is classified as ok, typed error,
 * crash (a non-FarewayError) or hang (not settled within its bound).
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { Fareway, FarewayError } from '../../../src/index.js';
import { endpointOf, type ProxyEndpoint } from '../../helpers/fault-proxy.js';
import { settle } from '../settle.js';
import type { Captured } from './capture.js';
import type { FuzzCase } from './mutate.js';

const CASE_HEADER = 'x-fuzz-case';
/** The key the fuzz clients send (the fuzz server ignores it; errors must never show it). */
export const FUZZ_API_KEY = 'fuzz_key_0123456789abcdef';
/** Client settings of the fuzz: answers are immediate, so a short reconcile suffices. */
export const FUZZ_CLIENT = {
  timeout: 2_000,
  maxRetries: 0,
  bookReconcile: { intervalMs: 10, timeoutMs: 300 },
} as const;
/** The bound of the issue: timeout + 2 s (book: plus its reconcile window). */
export const boundOf = (endpoint: ProxyEndpoint) =>
  FUZZ_CLIENT.timeout + 2_000 + (endpoint === 'book' ? FUZZ_CLIENT.bookReconcile.timeoutMs : 0);

/** A running fuzz server. */
export interface FuzzServer {
  url: string;
  add(c: FuzzCase): void;
  close(): Promise<void>;
}

/** Starts the server; `captured` supplies the real answers for fallbacks. */
export async function startFuzzServer(captured: Captured): Promise<FuzzServer> {
  const cases = new Map<string, FuzzCase>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const c = cases.get(String(req.headers[CASE_HEADER]));
      const endpoint = endpointOf(req.method ?? 'GET', req.url ?? '/');
      const headers = { 'x-request-id': `req_fuzz_${c?.id ?? 'none'}` };
      if (!c || !endpoint)
        return void res
          .writeHead(404, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify({ success: false, errors: [{ detail: ['no such case'] }] }));
      if (endpoint !== c.endpoint) {
        if (c.fallback === '503')
          return void res
            .writeHead(503, { 'content-type': 'application/json', ...headers })
            .end(JSON.stringify({ success: false, errors: [{ detail: ['down'] }] }));
        return void res
          .writeHead(200, { 'content-type': 'application/json', ...headers })
          .end(captured.bodies[endpoint]);
      }
      const body = Buffer.from(c.body);
      const h = { 'content-type': c.contentType, 'content-length': String(body.length), ...headers };
      if (c.transport === 'gzip-lie')
        return void res.writeHead(c.status, { ...h, 'content-encoding': 'gzip' }).end(body);
      if (c.transport === 'truncate-socket') {
        res.writeHead(c.status, h);
        res.write(body.subarray(0, Math.floor(body.length / 2)));
        return void setTimeout(() => req.socket.destroy(), 10);
      }
      res.writeHead(c.status, h).end(body);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const addr = server.address();
  return {
    url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
    add: (c) => void cases.set(c.id, c),
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        for (const s of sockets) s.destroy();
      }),
  };
}

const PASSENGER = {
  title: 'Ms',
  first_name: 'Asha',
  last_name: 'Rao',
  gender: 'female',
  pax_type: 'adult',
  dob: '1980-04-12',
  is_lead: true,
  email: 'asha@example.com',
  contact_number: '9876543210',
  passport_number: 'P1000000',
  passport_expiry: '2035-01-01',
  nationality: 'IN',
} as const;

/** The SDK call that reaches `endpoint`. */
export function callFor(client: Fareway, endpoint: ProxyEndpoint, ids: Captured): Promise<unknown> {
  switch (endpoint) {
    case 'search':
      return client.flights.search({
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10),
        adult_count: 1,
      });
    case 'fareRules':
      return client.flights.fareRules({ trace_id: ids.trace_id, result_index: ids.result_index });
    case 'createBooking':
      return client.bookings.create({ trace_id: ids.trace_id, result_indices: [ids.result_index] });
    case 'savePassengers':
      return client.bookings.savePassengers(ids.booking_id, [{ ...PASSENGER }], { skipPreflight: true });
    case 'reprice':
      return client.bookings.reprice(ids.booking_id);
    case 'book':
      return client.bookings.book(ids.booking_id);
    case 'retrieve':
      return client.bookings.retrieve(ids.booking_id);
    case 'list':
      return Promise.resolve(client.bookings.list({ limit: 5 }));
    case 'autocomplete':
      return client.airports.autocomplete('del');
  }
}

/** How one case ended. */
export interface CaseOutcome {
  c: FuzzCase;
  result: 'ok' | 'typed' | 'crash' | 'hang';
  value?: unknown;
  error?: unknown;
}

/** Runs one case with a fresh client (so no cache or memory carries over between cases). */
export async function runCase(server: FuzzServer, captured: Captured, c: FuzzCase): Promise<CaseOutcome> {
  server.add(c);
  const client = new Fareway({
    apiKey: FUZZ_API_KEY,
    baseUrl: server.url,
    logger: null,
    rateLimits: false,
    ...FUZZ_CLIENT,
    defaultHeaders: { [CASE_HEADER]: c.id },
  });
  let call: Promise<unknown>;
  try {
    call = callFor(client, c.endpoint, captured);
  } catch (error) {
    call = Promise.reject(error);
  }
  const s = await settle(call, boundOf(c.endpoint));
  void client.close().catch(() => undefined);
  if (s.kind === 'hang') return { c, result: 'hang' };
  if (s.kind === 'ok') return { c, result: 'ok', value: s.value };
  return { c, result: s.error instanceof FarewayError ? 'typed' : 'crash', error: s.error };
}

/** True when the error (or an error in its cause chain) holds the raw body and mentions every id. */
export function carriesBodyAndIds(error: unknown, ids: string[]): boolean {
  let hasBody = false;
  let text = '';
  for (
    let e = error as Record<string, unknown> | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as Record<string, unknown> | undefined, depth++
  ) {
    if (e.body !== undefined || e.rawBody !== undefined) hasBody = true;
    try {
      text += ` ${String(e.message)} ${JSON.stringify({ ...e, cause: undefined })}`;
    } catch {
      text += ` ${String(e.message)}`;
    }
  }
  return hasBody && ids.every((id) => text.includes(id));
}
