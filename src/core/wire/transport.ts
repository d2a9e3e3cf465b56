import ky, { type KyInstance, type Options as KyOptions } from 'ky';
import { APIError, ResponseValidationError } from '../../errors.js';
import { ErrorEnvelopeSchema } from '../../schemas/envelope.js';
import { VERSION } from '../../version.js';
import { BodyTooLargeError, raceAbort, readBody } from './body.js';
import { connectionError, markNotSent, timeoutError, type FailureContext } from './failure.js';
import { addHeaders, headersOf } from '../options/headers.js';
import { DEFAULTS, type Endpoint, type FetchLike } from '../options/options.js';
import type { ProxyRoute } from '../loading/proxy.js';
import { answered, attribute, unwatch, watch, type WireWatch } from './timestamps.js';
import { wireResponse, type HttpResponse } from './response.js';

/** One HTTP call as the resources describe it. */
export interface HttpRequest {
  endpoint: Endpoint;
  method: 'GET' | 'POST';
  /** Exact path, trailing slash included, e.g. `/v1/flights/search/`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** False only for the airport autocomplete, which must not send the key. */
  auth: boolean;
  /** Context attached to errors, e.g. `{ booking_id }`. */
  context?: Record<string, unknown>;
}

export type { HttpResponse } from './response.js';

interface TransportConfig {
  baseUrl: string;
  /** Kept out of every error, log and serialised object: only this closure holds it. */
  apiKey: string;
  fetch?: FetchLike;
  defaultHeaders: Record<string, string>;
  /** Largest response body read, in bytes. @default DEFAULTS.maxResponseBytes */
  maxResponseBytes?: number;
  /** The egress proxy in use, if any: its refusals are reported as the proxy's (proxy.ts). */
  proxy?: ProxyRoute | undefined;
}

interface SendOptions {
  /** Per-attempt timeout in ms: bounds the whole exchange, response body included. */
  timeout: number;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
  /** `performance.now()` when this request's headers were written to the socket (known when the fetch ky calls creates its undici request at once: the global fetch, or a custom one that calls it). */
  onSent?: ((at: number) => void) | undefined;
  /** `performance.now()` when the response headers arrived, whatever the status. */
  onAnswered?: ((at: number) => void) | undefined;
}

const USER_AGENT = `fareway/${VERSION} node/${typeof process !== 'undefined' ? process.version : 'unknown'}`;

/** Marks "timed out" on the attempt's AbortController, distinct from any caller's reason. */
class AttemptTimeout extends Error {
  override name = 'AttemptTimeout';
}

/**
 * The HTTP edge: ky carries every request. It builds the URL (`prefix`, `searchParams`), the JSON
 * body and a standard `Request`, and hands that to the global `fetch` or to the caller's `fetch`
 * option; there is no second path. ky's retry is off (p-retry owns attempts), it throws no HTTP
 * errors (statuses are mapped here) and its timeout is off: ky 2's `timeout` covers the headers,
 * and only its body shortcuts (`.json()`, `.text()`) get a second, separate timer, while the SDK
 * reads the body itself to cap its size. So one AbortController and one timer per attempt bound
 * headers and body together, handed to ky as its `signal`. Nothing from ky or undici leaves this
 * file: failures become Fareway's typed errors, non-2xx become APIError subclasses whatever the
 * body looks like.
 */
export class Transport {
  readonly #config: TransportConfig;
  readonly #host: string;
  readonly #maxBytes: number;
  readonly #staticHeaders: Record<string, string>;
  readonly #ky: KyInstance;

