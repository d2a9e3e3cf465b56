import ky, { TimeoutError } from 'ky';
import { APIConnectionError, APIError, APITimeoutError, ResponseValidationError } from '../errors.js';
import { ErrorEnvelopeSchema } from '../schemas/envelope.js';
import { VERSION } from '../version.js';
import type { Endpoint } from './options.js';

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
  /** Called just before each attempt goes on the wire (after the limiter). */
  onAttempt?: () => void;
}

/** A 2xx answer: the parsed JSON body and what the SDK keeps of the response. */
export interface HttpResponse {
  data: unknown;
  status: number;
  requestId: string | undefined;
  headers: Record<string, string>;
  /** `performance.now()` when the response arrived, for deadlines. */
  receivedAt: number;
}

export interface TransportConfig {
  baseUrl: string;
  /** Kept out of every error, log and serialised object: only this closure holds it. */
  apiKey: string;
  fetch?: typeof fetch;
  defaultHeaders: Record<string, string>;
}

export interface SendOptions {
  timeout: number;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
}

const USER_AGENT = `fareway/${VERSION} node/${typeof process !== 'undefined' ? process.version : 'unknown'}`;

/** Builds `base + path + ?query`, keeping any path prefix of the base URL. */
export function buildUrl(baseUrl: string, path: string, query?: HttpRequest['query']): string {
  let url = baseUrl.replace(/\/+$/, '') + path;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  return url;
}

/** Lower-cased response headers as a plain object. */
function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    out[key.toLowerCase()] = value;
  });
  return out;
}

/**
 * The HTTP edge (ky). Translates ky and fetch into Fareway's types: nothing from ky leaves this
 * file. ky's own retry is off; timeouts and aborts become typed errors; non-2xx become APIError
 * subclasses whatever the body looks like.
 */
export class Transport {
  readonly #config: TransportConfig;
  readonly #ky: typeof ky;

  constructor(config: TransportConfig) {
    this.#config = config;
    this.#ky = ky.create({
      retry: 0,
      throwHttpErrors: false,
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
  }

  get baseUrl(): string {
    return this.#config.baseUrl;
  }

  async send(req: HttpRequest, options: SendOptions): Promise<HttpResponse> {
    const url = buildUrl(this.#config.baseUrl, req.path, req.query);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': USER_AGENT,
      ...this.#config.defaultHeaders,
      ...options.headers,
    };
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name];
    if (req.auth) headers.authorization = `Api-Key ${this.#config.apiKey}`;

    let response: Response;
    try {
      response = await this.#ky(url, {
        method: req.method,
        headers,
        timeout: options.timeout,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(req.body !== undefined ? { json: req.body } : {}),
      });
    } catch (error) {
      throw translateFailure(error, options.signal, req);
    }
    const receivedAt = performance.now();
    const responseHeaders = headersOf(response);
    const requestId = responseHeaders['x-request-id'];
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The body was cut off mid-stream: the connection dropped after the status line.
      throw translateFailure(error, options.signal, req, requestId);
    }

    if (!response.ok) throw errorFromResponse(response.status, text, responseHeaders, requestId, req.context);

    let data: unknown;
    try {
      data = text === '' ? undefined : JSON.parse(text);
    } catch (cause) {
      throw new ResponseValidationError([{ path: '', message: 'body is not valid JSON' }], {
        requestId,
        status: response.status,
        endpoint: `${req.method} ${req.path}`,
        cause,
      });
    }
    if (data === undefined) {
      throw new ResponseValidationError([{ path: '', message: 'body is empty' }], {
        requestId,
        status: response.status,
        endpoint: `${req.method} ${req.path}`,
      });
    }
    return { data, status: response.status, requestId, headers: responseHeaders, receivedAt };
  }
}

/** Maps a non-2xx response, envelope or not, to the right APIError subclass. */
export function errorFromResponse(
  status: number,
  text: string,
  headers: Record<string, string>,
  requestId: string | undefined,
  context?: Record<string, unknown>,
): APIError {
  let body: unknown = text;
  let details: string[] = [];
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
    details = [text === '' ? 'Empty response body' : `The error body was not JSON${type ? ` (${type})` : ''}`];
  }
  return APIError.generate({ status, requestId, details, headers, body, context: context ?? {} });
}

function translateFailure(
  error: unknown,
  signal: AbortSignal | undefined,
  req: HttpRequest,
  requestId?: string,
): Error {
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
  }
  if (error instanceof TimeoutError) {
    return new APITimeoutError(`${req.method} ${req.path} timed out`, { cause: stripRequest(error) });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new APIConnectionError(`${req.method} ${req.path} failed: ${message}`, {
    cause: stripRequest(error),
    ...(requestId ? { requestId } : {}),
  });
}

/**
 * ky's errors hold the Request, whose headers hold the key. Keep only name, message and cause so
 * that no error Fareway throws can serialise the key.
 */
function stripRequest(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const copy = new Error(error.message, error.cause === undefined ? undefined : { cause: stripRequest(error.cause) });
  copy.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) (copy as { code?: unknown }).code = code;
  return copy;
}
