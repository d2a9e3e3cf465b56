/**
 * The waits of a 429 (issue 33): measured on fake timers and by what `onRetry` is told, never on
 * the wall clock. A 429 waits the service's Retry-After exactly (capped at maxRetryAfterMs);
 * without one, full jitter in [d/2, d] with d = max(baseDelayMs, 1 s)·2^(n-1), capped; an abort
 * during that wait ends it at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withRetries, type RetryRunOptions } from '../../src/core/call/retry.js';
import { APIConnectionError, RateLimitError } from '../../src/index.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const limited = (retryAfter?: string) =>
  new RateLimitError({ status: 429, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });

/** Fails with each error in turn, then answers 'ok'; records the attempts. */
function script(errors: Error[]) {
  const attempts: number[] = [];
  const fn = async (n: number) => {
    attempts.push(n);
    const error = errors[n - 1];
    if (error) throw error;
    return 'ok';
  };
  return { fn, attempts };
}

function run(errors: Error[], extra: Partial<RetryRunOptions> = {}) {
  const { fn, attempts } = script(errors);
  const delays: number[] = [];
  const opts: RetryRunOptions = {
    endpoint: 'retrieve',
    maxRetries: 10,
    baseDelayMs: 200,
    maxDelayMs: 400,
    maxRetryAfterMs: 60_000,
    onRetry: ({ delayMs, kind }) => {
      expect(kind).toBe('rate-limited');
      delays.push(delayMs);
    },
    ...extra,
  };
  let settled = false;
  const result = withRetries(fn, opts).finally(() => {
    settled = true;
  });
  result.catch(() => undefined);
  return { result, attempts, delays, settled: () => settled };
}

describe('a 429 with Retry-After', () => {
  it('waits exactly the Retry-After: not one millisecond less, then sends again', async () => {
    vi.useFakeTimers({ fakeNodeBuiltins: true });
    const r = run([limited('7')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(r.delays).toEqual([7_000]);
    expect(r.attempts).toEqual([1]);
    await vi.advanceTimersByTimeAsync(6_999);
    expect(r.attempts).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(r.result).resolves.toBe('ok');
    expect(r.attempts).toEqual([1, 2]);
  });

  it('waits at most maxRetryAfterMs', async () => {
    vi.useFakeTimers({ fakeNodeBuiltins: true });
    const r = run([limited('120')], { maxRetryAfterMs: 30_000 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(r.attempts).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(r.result).resolves.toBe('ok');
    expect(r.delays).toEqual([30_000]);
  });

  it('does not draw a random wait when the service said how long', async () => {
    vi.useFakeTimers({ fakeNodeBuiltins: true });
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    const r = run([limited('3'), limited('3')]);
    await vi.runAllTimersAsync();
    await expect(r.result).resolves.toBe('ok');
    expect(r.delays).toEqual([3_000, 3_000]);
    random.mockRestore();
  });
});

describe('a 429 without Retry-After: full jitter, doubling, a 1 s floor, the cap', () => {
  async function delaysWith(random: number, errors: number, extra: Partial<RetryRunOptions> = {}) {
    vi.useFakeTimers({ fakeNodeBuiltins: true });
    vi.spyOn(Math, 'random').mockReturnValue(random);
    const r = run(
      Array.from({ length: errors }, () => limited()),
      extra,
    );
    await vi.runAllTimersAsync();
    await expect(r.result).resolves.toBe('ok');
    expect(r.attempts).toHaveLength(errors + 1);
    return r.delays;
  }

  it('the ceiling doubles from max(base, 1 s) up to maxRetryAfterMs (random 1: the ceiling)', async () => {
    expect(await delaysWith(1, 5, { baseDelayMs: 200, maxRetryAfterMs: 5_000 })).toEqual([
      1_000, 2_000, 4_000, 5_000, 5_000,
    ]);
  });

  it('never below half the ceiling (random 0)', async () => {
    expect(await delaysWith(0, 4, { baseDelayMs: 200, maxRetryAfterMs: 5_000 })).toEqual([
      500, 1_000, 2_000, 2_500,
    ]);
  });

  it('in between, d/2 + random·d/2, rounded to whole milliseconds', async () => {
    expect(await delaysWith(0.5, 2, { baseDelayMs: 200, maxRetryAfterMs: 60_000 })).toEqual([750, 1_500]);
    vi.restoreAllMocks();
    expect(await delaysWith(0.0003, 1, { baseDelayMs: 200 })).toEqual([500]);
  });

  it('a base above the floor is the first ceiling', async () => {
    expect(await delaysWith(1, 2, { baseDelayMs: 3_000 })).toEqual([3_000, 6_000]);
  });

  it('429s count apart from transient failures (the doubling follows the 429s only)', async () => {
    vi.useFakeTimers({ fakeNodeBuiltins: true });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const { fn } = script([new APIConnectionError('reset'), limited(), limited()]);
    const delays: number[] = [];
    const result = withRetries(fn, {
      endpoint: 'retrieve',
      maxRetries: 5,
      baseDelayMs: 200,
      maxDelayMs: 400,
      maxRetryAfterMs: 60_000,
      onRetry: ({ delayMs, kind }) => {
        if (kind === 'rate-limited') delays.push(delayMs);
      },
    });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('ok');
    expect(delays).toEqual([1_000, 2_000]);
  });
});

describe('an abort during a 429 pause', () => {
  it('ends the wait at once with the signal’s reason; nothing more is sent', async () => {
    vi.useFakeTimers({ fakeNodeBuiltins: true });
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const r = run([limited('60')], { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.delays).toEqual([60_000]);
    expect(r.settled()).toBe(false);
    controller.abort(reason);
    // No timer is advanced: only the abort can end the 60 s wait.
    for (let i = 0; i < 20 && !r.settled(); i++) await Promise.resolve();
    expect(r.settled()).toBe(true);
    await expect(r.result).rejects.toBe(reason);
    expect(r.attempts).toEqual([1]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
