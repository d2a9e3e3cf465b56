/**
 * `sandbox.control` over HTTP, for curl and test suites in any language: `fareway-sandbox
 * --control` (or `sandbox.listen({ control: true })`) serves every control method at
 * `POST /__sandbox/control/<method>` with its arguments as one JSON object (`{"ms": 60000}`);
 * the reads (`now`, `walletBalance`, `requests`, `getBooking`) also answer GET with their arguments
 * in the query string, and `GET /__sandbox/control` lists every method with its arguments. Off
 * unless asked for: without it these paths are the sandbox's plain 404. Control calls are not in
 * the request log and draw on no rate limit.
 *
 * Unauthenticated, so only this machine's own tools may call it (a web page the developer has open
 * must not): a peer that is not loopback, a `Host` that does not name this machine (DNS
 * rebinding: a foreign name resolved to 127.0.0.1), an `Origin` other than the sandbox's own, and a
 * POST that is not `Content-Type: application/json` (a cross-site form or `text/plain` fetch needs
 * no CORS preflight; JSON does, and the sandbox answers none) are refused with 403 or 415 before
 * anything runs.
 */
import type { FailNextOptions, SandboxControl } from './control.js';
import type { PartnerOptions } from '../state/options.js';
import { isLoopbackAddress, isLoopbackHostname, peerOf } from './peer.js';
import { route, type Route } from '../serve/router.js';
import type { BookingStatus, EndpointName } from '../state/state.js';

/** Where the control endpoints live. */
export const CONTROL_PATH = '/__sandbox/control';

type ArgType = 'number' | 'string' | 'boolean' | 'object';
/** Argument name → its JSON type; a trailing `?` marks an optional one. */
type ArgSpec = Record<string, `${ArgType}${'' | '?'}`>;
type Args = Record<string, unknown>;

