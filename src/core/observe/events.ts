/**
 * What the SDK tells the caller's code: the endpoint names, the logger it writes to and the
 * events its hooks receive. Behaviour, not data: the client options take these objects as they
 * are (a logger or hooks object is never copied, so its methods keep their `this`).
 */
import type { Bucket, Endpoint } from '../../schemas/plain/vocabulary.js';

/** The endpoints' names and the rate-limit buckets: the service's vocabulary (src/schemas/plain/vocabulary.ts). */
export type { Endpoint, Bucket };

/** A console-like logger. Any method may be missing. Fareway never logs the API key or passenger data. */
export interface Logger {
  /** Per-request detail (each request and response); shown with `logLevel: 'debug'`. */
  debug?(message: string, meta?: Record<string, unknown>): void;
  /** Noteworthy events: a retry, an interrupted create or book settled by reading. */
  info?(message: string, meta?: Record<string, unknown>): void;
  /** Something to look at (e.g. a hook that threw); the default level shows warn and error. */
  warn?(message: string, meta?: Record<string, unknown>): void;
  /** A failure of the SDK's own machinery (e.g. the shared Redis limiter could not be set up). */
  error?(message: string, meta?: Record<string, unknown>): void;
}

/** What a hook sees of a request. No headers, no body: never the key, never passenger data. */
export interface RequestEvent {
  endpoint: Endpoint;
  method: string;
  /** Path and query, e.g. `/v1/flights/booking/…/book/`. */
  path: string;
  /** 1 for the first try. */
  attempt: number;
}
/** A response (any status). */
export interface ResponseEvent extends RequestEvent {
  status: number;
  requestId: string | undefined;
  durationMs: number;
}
/** A failed attempt that will be retried after `delayMs`. */
export interface RetryEvent extends RequestEvent {
  error: Error;
  requestId: string | undefined;
  delayMs: number;
}
/** A 429: the budget of `bucket` pauses for `pauseMs`. */
export interface RateLimitedEvent extends RequestEvent {
  bucket: Bucket;
  requestId: string | undefined;
  pauseMs: number;
}
/** One step of reconciling a book whose outcome was unknown. */
export interface ReconcileEvent {
  booking_id: string;
  /** What interrupted the book (a timeout, a dropped connection, a 5xx). */
  reason: string;
  /** The status seen by this retrieve, or undefined when the retrieve itself failed. */
  status: string | undefined;
  check: number;
  done: boolean;
}

/**
 * A 2xx answer that did not match the contract in a part the SDK does not need to act on: the
 * part was dropped (a malformed search option, list entry or airport) or left as it came.
 */
export interface ContractDriftEvent {
  endpoint: Endpoint;
  /** Where, e.g. `outbound[3]` or `pricing.markup_percent`. */
  path: string;
  /** What rule the answer broke there. */
  message: string;
  /** `dropped`: the element was removed from the result; `ignored`: kept (or removed if optional) and reported. */
  action: 'dropped' | 'ignored';
  requestId: string | undefined;
}

/**
 * Observability hooks. A hook may be `async`; what it throws or rejects with is caught and logged
 * as a warning, never propagated, and the call does not wait for it.
 */
export interface Hooks {
  /** A 2xx answer drifted from the contract in a part the SDK could do without (see docs/errors-and-retries.md). */
  onContractDrift?(event: ContractDriftEvent): void;
  /** Each attempt, just before it is sent. */
  onRequest?(event: RequestEvent): void;
  /** Each answer that arrived (any status), with its duration. */
  onResponse?(event: ResponseEvent): void;
  /** An attempt failed and another follows after `delayMs`. */
  onRetry?(event: RetryEvent): void;
  /** The service answered 429: the bucket pauses `pauseMs` before the retry. */
  onRateLimited?(event: RateLimitedEvent): void;
  /** An interrupted create or book is settled by reading (each check, then `done`). */
  onReconcile?(event: ReconcileEvent): void;
}

/**
 * Hooks must never break a call: a hook that throws, or returns a promise that rejects (an
 * `async` hook), is logged once as a warning and ignored — never an unhandled rejection. The call
 * does not wait for an async hook.
 */
export function safeHook(logger: Logger, fn: () => unknown): void {
  try {
    const returned = fn();
    if (
      returned !== null &&
      typeof returned === 'object' &&
      typeof (returned as { then?: unknown }).then === 'function'
    )
      (returned as PromiseLike<unknown>).then(undefined, (error: unknown) => hookFailed(logger, error));
  } catch (error) {
    hookFailed(logger, error);
  }
}

function hookFailed(logger: Logger, error: unknown): void {
  try {
    logger.warn?.('a hook threw; ignored', { error: error instanceof Error ? error.message : String(error) });
  } catch {
    // A logger that throws too: nothing more to say.
  }
}

/** An OpenTelemetry `TracerProvider` (from `@opentelemetry/api`), typed structurally so the package's types never need it. */
export interface TracerProviderLike {
  /** Returns the tracer Fareway's spans are created with. */
  getTracer(name: string, version?: string): unknown;
}
