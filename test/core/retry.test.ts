import { describe, expect, it } from 'vitest';
import { poll, withRetries, type RetryRunOptions } from '../../src/core/call/retry.js';
import { APIConnectionError, InternalServerError, RateLimitError, UpstreamError } from '../../src/index.js';

// withRetries: every attempt runs under p-retry; what is retried is the failure table's answer.
function options(extra: Partial<RetryRunOptions> = {}) {
  const retries: Array<{ attempt: number; name: string; kind: string }> = [];
  const opts: RetryRunOptions = {
    endpoint: 'retrieve',
    maxRetries: 2,
    baseDelayMs: 1,
    maxDelayMs: 2,
    maxRetryAfterMs: 5,
    onRetry: ({ error, attempt, kind }) => retries.push({ attempt, name: error.name, kind }),
    ...extra,
  };
  return { opts, retries };
}

/** An attempt function failing with the given errors in turn, then answering `ok`. */
function script(...errors: Error[]) {
  const attempts: number[] = [];
  const fn = async (n: number) => {
    attempts.push(n);
    const error = errors[n - 1];
    if (error) throw error;
    return 'ok';
  };
  return { fn, attempts };
}

const conn = () => new APIConnectionError('GET /x to h failed: reset (ECONNRESET)');
const s500 = () => new InternalServerError({ status: 500 });
const s502 = () => new UpstreamError({ status: 502 });
const s429 = () => new RateLimitError({ status: 429, headers: { 'retry-after': '0' } });

describe('withRetries', () => {
  it('a first success runs one attempt and retries nothing', async () => {
    const { fn, attempts } = script();
    const { opts, retries } = options();
    await expect(withRetries(fn, opts)).resolves.toBe('ok');
    expect(attempts).toEqual([1]);
    expect(retries).toEqual([]);
  });

  it('retries transient failures with attempt numbers 1, 2, 3 and reports each retry', async () => {
    const { fn, attempts } = script(conn(), s500());
    const { opts, retries } = options();
    await expect(withRetries(fn, opts)).resolves.toBe('ok');
    expect(attempts).toEqual([1, 2, 3]);
    expect(retries).toEqual([
      { attempt: 1, name: 'APIConnectionError', kind: 'transient' },
      { attempt: 2, name: 'InternalServerError', kind: 'transient' },
    ]);
  });

  it('gives up after maxRetries with the last error', async () => {
    const last = s500();
    const { fn, attempts } = script(conn(), conn(), last);
    const { opts } = options();
    await expect(withRetries(fn, opts)).rejects.toBe(last);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('maxRetries 0 throws the first failure as is', async () => {
    const first = conn();
    const { fn, attempts } = script(first);
    await expect(withRetries(fn, options({ maxRetries: 0 }).opts)).rejects.toBe(first);
    expect(attempts).toEqual([1]);
  });

  it('a 502 is retried once, a second 502 is not', async () => {
    const { fn, attempts } = script(s502(), s502());
    await expect(withRetries(fn, options({ maxRetries: 5 }).opts)).rejects.toBeInstanceOf(UpstreamError);
    expect(attempts).toEqual([1, 2]);
  });

  it('book is never retried except after a 429', async () => {
    const a = script(conn());
    await expect(withRetries(a.fn, options({ endpoint: 'book' }).opts)).rejects.toBeInstanceOf(
      APIConnectionError,
    );
    expect(a.attempts).toEqual([1]);
    const b = script(s429());
    const { opts, retries } = options({ endpoint: 'book' });
    await expect(withRetries(b.fn, opts)).resolves.toBe('ok');
    expect(retries.map((r) => r.kind)).toEqual(['rate-limited']);
  });

  it('a non-Fareway error is not retried', async () => {
    const boom = new TypeError('boom');
    const { fn, attempts } = script(boom);
    await expect(withRetries(fn, options().opts)).rejects.toBe(boom);
    expect(attempts).toEqual([1]);
  });

  it('a pre-aborted signal rejects with its reason and runs nothing', async () => {
    const reason = new Error('gave up');
    const { fn, attempts } = script();
    await expect(withRetries(fn, options({ signal: AbortSignal.abort(reason) }).opts)).rejects.toBe(reason);
    expect(attempts).toEqual([]);
  });

  it('an abort during the backoff rejects with the signal’s reason', async () => {
    const controller = new AbortController();
    const { fn, attempts } = script(conn(), conn());
    const { opts } = options({ signal: controller.signal, baseDelayMs: 60_000, maxDelayMs: 60_000 });
    const call = withRetries(fn, opts);
    setTimeout(() => controller.abort(new Error('stop')), 10);
    await expect(call).rejects.toThrow('stop');
    expect(attempts).toEqual([1]);
  });
});

describe('withRetries: 429s', () => {
  it('count towards maxRetries and wait their Retry-After', async () => {
    const wait = new RateLimitError({ status: 429, headers: { 'retry-after': '0.05' } });
    const { fn, attempts } = script(wait, wait, wait);
    const { opts, retries } = options({ maxRetryAfterMs: 1_000 });
    const started = performance.now();
    await expect(withRetries(fn, opts)).rejects.toBe(wait);
    expect(attempts).toEqual([1, 2, 3]);
    expect(retries.map((r) => r.kind)).toEqual(['rate-limited', 'rate-limited']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
  });
});

describe('poll (reconcile reads)', () => {
  it('returns the first settled look', async () => {
    const seen: number[] = [];
    const found = await poll(async (n) => (seen.push(n), n === 3 ? 'done' : undefined), {
      firstDelayMs: 1,
      maxDelayMs: 2,
    });
    expect(found).toBe('done');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('gives undefined when the looks run out', async () => {
    let looks = 0;
    expect(
      await poll(async () => void looks++, { looks: 3, firstDelayMs: 1, maxDelayMs: 1 }),
    ).toBeUndefined();
    expect(looks).toBe(3);
  });

  it('starts no look after the window, and tells each look the time left', async () => {
    const left: number[] = [];
    const started = performance.now();
    expect(
      await poll(async (_n, remainingMs) => void left.push(remainingMs), {
        windowMs: 100,
        firstDelayMs: 20,
        maxDelayMs: 40,
      }),
    ).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(400);
    expect(left.length).toBeGreaterThanOrEqual(2);
    expect(left.every((ms) => ms > 0 && ms <= 100)).toBe(true);
  });

  it('a look that throws stops with its value, untouched (not an Error too)', async () => {
    const stop = new InternalServerError({ status: 500 });
    await expect(poll(async () => Promise.reject(stop), { firstDelayMs: 1, maxDelayMs: 1 })).rejects.toBe(
      stop,
    );
    await expect(poll(async () => Promise.reject('plain'), { firstDelayMs: 1, maxDelayMs: 1 })).rejects.toBe(
      'plain',
    );
  });

  it('an abort during the wait rejects at once with the signal’s reason', async () => {
    const controller = new AbortController();
    const call = poll(async () => undefined, {
      firstDelayMs: 60_000,
      maxDelayMs: 60_000,
      signal: controller.signal,
    });
    const reason = new Error('stop');
    setTimeout(() => controller.abort(reason), 10);
    const started = performance.now();
    await expect(call).rejects.toBe(reason);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
