import pRetry, { AbortError } from 'p-retry';
import { setTimeout as wait } from 'node:timers/promises';
import { FarewayError, type RateLimitError } from '../../errors.js';
import { classifyFailure } from '../wire/failure.js';
import type { Endpoint } from '../options/options.js';

/**
 * p-retry runs every repeated attempt and every reconcile poll of the SDK: `withRetries` (the
 * requester's attempts) and `poll` (book's retrieves, create's listings, create's one re-send).
 * Whether a failure may be retried is the failure table's answer (failure.ts), never decided here.
 */

export interface RetryRunOptions {
  endpoint: Endpoint;
  maxRetries: number;
  signal?: AbortSignal | undefined;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  /**
   * Asked before re-sending after an attempt that may have reached the service (a 429 or a
   * failure before sending never asks): false keeps that attempt's error (reprice reads the fare
   * first, resources/reprice.ts).
   */
  beforeResend?: (error: Error) => Promise<boolean>;
  /** Called before each retry's wait; may pause the limiter. */
  onRetry(info: { error: Error; attempt: number; delayMs: number; kind: 'rate-limited' | 'transient' }): void;
}

/** A 429's wait: the service's Retry-After (capped), else full jitter in [d/2, d], d = max(base, 1 s)·2^(n-1) capped. */
function rateLimitDelay(error: RateLimitError, retryNumber: number, options: RetryRunOptions): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, options.maxRetryAfterMs);
  const ceiling = Math.min(
    options.maxRetryAfterMs,
    Math.max(options.baseDelayMs, 1000) * 2 ** (retryNumber - 1),
  );
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/**
 * Runs `attempt` under p-retry. Transient failures wait p-retry's own full-jitter backoff: a random
 * delay in [d/2, d] with d = base·2^(n-1), capped at maxDelayMs (minTimeout base/2, factor 2,
 * randomize). A 429 consumes no backoff step: it waits the service's Retry-After instead. Every
 * retry, 429s included, counts towards maxRetries. An abort rejects at once with the signal's reason.
 */
export async function withRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryRunOptions,
): Promise<T> {
  const { signal, endpoint } = options;
  const maxRetries = Math.max(0, options.maxRetries);
  // Each `once` kind re-sends at most once per call, apart from the other (failure.ts).
  let upstreamRetried = false;
  let cutRetried = false;
  let rateLimited = 0;
  try {
    return await pRetry(attempt, {
      retries: maxRetries,
      minTimeout: options.baseDelayMs / 2,
      factor: 2,
      maxTimeout: options.maxDelayMs,
      randomize: true,
      signal,
      shouldConsumeRetry: ({ error }) => !(classifyFailure(error, endpoint).retry === 'rate-limited'),
      shouldRetry: async ({ error, attemptNumber, retryDelay }) => {
        if (attemptNumber > maxRetries) return false;
        const { retry } = classifyFailure(error, endpoint);
        if (retry === 'once') {
          if (upstreamRetried) return false;
          upstreamRetried = true;
        } else if (retry === 'once-cut') {
          if (cutRetried) return false;
          cutRetried = true;
        } else if (retry === 'rate-limited') {
          const delayMs = rateLimitDelay(error as RateLimitError, ++rateLimited, options);
          options.onRetry({ error, attempt: attemptNumber, delayMs, kind: 'rate-limited' });
          await wait(delayMs, undefined, { signal });
          return true;
        } else if (retry !== 'backoff') return false;
        if (
          options.beforeResend &&
          classifyFailure(error, endpoint).sent !== 'no' &&
          !(await options.beforeResend(error))
        )
          return false;
        options.onRetry({ error, attempt: attemptNumber, delayMs: retryDelay, kind: 'transient' });
        return true;
      },
    });
  } catch (error) {
    throw signal?.aborted && !(error instanceof FarewayError) ? signal.reason : error;
  }
}

/** A look's "not settled yet: look again". */
class NotYet extends Error {}
/** Carries what a look threw (any value) through p-retry, untouched. */
class Stop extends Error {
  constructor(readonly thrown: unknown) {
    super('poll stopped');
  }
}

interface PollOptions {
  /** Looks at most (default: until `windowMs` ends). */
  looks?: number;
  /** No look starts later than this after the first. */
  windowMs?: number;
  /** The wait after the first look; it doubles after each, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  signal?: AbortSignal | undefined;
}

/**
 * Repeats `look` under p-retry until it returns a value, then returns it; `undefined` when the
 * looks or the window ran out first. `look` returns `undefined` to look again and throws to stop
 * with its error. It is told the look's number and the window's remaining time.
 */
export async function poll<T>(
  look: (n: number, remainingMs: number) => Promise<T | undefined>,
  options: PollOptions,
): Promise<T | undefined> {
  const started = performance.now();
  const windowMs = options.windowMs ?? Infinity;
  try {
    return await pRetry(
      async (n) => {
        const remainingMs = windowMs - (performance.now() - started);
        if (remainingMs <= 0) throw new AbortError(new NotYet());
        let found: T | undefined;
        try {
          found = await look(n, remainingMs);
        } catch (error) {
          throw new AbortError(new Stop(error));
        }
        if (found === undefined) throw new NotYet();
        return found;
      },
      {
        retries: (options.looks ?? Infinity) - 1,
        minTimeout: options.firstDelayMs,
        factor: 2,
        maxTimeout: options.maxDelayMs,
        maxRetryTime: windowMs,
        signal: options.signal,
      },
    );
  } catch (error) {
    if (error instanceof NotYet) return undefined;
    throw error instanceof Stop ? error.thrown : error;
  }
}
