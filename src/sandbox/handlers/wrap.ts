/**
 * What every endpoint shares: X-Request-Id, injected failures, auth, rate limits, the error
 * envelope, connection drops and the request log. Each endpoint only supplies its logic.
 * `Response.error()` means "drop the connection" (MSW and the node:http server both honour it).
 */
import { SandboxHttpError } from '../answers/errors.js';
import { isoUtc } from '../state/clock.js';
import { bucketOf } from '../../schemas/plain/vocabulary.js';
import type { RateLimiter } from '../rules/ratelimit.js';
import type { InFlight } from '../control/in-flight.js';
import type { EndpointName, FailureSpec, Partner, SandboxState } from '../state/state.js';
import { vary } from '../data/variations.js';

/** Shared by every handler of one sandbox. */
export interface HandlerContext {
  state: SandboxState;
  limiter: RateLimiter;
  /** Requests arrived and not yet answered (not cleared by reset: they are still running). */
  inFlight: InFlight;
  /** Whether this handler set enforces rate limits (listen() and handlers may differ). */
  rateLimits: boolean;
  nextRequestId: () => string;
  /** Called when an injected 502 hits `book`: the spec's upstream failure moves the booking to failed. */
  onInjectedBookFailure: (bookingId: string, partnerKey: string | null, detail: string) => void;
}

/** What endpoint logic receives. */
export interface Call {
  request: Request;
  url: URL;
  params: Record<string, string>;
  body: unknown;
  /** The authenticated partner; null only for the unauthenticated autocomplete. */
  partner: Partner;
}

/** What endpoint logic returns; errors are thrown as SandboxHttpError. */
interface Reply {
  status?: number;
  json: unknown;
}

/** A framework-free endpoint: a Fetch Request (and its path parameters) in, a Fetch Response out. */
export type Resolver = (request: Request, params: Record<string, string>) => Promise<Response>;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function respond(
  status: number,
  body: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...headers },
  });
}

/** The spec's error envelope (§7). */
export function envelope(details: string[]): unknown {
  return { success: false, errors: [{ detail: details }] };
}

function redactedHeaders(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  request.headers.forEach((v, k) => {
    out[k] = k === 'authorization' ? `${v.trim().split(/\s+/)[0] ?? ''} ***` : v;
  });
  return out;
}

function takeFailure(state: SandboxState, name: EndpointName): FailureSpec | undefined {
  const queue = state.failures.get(name);
  const f = queue?.[0];
  if (!queue || !f) return undefined;
  if (--f.times <= 0) queue.shift();
  return f;
}

/** Resolves `Authorization: Api-Key <key>` to a partner, or throws 401 (spec §5). */
function authenticate(state: SandboxState, request: Request): Partner {
  const header = request.headers.get('authorization');
  if (!header) throw new SandboxHttpError(401, ['Authentication credentials were not provided.']);
  const m = /^Api-Key\s+(\S+)\s*$/.exec(header.trim());
  if (!m) throw new SandboxHttpError(401, ["Malformed Authorization header: expected 'Api-Key <API_KEY>'."]);
  const partner = state.partners.get(m[1] as string);
  if (!partner) throw new SandboxHttpError(401, ['Invalid API key.']);
  return partner;
}

/** Wraps endpoint logic into a plain Fetch resolver with all shared behaviour. */
export function endpoint(
  ctx: HandlerContext,
  name: EndpointName,
  opts: { auth: boolean },
  logic: (call: Call) => Reply | Promise<Reply>,
): Resolver {
  return async (request, params) => {
    const { state } = ctx;
    const requestId = ctx.nextRequestId();
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    let body: unknown;
    let badJson = false;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      badJson = true;
    }
    const arrived = {
      at: isoUtc(state.clock.now()),
      method: request.method,
      path: url.pathname + url.search,
      endpoint: name,
      requestId,
      headers: redactedHeaders(request),
      body: badJson ? text : body,
    };
    ctx.inFlight.arrive(arrived);
    const log = (status: number, dropped = false): void => {
      ctx.inFlight.settled(requestId);
      state.log.push({ ...arrived, status, dropped });
    };
    const failure = takeFailure(state, name);
    if (failure?.delayMs) await sleep(failure.delayMs);
    if (
      failure &&
      (failure.status !== undefined || failure.drop || failure.body !== undefined || !failure.delayMs)
    ) {
      if (failure.drop) return (log(0, true), Response.error());
      const status = failure.status ?? 502;
      const detail = failure.detail ?? `Injected ${status} failure (sandbox control.failNext).`;
      // Only the service's own 502 (its envelope) means the supplier failed the booking; a raw
      // body stands for a proxy in front of the service, which never touched the booking.
      if (name === 'book' && status === 502 && params.id && failure.body === undefined) {
        let key: string | null = null;
        try {
          key = authenticate(state, request).apiKey;
        } catch {
          /* the booking is still looked up by id */
        }
        ctx.onInjectedBookFailure(params.id, key, detail);
      }
      log(status);
      if (failure.body !== undefined) {
        const type = failure.body.trimStart().startsWith('<') ? 'text/html' : 'text/plain';
        return new Response(failure.body, {
          status,
          headers: { 'Content-Type': type, 'X-Request-Id': requestId, ...failure.headers },
        });
      }
      return respond(status, envelope([detail]), requestId, failure.headers);
    }
    let reply: Reply;
    let headers: Record<string, string> = {};
    try {
      const partner = opts.auth ? authenticate(state, request) : (null as unknown as Partner);
      // autocomplete is unauthenticated and has no per-key budget: it is not rate limited here.
      const bucket = opts.auth ? bucketOf(name) : undefined;
      if (bucket && ctx.rateLimits) {
        const wait = ctx.limiter.take(partner.apiKey, bucket, state.clock.now());
        if (wait > 0) {
          const seconds = Math.ceil(wait / 1000);
          throw new SandboxHttpError(
            429,
            [`Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`],
            state.options.retryAfterHeader ? { 'Retry-After': String(seconds) } : {},
          );
        }
      }
      if (badJson) throw new SandboxHttpError(400, ['Request body is not valid JSON.']);
      reply = await logic({ request, url, params, body, partner });
      if (state.options.variations && (reply.status ?? 200) < 300)
        reply = { ...reply, json: vary(name, reply.json, state.next('variation')) };
    } catch (err) {
      if (!(err instanceof SandboxHttpError)) {
        log(500);
        return respond(
          500,
          envelope([`Internal sandbox error: ${err instanceof Error ? err.message : String(err)}`]),
          requestId,
        );
      }
      reply = { status: err.status, json: envelope(err.details) };
      headers = err.headers;
    }
    const status = reply.status ?? 200;
    const pendingDrops = state.commitThenDrop.get(name) ?? 0;
    if (pendingDrops > 0 && status < 300) {
      // The work is done (e.g. the PNR is issued and the wallet debited); only the answer is lost.
      state.commitThenDrop.set(name, pendingDrops - 1);
      return (log(status, true), Response.error());
    }
    log(status);
    return respond(status, reply.json, requestId, headers);
  };
}
