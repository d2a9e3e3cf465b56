import { describe, expect, it } from 'vitest';
import { createLimiter, defaultMarginMs, type Bucket, type Limiter } from '../../src/core/limiter/limiter.ts';
import { parseRateLimits, type RateLimitOptions } from '../../src/core/options/options.ts';
import { ConfigurationError } from '../../src/errors.ts';
import { maxInAnyWindow, runTsChild } from '../helpers/redis.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Schedules a call that records when it was sent. */
function recorder(limiter: Limiter, bucket: Bucket = 'search') {
  const starts: number[] = [];
  const call = (signal?: AbortSignal, label?: string, order?: string[]) =>
    limiter.schedule(
      bucket,
      async () => {
        starts.push(performance.now());
        if (label !== undefined) order?.push(label);
        return label;
      },
      { signal },
    );
  return { starts, call };
}

/** The three buckets of `rateLimits` as the limiter runs them. */
function buckets(options: RateLimitOptions | false | undefined) {
  const parsed = parseRateLimits(options);
  return { search: parsed.search, book: parsed.book, other: parsed.other };
}

describe('rateLimits (parsed by its schema)', () => {
  it('applies the spec defaults: search 60, book 30, other 120 per minute', () => {
    expect(buckets(undefined)).toEqual({
      search: { limit: 60, windowMs: 60_000 },
      book: { limit: 30, windowMs: 60_000 },
      other: { limit: 120, windowMs: 60_000 },
    });
  });

  it('accepts numbers per minute, { limit, windowMs } and false', () => {
    expect(buckets({ search: 10, book: { limit: 3, windowMs: 1000 }, other: false })).toEqual({
      search: { limit: 10, windowMs: 60_000 },
      book: { limit: 3, windowMs: 1000 },
      other: false,
    });
    expect(buckets(false)).toEqual({ search: false, book: false, other: false });
  });

  it('rejects a non-positive or fractional limit with a ConfigurationError naming the bucket', () => {
    expect(() => buckets({ search: 0 })).toThrow(ConfigurationError);
    expect(() => buckets({ search: 0 })).toThrow(
      /`rateLimits\.search`: must be a whole number >= 1 \(requests per minute\)/,
    );
    expect(() => buckets({ book: { limit: 1.5, windowMs: 1000 } })).toThrow(
      /`rateLimits\.book\.limit`: must be a whole number >= 1/,
    );
    expect(() => buckets({ other: { limit: 1, windowMs: -1 } })).toThrow(
      /`rateLimits\.other\.windowMs`: must be a finite number > 0/,
    );
    expect(() => createLimiter('key', { search: '60' as never })).toThrow(ConfigurationError);
  });

  it('refuses a window or a Redis timeout a timer cannot hold (2³¹−1 ms)', () => {
    expect(() => buckets({ search: { limit: 1, windowMs: 2 ** 31 } })).toThrow(
      /`rateLimits\.search\.windowMs`: .*at most 2147483647/,
    );
    expect(() => buckets({ connectTimeoutMs: 3e9 })).toThrow(/`rateLimits\.connectTimeoutMs`/);
    expect(buckets({ search: { limit: 1, windowMs: 2 ** 31 - 1 } })).toMatchObject({
      search: { windowMs: 2 ** 31 - 1 },
    });
  });

  it('names an unknown setting with a hint', () => {
    expect(() => buckets({ serach: 10 } as never)).toThrow(
      /`rateLimits\.serach`: unknown option — did you mean search\?/,
    );
  });

  it('defaults the margin (the cap on the wait for a slow answer) to 1 s, or 25% of a short window', () => {
    expect(defaultMarginMs(60_000)).toBe(1000);
    expect(defaultMarginMs(300)).toBe(75);
  });
});