  constructor(config: TransportConfig) {
    this.#config = config;
    let host = config.baseUrl;
    try {
      host = new URL(config.baseUrl).host;
    } catch {
      // An unparsable base URL fails at the first call with a connection error naming it.
    }
    this.#host = host;
    this.#maxBytes = config.maxResponseBytes ?? DEFAULTS.maxResponseBytes;
    this.#staticHeaders = { 'user-agent': USER_AGENT };
    addHeaders(this.#staticHeaders, config.defaultHeaders);
    this.#staticHeaders.accept = 'application/json';
    this.#ky = ky.create({ prefix: config.baseUrl, retry: 0, throwHttpErrors: false, timeout: false });
  }

  get baseUrl(): string {
    return this.#config.baseUrl;
  }

  async send(req: HttpRequest, options: SendOptions): Promise<HttpResponse> {
    const ctx: FailureContext = {
      method: req.method,
      path: req.path,
      host: this.#host,
      sent: false,
      ids: req.context,
    };
    const userSignal = options.signal;
    if (userSignal?.aborted) throw markNotSent(abortReason(userSignal));

    const headers: Record<string, string> = { ...this.#staticHeaders };
    addHeaders(headers, options.headers);
    if (req.auth) headers.authorization = `Api-Key ${this.#config.apiKey}`;
    // Wire timestamps are attributed on the client side (wire-events.ts): nothing is added to the request.
    const wire: WireWatch | undefined =
      options.onSent || options.onAnswered ? watch(options.onSent, options.onAnswered) : undefined;

    const controller = new AbortController();
    const signal = controller.signal;
    const timer = setTimeout(() => controller.abort(new AttemptTimeout()), options.timeout);
    const onUserAbort = () => controller.abort(userSignal?.reason);
    userSignal?.addEventListener('abort', onUserAbort, { once: true });
    let phase: 'headers' | 'body' = 'headers';
    try {
      const init: KyOptions = { method: req.method, headers, signal };
      if (req.body !== undefined) init.json = req.body; // ky sets content-type: application/json
      if (req.query) init.searchParams = req.query; // undefined values are left out
      init.fetch = this.#fetcher(wire, signal);
      const response = await this.#ky(req.path, init);
      // A network-error Response (a mock's `Response.error()`) is no answer: a dropped connection.
      if (response.type === 'error')
        throw new TypeError('fetch failed: the connection was dropped (a network-error Response)');
      const receivedAt = performance.now();
      if (wire) answered(wire, receivedAt);
      phase = 'body';
      ctx.status = response.status;
      const requestId = response.headers.get('x-request-id') ?? undefined;
      ctx.requestId = requestId;
      const text = await readBody(response, signal, this.#maxBytes, this.#config.fetch === undefined);
      if (!response.ok)
        throw errorFromResponse(
          response.status,
          text,
          headersOf(response.headers),
          requestId,
          req.context,
          req.endpoint,
        );
      return wireResponse(req, response, text, requestId, receivedAt);
    } catch (error) {
      if (wire?.sent) ctx.sent = true;
      throw this.#translate(error, signal, userSignal, ctx, options.timeout, phase);
    } finally {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', onUserAbort);
      if (wire) unwatch(wire);
    }
  }

  /**
   * The `fetch` ky calls for this attempt: the custom one, or the global `fetch`.
   * ky calls it with the `Request` it built; calling the underlying fetch inside `attribute` lets
   * wire-events.ts tie the undici request it creates to this attempt. A custom fetch may ignore the
   * signal: it is raced against it, so the timeout holds whatever it does.
   */
  #fetcher(wire: WireWatch | undefined, signal: AbortSignal): typeof fetch {
    const custom = this.#config.fetch;
    if (custom) {
      // ky hands over the Request it built; a custom fetch that answers nothing is no answer.
      const call = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
        const response = await custom(input instanceof Request ? input : new Request(input, init), init);
        if (response === undefined)
          throw new TypeError('fetch failed: the `fetch` option answered no Response');
        return response;
      };
      return (input, init) =>
        raceAbort(wire ? attribute(wire, () => call(input, init)) : call(input, init), signal);
    }
    // The global fetch gets this attempt's own signal, not only the Request's: ky builds the
    // Request with `AbortSignal.any([ours, ky's])`, and a signal made by `AbortSignal.any` may be
    // collected while the body is still streaming, so the abort never reached undici and a body
    // that stalled after its headers hung the call (the fault matrix's stall and trickle cells).
    return (input, init) => {
      const send = () => fetch(input, { ...init, signal });
      return wire ? attribute(wire, send) : send();
    };
  }

  #translate(
    error: unknown,
    signal: AbortSignal,
    userSignal: AbortSignal | undefined,
    ctx: FailureContext,
    timeoutMs: number,
    phase: 'headers' | 'body',
  ): unknown {
    if (error instanceof APIError || error instanceof ResponseValidationError) return error;
    if (userSignal?.aborted) return abortReason(userSignal);
    if (signal.reason instanceof AttemptTimeout) return timeoutError(ctx, timeoutMs, phase);
    if (error instanceof BodyTooLargeError) {
      return new ResponseValidationError([{ path: '', message: error.message }], {
        requestId: ctx.requestId,
        ...(ctx.status !== undefined ? { status: ctx.status } : {}),
        endpoint: `${ctx.method} ${ctx.path}`,
        ids: ctx.ids,
      });
    }
    const { proxy } = this.#config;
    const refused = proxy?.refusal(error);
    // A refusing proxy is named (password masked), not the service: nothing reached the service.
    if (refused) return markNotSent(connectionError(refused, { ...ctx, host: `the proxy ${proxy!.shown}` }));
    const out = connectionError(error, ctx);
    // A request fetch refuses to build (a bad header or URL) is refused before any connection is
    // made. Only those: other TypeErrors (a mocked network error, a dropped socket) may come after
    // the request left, and "not sent" decides whether book and create-booking may be re-sent.
    if (phase === 'headers' && error instanceof TypeError && BUILD_REFUSAL.test(error.message))
      markNotSent(out);
    return out;
  }
}

/** Messages of the TypeErrors fetch throws while building a request (undici's wording). */
const BUILD_REFUSAL = /invalid header|header (name|value)|Headers\.|Invalid URL|URL is invalid/i;

function abortReason(signal: AbortSignal): unknown {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}

/** Maps a non-2xx response, envelope or not, to the right APIError subclass. */
function errorFromResponse(
  status: number,
  text: string,
  headers: Record<string, string>,
  requestId: string | undefined,
  context?: Record<string, unknown>,
  endpoint?: string,
): APIError {
  let body: unknown = text;
  let details: string[];
  try {
    body = JSON.parse(text);
    const envelope = ErrorEnvelopeSchema.safeParse(body);
    if (envelope.success) {
      details = envelope.data.errors.flatMap((e) =>
        e.detail === undefined ? [] : Array.isArray(e.detail) ? e.detail : [e.detail],
      );
    } else {
      details = ['The error body was JSON but not the documented envelope'];
    }
  } catch {
    const type = headers['content-type']?.split(';')[0];
    details = [
      text === '' ? 'Empty response body' : `The error body was not JSON${type ? ` (${type})` : ''}`,
    ];
  }
  return APIError.generate({
    status,
    requestId,
    details,
    headers,
    body,
    context: context ?? {},
    ...(endpoint ? { endpoint } : {}),
  });
}
