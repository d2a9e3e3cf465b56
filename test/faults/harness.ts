/**
 * The fault suites' harness: a sandbox over real HTTP with the fault proxy in front of it, clients
 * that tag their requests with a cell name, the preconditions of each endpoint (a search, a
 * booking in the right state), one call per endpoint, and a bounded "settle".
 */
import { Fareway, type FarewayOptions } from '../../src/index.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import {
  CELL_HEADER,
  startFaultProxy,
  type FaultProxy,
  type FaultProxyOptions,
  type ProxyEndpoint,
} from '../helpers/fault-proxy.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

/** The nine endpoints in flow order. */
export const ENDPOINTS: readonly ProxyEndpoint[] = [
  'search',
  'fareRules',
  'createBooking',
  'savePassengers',
  'reprice',
  'book',
  'retrieve',
  'list',
  'autocomplete',
];

/** Client settings of the suites: small per-attempt timeout, fast backoff, fast reconcile. */
export const CLIENT = {
  timeout: 1_500,
  maxRetries: 1,
  retryBackoff: { baseDelayMs: 20, maxDelayMs: 50 },
  bookReconcile: { intervalMs: 50, timeoutMs: 15_000 },
} as const;

/** A search request every suite uses (supplier_a: never reports duplicates). */
export const SEARCH = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: inDays(20),
  adult_count: 1,
} as const;

/** A sandbox served on 127.0.0.1 with the fault proxy in front. */
export interface Stack {
  sandbox: Sandbox;
  proxy: FaultProxy;
  /** A clean client straight to the sandbox, for preconditions and checks. */
  direct: Fareway;
  /** Every line the cell clients logged (they log to this recorder, never to the console). */
  logLines: string[];
  /** A fresh client through the proxy whose requests carry the cell's name. */
  client(cell: string, options?: FarewayOptions): Fareway;
  close(): Promise<void>;
}

/** Starts a sandbox (rate limits off) and the proxy. */
export async function startStack(
  options: SandboxOptions = {},
  proxyOptions: FaultProxyOptions = {},
): Promise<Stack> {
  const sandbox = createSandbox({ seed: 42, optionCount: 8, inboundOptionCount: 2, ...options });
  const served = await sandbox.listen({ rateLimits: false });
  const proxy = await startFaultProxy(served.url, proxyOptions);
  const clients: Fareway[] = [];
  const logLines: string[] = [];
  const record = (level: string) => (message: string, meta?: Record<string, unknown>) =>
    void logLines.push(`${level} ${message} ${safeJson(meta)}`);
  const logger = {
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
  const make = (baseUrl: string, extra: FarewayOptions): Fareway => {
    // Every level: the matrix checks that no line of the run, debug included, holds a secret.
    const c = new Fareway({
      apiKey: served.apiKey,
      baseUrl,
      logger,
      logLevel: 'debug',
      rateLimits: false,
      ...CLIENT,
      ...extra,
    });
    clients.push(c);
    return c;
  };
  return {
    sandbox,
    proxy,
    logLines,
    direct: make(served.url, {}),
    client: (cell, extra = {}) =>
      make(proxy.url, { ...extra, defaultHeaders: { [CELL_HEADER]: cell, ...extra.defaultHeaders } }),
    async close() {
      await Promise.allSettled(clients.map((c) => c.close()));
      await proxy.close();
      await served.close();
    },
  };
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return String(v);
  }
}

/** Text that must never appear in an error or a log line: the API key, and passenger data. */
export function secretsOf(stack: Stack): string[] {
  return [stack.sandbox.apiKey, LEAD_PASSPORT, LEAD_EMAIL];
}
const LEAD_PASSPORT = 'P1000000';
const LEAD_EMAIL = 'asha@example.com';

/** What a cell needs before its faulted call. */
export interface Precondition {
  trace_id?: string;
  result_index?: string;
  booking_id?: string;
  /** The fare the booking holds before the faulted call. */
  final_fare?: number;
}

/** Brings the sandbox to the state the endpoint needs, with the clean client. */
export async function prepare(stack: Stack, endpoint: ProxyEndpoint): Promise<Precondition> {
  if (endpoint === 'search' || endpoint === 'list' || endpoint === 'autocomplete') return {};
  const results = await stack.direct.flights.search(SEARCH);
  const out = results.outbound[0]!;
  const base = { trace_id: results.trace_id, result_index: out.result_index };
  if (endpoint === 'fareRules' || endpoint === 'createBooking') return base;
  const booking = await stack.direct.bookings.create(results.select(out));
  const pre = { ...base, booking_id: booking.booking_id, final_fare: booking.pricing.final_fare };
  if (endpoint === 'savePassengers' || endpoint === 'retrieve') return pre;
  await stack.direct.bookings.savePassengers(booking, passengersFor(results));
  if (endpoint === 'reprice') return pre;
  const priced = await stack.direct.bookings.reprice(booking.booking_id);
  return { ...pre, final_fare: priced.pricing.final_fare };
}

/** One call of `endpoint` with `client`, on the prepared state. */
export function callEndpoint(client: Fareway, endpoint: ProxyEndpoint, pre: Precondition): Promise<unknown> {
  switch (endpoint) {
    case 'search':
      return client.flights.search(SEARCH);
    case 'fareRules':
      return client.flights.fareRules({ trace_id: pre.trace_id!, result_index: pre.result_index! });
    case 'createBooking':
      return client.bookings.create({ trace_id: pre.trace_id!, result_indices: [pre.result_index!] });
    case 'savePassengers':
      return client.bookings.savePassengers(
        pre.booking_id!,
        passengersFor({ pax_count: { adult: 1, child: 0, infant: 0 } }),
      );
    case 'reprice':
      return client.bookings.reprice(pre.booking_id!);
    case 'book':
      return client.bookings.book(pre.booking_id!);
    case 'retrieve':
      return client.bookings.retrieve(pre.booking_id!);
    case 'list':
      return Promise.resolve(client.bookings.list({ limit: 5 }));
    case 'autocomplete':
      return client.airports.autocomplete('del');
  }
}

export { countUnhandled, describeSettled, pool, settle, type Settled } from './settle.js';
