import { APIConnectionError, APITimeoutError } from '../errors.js';

/**
 * Turns what `fetch` (or ky over a custom fetch) throws into Fareway's connection errors, with the
 * method, path, host and the root cause's code in the message: `fetch failed` alone hides the
 * reason two causes deep.
 */

/** Errors that failed before any byte of the request was written (the limiter may give the token back). */
const notSent = new WeakSet<object>();

/** True when `error` is known to have happened before anything was written to the wire. */
export function certainlyNotSent(error: unknown): boolean {
  return typeof error === 'object' && error !== null && notSent.has(error);
}

/** Marks an error as "nothing was sent" and returns it. */
export function markNotSent<E>(error: E): E {
  if (typeof error === 'object' && error !== null) notSent.add(error);
  return error;
}

/** Codes of failures that happen before a connection exists, so before anything is written. */
const BEFORE_CONNECT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'BAD_PORT',
]);

interface RootCause {
  code: string | undefined;
  message: string;
}

/** Walks `error.cause` (and AggregateError.errors) to the deepest cause that says something. */
export function rootCause(error: unknown): RootCause {
  let code: string | undefined;
  let message = error instanceof Error ? error.message : String(error);
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const c = (current as { code?: unknown }).code;
    if (typeof c === 'string' && c !== '') code = c;
    if (current.message && current.message !== 'fetch failed') message = current.message;
    const errors = (current as { errors?: unknown }).errors;
    const next = current.cause ?? (Array.isArray(errors) ? errors[0] : undefined);
    if (next === undefined || next === current) break;
    current = next;
  }
  if (message === 'bad port') code ??= 'BAD_PORT';
  // OpenSSL messages are multi-line and name source files: keep the code and a short text.
  if (code?.startsWith('ERR_SSL') || /SSL routines/.test(message)) message = 'TLS handshake failed';
  message = (message.split('\n')[0] ?? message).trim();
  return { code, message };
}

/**
 * ky's errors hold the Request, whose headers hold the key. Keep only name, message, code and
 * cause so that no error Fareway throws can serialise the key.
 */
export function stripRequest(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const copy = new Error(error.message, error.cause === undefined ? undefined : { cause: stripRequest(error.cause) });
  copy.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) (copy as { code?: unknown }).code = code;
  return copy;
}

/** What the failing attempt was, for the message. */
export interface FailureContext {
  method: string;
  path: string;
  host: string;
  requestId?: string | undefined;
  /** The response status, once headers arrived. */
  status?: number | undefined;
  /** True once undici reported the headers written (only known for the global fetch). */
  sent: boolean;
}

/** A connection failure: `POST /v1/flights/search/ to 127.0.0.1:4010 failed: connect ECONNREFUSED … (ECONNREFUSED)`. */
export function connectionError(error: unknown, ctx: FailureContext): APIConnectionError {
  const { code, message } = rootCause(error);
  const text = `${ctx.method} ${ctx.path} to ${ctx.host} failed: ${message}${code && !message.includes(`(${code})`) ? ` (${code})` : ''}`;
  const out = new APIConnectionError(text, { cause: stripRequest(error), ...(ctx.requestId ? { requestId: ctx.requestId } : {}) });
  // TODO(lead): declare `code?: string` on APIConnectionError in errors.ts.
  if (code !== undefined) (out as { code?: string }).code = code;
  if (code !== undefined && BEFORE_CONNECT.has(code) && !ctx.sent) markNotSent(out);
  return out;
}

/** The per-attempt timeout ran out, before or after the response headers. */
export function timeoutError(ctx: FailureContext, timeoutMs: number, phase: 'headers' | 'body'): APITimeoutError {
  const waited = phase === 'headers' ? 'no response' : 'the response body did not complete';
  const out = new APITimeoutError(`${ctx.method} ${ctx.path} to ${ctx.host} timed out after ${timeoutMs} ms (${waited})`);
  (out as { code?: string }).code = 'ETIMEDOUT';
  if (ctx.requestId) (out as { requestId?: string }).requestId = ctx.requestId;
  return out;
}