describe('createLimiter (local)', () => {
  it('never lets more than limit calls start in any sliding window', async () => {
    const limiter = createLimiter('key', { search: { limit: 5, windowMs: 300 } });
    const { starts, call } = recorder(limiter);
    const calls = Array.from({ length: 17 }, () => call());
    await sleep(130);
    calls.push(...Array.from({ length: 4 }, () => call()));
    await sleep(170);
    calls.push(...Array.from({ length: 3 }, () => call()));
    await Promise.all(calls);
    expect(starts).toHaveLength(24);
    expect(maxInAnyWindow(starts, 300)).toBeLessThanOrEqual(5);
    await limiter.close();
  });

  it('lets an idle limiter send a full burst at once', async () => {
    const limiter = createLimiter('key', { search: { limit: 5, windowMs: 300 } });
    const { starts, call } = recorder(limiter);
    const calls = Array.from({ length: 8 }, () => call());
    // Started before any token could have come back: the whole budget, no more.
    expect(starts).toHaveLength(5);
    await Promise.all(calls);
    expect(starts).toHaveLength(8);
    await limiter.close();
  });

  it('keeps the buckets independent', async () => {
    const limiter = createLimiter('key', {
      search: { limit: 2, windowMs: 10_000 },
      book: { limit: 2, windowMs: 10_000 },
    });
    const search = recorder(limiter, 'search');
    const book = recorder(limiter, 'book');
    const waiting = [search.call(), search.call(), search.call()];
    void waiting[2]?.catch(() => undefined);
    await Promise.all([book.call(), book.call(), waiting[0], waiting[1]]);
    expect(search.starts).toHaveLength(2);
    expect(book.starts).toHaveLength(2);
    await limiter.close();
    await expect(waiting[2]).rejects.toMatchObject({ code: 'LIMITER_CLOSED' });
  });

  it('runs calls of a bucket set to false immediately, and reports mode off when all are off', async () => {
    const limiter = createLimiter('key', { search: { limit: 1, windowMs: 10_000 }, book: false });
    const { starts, call } = recorder(limiter, 'book');
    await Promise.all(Array.from({ length: 50 }, () => call()));
    expect(starts).toHaveLength(50);
    expect(limiter.mode).toBe('local');
    await limiter.close();

    const off = createLimiter('key', false);
    await off.ready();
    expect(off.mode).toBe('off');
    await expect(off.schedule('search', async () => 'ran')).resolves.toBe('ran');
    await off.close();
  });

  it('takes an aborted call out of the queue with the signal reason, without spending a token', async () => {
    const limiter = createLimiter('key', { search: { limit: 2, windowMs: 300 } });
    const order: string[] = [];
    const { starts, call } = recorder(limiter);
    await Promise.all([call(undefined, 'a1', order), call(undefined, 'a2', order)]);
    const controller = new AbortController();
    const aborted = call(controller.signal, 'aborted', order);
    const c = call(undefined, 'c', order);
    const d = call(undefined, 'd', order);
    const reason = new Error('caller gave up');
    controller.abort(reason);
    await expect(aborted).rejects.toBe(reason);
    await Promise.all([c, d]);
    expect(order).toEqual(['a1', 'a2', 'c', 'd']);
    // c and d both got the two tokens returned together: the aborted call spent none.
    expect((starts[3] as number) - (starts[2] as number)).toBeLessThan(300);
    await expect(call(AbortSignal.abort('already'))).rejects.toBe('already');
    await limiter.close();
  });

  it('rejects beyond maxQueue with onQueueFull, or a coded error by default', async () => {
    const limiter = createLimiter('key', { search: { limit: 1, windowMs: 10_000 }, maxQueue: 2 });
    const { call } = recorder(limiter);
    const held = [call(), call(), call()];
    for (const p of held) void p.catch(() => undefined);
    await expect(call()).rejects.toMatchObject({ code: 'RATE_LIMIT_QUEUE_FULL' });
    await limiter.close();

    const custom = createLimiter('key', {
      book: { limit: 1, windowMs: 10_000 },
      maxQueue: 0,
      onQueueFull: (bucket, max) => new RangeError(`${bucket} ${max}`),
    });
    await custom.schedule('book', async () => 1);
    await expect(custom.schedule('book', async () => 2)).rejects.toThrow(new RangeError('book 0'));
    await custom.close();
  });

  it('holds queued calls during a pause, extending but never shortening it, and keeps their order', async () => {
    const limiter = createLimiter('key', { other: { limit: 10, windowMs: 300 } });
    const order: string[] = [];
    const { starts, call } = recorder(limiter, 'other');
    await call(undefined, 'before', order);
    const pausedAt = performance.now();
    limiter.pause('other', 200);
    limiter.pause('other', 50);
    const calls = [call(undefined, 'p1', order), call(undefined, 'p2', order), call(undefined, 'p3', order)];
    await sleep(20);
    expect(order).toEqual(['before']);
    await Promise.all(calls);
    expect(order).toEqual(['before', 'p1', 'p2', 'p3']);
    for (const t of starts.slice(1)) expect(t - pausedAt).toBeGreaterThanOrEqual(198);
    await limiter.close();
  });

  it('holds a pause or a window as long as a timer can (2³¹−1 ms) without a TimeoutOverflowWarning', async () => {
    const warnings: string[] = [];
    const listener = (warning: Error) => warnings.push(warning.name);
    process.on('warning', listener);
    try {
      const limiter = createLimiter('key', {
        other: { limit: 1, windowMs: 2 ** 31 - 1 },
        search: { limit: 5, windowMs: 1000 },
      });
      await limiter.schedule('other', async () => 'sent'); // its token comes back 2³¹−1 ms (+ margin) later
      limiter.pause('search', 2 ** 31 - 1);
      const held = limiter.schedule('search', async () => 'held');
      const waiting = limiter.schedule('other', async () => 'waiting');
      await sleep(30);
      await limiter.close();
      await expect(held).rejects.toMatchObject({ code: 'LIMITER_CLOSED' });
      await expect(waiting).rejects.toMatchObject({ code: 'LIMITER_CLOSED' });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listener);
    }
    expect(warnings).toEqual([]);
  });

  it('rejects queued calls on close() and rejects new ones after it', async () => {
    const limiter = createLimiter('key', { search: { limit: 1, windowMs: 60_000 } });
    await limiter.schedule('search', async () => 1);
    const queued = limiter.schedule('search', async () => 2);
    await limiter.close();
    await expect(queued).rejects.toMatchObject({ code: 'LIMITER_CLOSED' });
    await expect(limiter.schedule('search', async () => 3)).rejects.toMatchObject({ code: 'LIMITER_CLOSED' });
  });

  it('lets the process exit by itself after close()', async () => {
    const child = await runTsChild('test/redis/close-child.ts');
    expect(child.code, child.stderr).toBe(0);
    expect(JSON.parse(child.stdout)).toEqual({ ran: 5, rejected: 15, codes: ['LIMITER_CLOSED'] });
  });
});
