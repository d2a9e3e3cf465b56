import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  ClientClosedError,
  FarewayError,
  RateLimitError,
  RateLimitQueueFullError,
  RequestValidationError,
  ResponseValidationError,
  UpstreamError,
} from '../../errors.js';
import type { Endpoint } from '../options/options.js';
import { planOf } from '../../schemas/endpoints.js';

/**
 * The one failure table (docs/errors-and-retries.md, docs/booking-safety.md): for a failed call,
 * was anything sent, did the service finish (only its own envelope, or its own readable answer,
 * says so), may the request be sent again, and must the outcome be settled by reading? retry.ts,
 * book.ts and create.ts act on the answer; none of them classifies errors itself.
 *
 * It also builds the connection errors: what `fetch` (or ky) throws becomes
 * Fareway's connection errors, with the method, path, host and the root cause's code in the
 * message (`fetch failed` alone hides the reason two causes deep).
 */

/** `no`: certainly nothing left the process. `yes`: something answered. `maybe`: it may have reached the service. */
export type Sent = 'no' | 'maybe' | 'yes';

/**
 * May the same request be sent again? `rate-limited`: after Retry-After (a 429: nothing happened);
 * `backoff`: after an exponential delay; `once`: once per call (a 502, spec §7 "retry once");
 * `once-cut`: once per call, apart from `once` (a 2xx whose body came cut short);
 * `once-if-nothing-made`: create only — once, when reading shows this call made nothing.
 */
export type Retry = 'no' | 'rate-limited' | 'backoff' | 'once' | 'once-cut' | 'once-if-nothing-made';

/**
 * Must the outcome be settled by reading (book: retrieve; create: list)? `once`: the service
 * finished, one read decides; `until-settled`: it may still be acting, read until a verdict or
 * the window ends.
 */
type Reconcile = 'no' | 'once' | 'until-settled';

/** The table's answer for one failure. */
export interface Failure {
  sent: Sent;
  /** The service said it finished: its own error envelope, or its own readable answer. */
  finished: boolean;
  retry: Retry;
  reconcile: Reconcile;
}

/**
 * What one call's errors cannot say about it. The caller's abort reason is one object shared by
 * every call on that signal, so "was it sent" after an abort is the call's: whether an attempt got
 * past the limiter to the transport (`attempted`, set by the requester; unknown counts as yes).
 */
export interface CallTrace {
  readonly signal?: AbortSignal | undefined;
  attempted?: boolean;
}

/** A trace for one call; pass it to `requester.send` and to `classifyFailure`. */
export function traceCall(signal: AbortSignal | undefined): CallTrace {
  return { signal, attempted: false };
}

/** Errors known to have happened before any byte of the request was written. */
const notSent = new WeakSet<object>();
/** Errors built from the service's own readable answer (book: a 2xx that is not confirmed with a PNR). */
const answered = new WeakSet<object>();
/** 2xx answers whose body came cut short: empty or not JSON (wire-response.ts). */
const cut = new WeakSet<object>();

/** Marks an error as "nothing was sent" and returns it. */
export function markNotSent<E>(error: E): E {
  if (typeof error === 'object' && error !== null) notSent.add(error);
  return error;
}

/** Marks an error as built from the service's own readable answer: the service finished. */
export function markAnswered<E extends object>(error: E): E {
  answered.add(error);
  return error;
}

/**
 * Marks an error as a 2xx whose body came cut short (empty or not JSON: a proxy or a dropped
 * stream cut it) and returns it. Valid JSON that breaks the contract is never marked.
 */
export function markCutBody<E extends object>(error: E): E {
  cut.add(error);
  return error;
}

/**
 * No rate-limit token within the call's timeout (core/call/requester.ts): nothing was sent, and it is
 * not retried — the call's budget for waiting is spent.
 */
export class QueueTimeout extends APITimeoutError {}

/** Refused by the SDK itself before anything was queued or sent. */
const isLocal = (error: unknown) =>
  error instanceof QueueTimeout ||
  error instanceof RequestValidationError ||
  error instanceof ClientClosedError ||
  error instanceof RateLimitQueueFullError ||
  (error instanceof APIError && error.status === 0);

const isMarked = (marks: WeakSet<object>, error: unknown) =>
  typeof error === 'object' && error !== null && marks.has(error);

/**
 * Was anything sent? The one reader of what the transport leaves on its errors (markNotSent,
 * connectionError from undici's "headers written") and of the call's trace. After the caller's
 * abort only the trace counts: the reason object is shared by every call on that signal.
 */
function sentOf(error: unknown, call: CallTrace | undefined): Sent {
  const nothing = call?.signal?.aborted
    ? call.attempted === false
    : call?.attempted === false || isMarked(notSent, error) || isLocal(error);
  if (nothing) return 'no';
  if (error instanceof APIError || error instanceof ResponseValidationError) return 'yes';
  return 'maybe';
}

/** True when `error` is known to have happened before anything was written to the wire. */
export function certainlyNotSent(error: unknown): boolean {
  return sentOf(error, undefined) === 'no';
}