interface ControlCall {
  args: ArgSpec;
  /** A read: GET works too, with the arguments in the query string. */
  read?: true;
  run: (control: SandboxControl, args: Args) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

const n = (a: Args, k: string): number => a[k] as number;
const s = (a: Args, k: string): string => a[k] as string;
const opt = <T>(a: Args, k: string): T | undefined => a[k] as T | undefined;
const done = (): Record<string, unknown> => ({});

/** Every method of SandboxControl (the mapped type makes a new one a compile error here until added). */
const CALLS: { [K in keyof SandboxControl]: ControlCall } = {
  advanceTime: {
    args: { ms: 'number' },
    run: (c, a) => (c.advanceTime(n(a, 'ms')), { now: c.now().toISOString() }),
  },
  now: { args: {}, read: true, run: (c) => ({ now: c.now().toISOString() }) },
  failNext: {
    args: {
      endpoint: 'string',
      times: 'number?',
      status: 'number?',
      detail: 'string?',
      body: 'string?',
      headers: 'object?',
      drop: 'boolean?',
      delayMs: 'number?',
    },
    run: (c, a) => {
      const { endpoint, ...options } = a;
      c.failNext(endpoint as EndpointName, options as FailNextOptions);
      return done();
    },
  },
  commitThenDrop: {
    args: { endpoint: 'string?', times: 'number?' },
    run: (c, a) => (c.commitThenDrop(opt<EndpointName>(a, 'endpoint'), opt(a, 'times')), done()),
  },
  movePriceOnNextReprice: {
    args: { deltaInr: 'number' },
    run: (c, a) => (c.movePriceOnNextReprice(n(a, 'deltaInr')), done()),
  },
  setWalletBalance: {
    args: { amount: 'number', apiKey: 'string?' },
    run: (c, a) => {
      c.setWalletBalance(n(a, 'amount'), opt(a, 'apiKey'));
      return { walletBalance: c.walletBalance(opt(a, 'apiKey')) };
    },
  },
  walletBalance: {
    args: { apiKey: 'string?' },
    read: true,
    run: (c, a) => ({ walletBalance: c.walletBalance(opt(a, 'apiKey')) }),
  },
  expireTrace: { args: { traceId: 'string' }, run: (c, a) => (c.expireTrace(s(a, 'traceId')), done()) },
  expireBooking: {
    args: { bookingId: 'string' },
    run: (c, a) => (c.expireBooking(s(a, 'bookingId')), done()),
  },
  seedBookings: {
    args: { count: 'number', apiKey: 'string?', status: 'string?' },
    run: (c, a) => {
      const options: { apiKey?: string; status?: BookingStatus } = {};
      if (a.apiKey !== undefined) options.apiKey = s(a, 'apiKey');
      if (a.status !== undefined) options.status = s(a, 'status') as BookingStatus;
      return { ids: c.seedBookings(n(a, 'count'), options) };
    },
  },
  requests: { args: {}, read: true, run: (c) => ({ requests: c.requests() }) },
  inFlight: { args: {}, read: true, run: (c) => ({ requests: c.inFlight() }) },
  waitForRequest: {
    args: { endpoint: 'string?', timeoutMs: 'number?' },
    // A long poll, at most a minute: the answer comes when the request arrives.
    run: async (c, a) => {
      const timeoutMs = Math.min(opt<number>(a, 'timeoutMs') ?? 10_000, 60_000);
      const request = await c
        .waitForRequest(opt<EndpointName>(a, 'endpoint'), { timeoutMs })
        .catch((error: Error) => {
          throw new ControlError(/no .* request arrived/.test(error.message) ? 408 : 400, error.message);
        });
      return { request };
    },
  },
  clearRequests: { args: {}, run: (c) => (c.clearRequests(), done()) },
  getBooking: {
    args: { id: 'string' },
    read: true,
    run: (c, a) => {
      const booking = c.getBooking(s(a, 'id'));
      if (!booking) throw new ControlError(404, `unknown booking '${s(a, 'id')}'`);
      return { booking };
    },
  },
  reset: { args: {}, run: (c) => (c.reset(), done()) },
  addPartner: {
    args: { apiKey: 'string?', name: 'string?', walletBalance: 'number?', markupPercent: 'number?' },
    run: (c, a) => ({ apiKey: c.addPartner(a as PartnerOptions) }),
  },
};

/** The control methods served over HTTP, in the order `GET /__sandbox/control` lists them. */
export const CONTROL_METHODS = Object.keys(CALLS) as (keyof SandboxControl)[];

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Checks the arguments against the spec: no unknown name, every required one, each of its type. */
function checkArgs(name: string, spec: ArgSpec, args: Args): void {
  for (const key of Object.keys(args))
    if (!(key in spec))
      throw new ControlError(
        400,
        `${name}: unknown argument '${key}' (${Object.keys(spec).join(', ') || 'it takes none'})`,
      );
  for (const [key, type] of Object.entries(spec)) {
    const optional = type.endsWith('?');
    const want = type.replace('?', '');
    const value = args[key];
    if (value === undefined) {
      if (!optional) throw new ControlError(400, `${name}: '${key}' is required (a ${want})`);
      continue;
    }
    const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    if (got !== want) throw new ControlError(400, `${name}: '${key}' must be a ${want}, got ${got}`);
  }
}

async function readArgs(request: Request, call: ControlCall, name: string): Promise<Args> {
  if (request.method === 'GET') {
    const args: Args = Object.fromEntries(new URL(request.url).searchParams);
    checkArgs(name, call.args, args);
    return args;
  }
  const text = await request.text();
  let body: unknown = {};
  try {
    if (text.trim()) body = JSON.parse(text);
  } catch {
    throw new ControlError(400, `${name}: the body is not valid JSON`);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ControlError(400, `${name}: the body must be a JSON object of named arguments`);
  checkArgs(name, call.args, body as Args);
  return body as Args;
}

/** Who may call: this machine's tools only (see the file's comment). Throws the refusal. */
function checkCaller(request: Request): void {
  const peer = peerOf(request);
  if (peer !== undefined && !isLoopbackAddress(peer))
    throw new ControlError(403, 'the control endpoints answer loopback clients only');
  const host = request.headers.get('host');
  let hostname: string | undefined;
  try {
    hostname = host ? new URL(`http://${host}`).hostname : undefined;
  } catch {
    hostname = undefined;
  }
  if (!hostname || !isLoopbackHostname(hostname))
    throw new ControlError(
      403,
      'the control endpoints answer only a Host of this machine (localhost, 127.0.0.1, [::1])',
    );
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== `http://${host}`)
    throw new ControlError(
      403,
      'the control endpoints refuse cross-origin requests (Origin is not the sandbox)',
    );
  if (request.method !== 'GET') {
    const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json')
      throw new ControlError(415, 'control calls take Content-Type: application/json');
  }
}

/** The routes of the control endpoints over `control` (put before the service's routes). */
export function controlRoutes(control: SandboxControl): Route[] {
  const index = async (request: Request): Promise<Response> => {
    try {
      checkCaller(request);
    } catch (error) {
      return json((error as ControlError).status, { ok: false, error: (error as Error).message });
    }
    return json(200, {
      methods: Object.fromEntries(
        CONTROL_METHODS.map((m) => [
          m,
          {
            path: `${CONTROL_PATH}/${m}`,
            http: CALLS[m].read ? ['GET', 'POST'] : ['POST'],
            args: CALLS[m].args,
          },
        ]),
      ),
    });
  };
  const resolve = async (request: Request, params: Record<string, string>): Promise<Response> => {
    const name = params.method as string;
    const call = Object.hasOwn(CALLS, name) ? CALLS[name as keyof SandboxControl] : undefined;
    try {
      checkCaller(request);
      if (!call)
        throw new ControlError(404, `unknown control '${name}' (one of ${CONTROL_METHODS.join(', ')})`);
      if (request.method === 'GET' && !call.read)
        throw new ControlError(405, `${name} changes the sandbox: use POST with a JSON body`);
      return json(200, { ok: true, ...(await call.run(control, await readArgs(request, call, name))) });
    } catch (error) {
      const status = error instanceof ControlError ? error.status : 400;
      return json(status, { ok: false, error: (error as Error).message });
    }
  };
  return [
    route('GET', CONTROL_PATH, index),
    route('GET', `${CONTROL_PATH}/`, index),
    route('POST', `${CONTROL_PATH}/:method`, resolve),
    route('GET', `${CONTROL_PATH}/:method`, resolve),
  ];
}
