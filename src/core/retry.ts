import pRetry from 'p-retry';
import {
  APIConnectionError,
  FarewayError,
  InternalServerError,
  RateLimitError,
  UpstreamError,
} from '../errors.js';
import { certainlyNotSent } from './failure.js';
import type { Endpoint } from './options.js';

/**
 * Which failures may be retried, per endpoint (see docs/errors-and-retries.md):
 * - 429: always (the service did nothing), book included; the bucket pauses for Retry-After.
 * - 502: once, for every endpoint but book (a 502 on book leaves the booking `failed`).
 * - 500/5xx, connection errors, timeouts: every endpoint but book (book's outcome is then
 *   unknown and is reconciled by retrieving the booking, never by sending book again) and
 *   create-booking (re-sent only after a connection refused before sending; otherwise resolved
 *   by listing the newest bookings).
 */
export type RetryDecision = { retry: false } | { retry: true; kind: 'rate-limited' | 'transient' };

export function retryDecision(error: unknown, endpoint: Endpoint, upstreamFailures: number): RetryDecision {
  if (error instanceof RateLimitError) return { retry: true, kind: 'rate-limited' };
  if (endpoint === 'book') return { retry: false };
  // create-booking locks fares: re-sent only where nothing can have happened. Any other failure
  // is resolved by the resource (listing the newest bookings), never by sending it again.
  if (endpoint === 'createBooking') return certainlyNotSent(error) ? { retry: true, kind: 'transient' } : { retry: false };
  if (error instanceof UpstreamError) return upstreamFailures <= 1 ? { retry: true, kind: 'transient' } : { retry: false };
  if (error instanceof InternalServerError || error instanceof APIConnectionError) return { retry: true, kind: 'transient' };
  return { retry: false };
}

/** Full-jitter exponential backoff: a random delay in [d/2, d] with d = base·2^(n-1) capped. */
export function backoffDelay(retryNumber: number, baseMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, retryNumber - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Resolves after ms, or rejects with the signal's reason. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryRunOptions {
  endpoint: Endpoint;
  maxRetries: number;
  signal?: AbortSignal | undefined;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  /** Called before each retry's wait; may pause the limiter. */
  onRetry(info: { error: Error; attempt: number; delayMs: number; kind: 'rate-limited' | 'transient' }): void;
}

/**
 * Runs `attempt`, retrying under p-retry, the one retry owner. The first attempt runs bare: most
 * calls succeed at once, and p-retry's per-call setup would be paid for nothing. Only after a
 * first failure that may be retried does p-retry take over the remaining attempts. p-retry's own
 * timers are zero: the delay is computed here (Retry-After or backoff) and slept in `shouldRetry`,
 * so it is abortable.
 */
export async function withRetries<T>(attempt: (attemptNumber: number) => Promise<T>, options: RetryRunOptions): Promise<T> {
  let upstreamFailures = 0;
  let rateLimitedRetries = 0;
  let transientRetries = 0;
  const signal = options.signal;
  /** Decides on a failed attempt, and waits before the next one when it will be retried. */
  const shouldRetry = async (error: Error, attemptNumber: number): Promise<boolean> => {
    if (signal?.aborted) return false;
    if (error instanceof UpstreamError) upstreamFailures++;
    const decision = retryDecision(error, options.endpoint, upstreamFailures);
    if (!decision.retry) return false;
    let delayMs: number;
    if (decision.kind === 'rate-limited') {
      rateLimitedRetries++;
      const asked = (error as RateLimitError).retryAfterMs;
      delayMs =
        asked !== undefined
          ? Math.min(asked, options.maxRetryAfterMs)
          : backoffDelay(rateLimitedRetries, Math.max(options.baseDelayMs, 1000), options.maxRetryAfterMs);
    } else {
      transientRetries++;
      delayMs = backoffDelay(transientRetries, options.baseDelayMs, options.maxDelayMs);
    }
    options.onRetry({ error, attempt: attemptNumber, delayMs, kind: decision.kind });
    await sleep(delayMs, signal);
    return true;
  };
  const settle = (error: unknown): never => {
    if (signal?.aborted && !(error instanceof FarewayError)) throw signal.reason;
    throw error;
  };

  const retries = Math.max(0, options.maxRetries);
  try {
    signal?.throwIfAborted();
    const result = await attempt(1);
    signal?.throwIfAborted();
    return result;
  } catch (first) {
    // As p-retry would: a non-Error is not retried (nor is anything but Fareway's classes: retryDecision).
    if (retries === 0 || !(first instanceof Error) || signal?.aborted) return settle(first);
    const again = await shouldRetry(first, 1).catch(settle);
    if (!again) return settle(first);
  }
  return pRetry((n) => attempt(n + 1), {
    retries: retries - 1,
    minTimeout: 0,
    maxTimeout: 0,
    factor: 1,
    signal,
    shouldRetry: ({ error, attemptNumber }) => shouldRetry(error, attemptNumber + 1),
  }).catch(settle);
}