/**
 * The table. First matching row wins; "reads" are the endpoints whose plan is `repeat`
 * (schemas/endpoints.ts: search, fareRules, retrieve, list, autocomplete and the repeatable steps
 * savePassengers and reprice; spec §3: every step but book repeats), "book" is the plan
 * `settle-by-retrieving` and "create" the plan `settle-by-listing`.
 *  1. the service's own readable answer (book's 2xx without a confirmed PNR): book reads once;
 *  2. the caller aborted: thrown, except a book that reached the transport (read until settled);
 *     a create that may have been sent is thrown by create.ts as CreateOutcomeUnknownError;
 *  3. refused by the SDK itself (bad input, closed, queue full, fare known expired): thrown;
 *  4. a connection failure before anything was written: reads and create retried, book thrown;
 *  5. 429: retried after Retry-After, book included (nothing happened);
 *  6. any other 4xx: thrown (the service refused);
 *  7. 5xx, reads: retried (502 once);
 *  8. 5xx in the envelope (finished), book and create: one read decides; create re-sends a 502
 *     once when that read shows it made nothing;
 *  9. 5xx without the envelope (a proxy page), book and create: read until settled;
 * 10. a connection failure or timeout that may have been sent: reads retried, book and create read
 *     until settled;
 * 11. a 2xx whose body came cut short (empty or not JSON): reads re-sent once; any other 2xx that
 *     could not be read (valid JSON that breaks the contract, too large): reads thrown; book and
 *     create read until settled either way;
 * 12. anything else (not Fareway's): thrown.
 */
export function classifyFailure(error: unknown, endpoint: Endpoint, call?: CallTrace): Failure {
  const sent = sentOf(error, call);
  const ownAnswer = isMarked(answered, error);
  const finished = ownAnswer || (error instanceof APIError && error.status > 0 && error.envelope);
  const row = (retry: Retry, reconcile: Reconcile): Failure => ({ sent, finished, retry, reconcile });
  const plan = planOf(endpoint);
  const book = plan === 'settle-by-retrieving';
  const reads = plan === 'repeat';

  if (ownAnswer) return row('no', book ? 'once' : 'no');
  if (call?.signal?.aborted) return row('no', book && sent !== 'no' ? 'until-settled' : 'no');
  if (isLocal(error)) return row('no', 'no');
  if (sent === 'no') return row(error instanceof APIConnectionError && !book ? 'backoff' : 'no', 'no');
  if (error instanceof RateLimitError) return row('rate-limited', 'no');
  if (error instanceof APIError) {
    const upstream = error instanceof UpstreamError;
    if (error.status < 500) return row('no', 'no');
    if (reads) return row(upstream ? 'once' : 'backoff', 'no');
    if (finished) return row(upstream && !book ? 'once-if-nothing-made' : 'no', 'once');
    return row('no', 'until-settled');
  }
  if (error instanceof APIConnectionError) return reads ? row('backoff', 'no') : row('no', 'until-settled');
  if (error instanceof ResponseValidationError)
    return reads ? row(isMarked(cut, error) ? 'once-cut' : 'no', 'no') : row('no', 'until-settled');
  return row('no', 'no');
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
function rootCause(error: unknown): RootCause {
  let code: string | undefined;
  let message = error instanceof Error ? error.message : String(error);
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    // A Fareway error's `code` is its own stable code, not a network one: read its systemCode.
    const c =
      current instanceof FarewayError
        ? (current as { systemCode?: unknown }).systemCode
        : (current as { code?: unknown }).code;
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
function stripRequest(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  // Bounded as rootCause is: a cause chain may be cyclic (an error that is its own cause).
  const cause = error.cause === undefined || depth >= 8 ? undefined : stripRequest(error.cause, depth + 1);
  const copy = new Error(error.message, cause === undefined ? undefined : { cause });
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
  /** The ids the call was about (`booking_id`, `trace_id`): the error's `ids`. */
  ids?: { booking_id?: string; trace_id?: string } | undefined;
}

/**
 * A connection failure: `POST /v1/flights/search/ to 127.0.0.1:4010 failed: connect ECONNREFUSED …
 * (ECONNREFUSED)`, with the root cause's code as `systemCode`.
 */
export function connectionError(error: unknown, ctx: FailureContext): APIConnectionError {
  const { code, message } = rootCause(error);
  const text = `${ctx.method} ${ctx.path} to ${ctx.host} failed: ${message}${code && !message.includes(`(${code})`) ? ` (${code})` : ''}`;
  const out = new APIConnectionError(text, {
    cause: stripRequest(error),
    requestId: ctx.requestId || undefined,
    systemCode: code,
    ids: ctx.ids,
  });
  if (code !== undefined && BEFORE_CONNECT.has(code) && !ctx.sent) markNotSent(out);
  return out;
}

/** The per-attempt timeout ran out, before or after the response headers. */
export function timeoutError(
  ctx: FailureContext,
  timeoutMs: number,
  phase: 'headers' | 'body',
): APITimeoutError {
  const waited = phase === 'headers' ? 'no response' : 'the response body did not complete';
  return new APITimeoutError(
    `${ctx.method} ${ctx.path} to ${ctx.host} timed out after ${timeoutMs} ms (${waited})`,
    {
      requestId: ctx.requestId || undefined,
      systemCode: 'ETIMEDOUT',
      ids: ctx.ids,
    },
  );
}
