import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLimiter, type Limiter, type Ticket } from '../../src/core/limiter/limiter.ts';

// A fake clock (timers and performance.now()): these tests check *when* a token comes back as
// logic, not as a measurement.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'queueMicrotask'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A call whose ticket and completion the test drives. */
function controlled(limiter: Limiter) {
  let ticket!: Ticket;
  let finish!: () => void;
  let started = false;
  const done = limiter.schedule('search', (t) => {
    ticket = t;
    started = true;
    return new Promise<void>((resolve) => (finish = resolve));
  });
  return {
    done,
    get ticket() {
      return ticket;
    },
    get started() {
      return started;
    },
    finish: () => finish(),
  };
}

async function at(ms: number) {
  await vi.advanceTimersByTimeAsync(ms - performance.now());
}

describe('createLimiter tickets (local)', () => {
  const options = { search: { limit: 1, windowMs: 1000 }, marginMs: 100 };

  it('gives a token back one window after the answer arrived', async () => {
    const limiter = createLimiter('key', options);
    const t0 = performance.now();
    const a = controlled(limiter);
    const b = controlled(limiter);
    expect(a.started).toBe(true);
    await at(t0 + 30);
    a.ticket.answered(t0 + 30);
    a.finish();
    await at(t0 + 1029);
    expect(b.started).toBe(false);
    await at(t0 + 1032);
    expect(b.started).toBe(true);
    b.finish();
    await Promise.all([a.done, b.done]);
    await limiter.close();
  });

  it('caps the wait for a slow answer at sent + marginMs', async () => {
    const limiter = createLimiter('key', options);
    const t0 = performance.now();
    const a = controlled(limiter);
    const b = controlled(limiter);
    a.ticket.sent(t0 + 10);
    await at(t0 + 1109);
    expect(b.started).toBe(false);
    await at(t0 + 1112); // sent + margin + window, long before the answer
    expect(b.started).toBe(true);
    a.ticket.answered(t0 + 1500);
    a.finish();
    b.finish();
    await Promise.all([a.done, b.done]);
    await limiter.close();
  });

  it('uses the answer when it comes before sent + marginMs', async () => {
    const limiter = createLimiter('key', options);
    const t0 = performance.now();
    const a = controlled(limiter);
    const b = controlled(limiter);
    a.ticket.sent(t0);
    await at(t0 + 40);
    a.ticket.answered(t0 + 40);
    a.finish();
    await at(t0 + 1039);
    expect(b.started).toBe(false);
    await at(t0 + 1042);
    expect(b.started).toBe(true);
    b.finish();
    await Promise.all([a.done, b.done]);
    await limiter.close();
  });

  it('gives the token back at once when the request never reached the wire', async () => {
    const limiter = createLimiter('key', options);
    const a = controlled(limiter);
    const b = controlled(limiter);
    a.ticket.notSent();
    await vi.advanceTimersByTimeAsync(0);
    expect(b.started).toBe(true);
    a.finish();
    b.finish();
    await Promise.all([a.done, b.done]);
    await limiter.close();
  });

  it('holds a token one window from settling when the call reported nothing', async () => {
    const limiter = createLimiter('key', options);
    const t0 = performance.now();
    const a = controlled(limiter);
    const b = controlled(limiter);
    await at(t0 + 500);
    a.finish();
    await a.done;
    await at(t0 + 1499);
    expect(b.started).toBe(false);
    await at(t0 + 1502);
    expect(b.started).toBe(true);
    b.finish();
    await b.done;
    await limiter.close();
  });

  it('holds the token from settling when a call throws without an answer', async () => {
    const limiter = createLimiter('key', options);
    const t0 = performance.now();
    const failed = limiter.schedule('search', async () => {
      throw new Error('boom');
    });
    await expect(failed).rejects.toThrow('boom');
    const b = controlled(limiter);
    await at(t0 + 999);
    expect(b.started).toBe(false);
    await at(t0 + 1002);
    expect(b.started).toBe(true);
    b.finish();
    await b.done;
    await limiter.close();
  });

  it('rejects queued and later calls with the error onClosed builds', async () => {
    class Closed extends Error {}
    const limiter = createLimiter('key', { ...options, onClosed: () => new Closed('client closed') });
    const a = controlled(limiter);
    const queued = limiter.schedule('search', async () => 'never');
    await limiter.close();
    await expect(queued).rejects.toBeInstanceOf(Closed);
    await expect(limiter.schedule('search', async () => 'never')).rejects.toBeInstanceOf(Closed);
    a.finish();
    await a.done;
  });

  it('has no shared lock without Redis', async () => {
    const limiter = createLimiter('key', options);
    await expect(limiter.lock('booking-1', 1000)).resolves.toBeUndefined();
    await expect(limiter.waitUntilFree('booking-1', 1000)).resolves.toBe(true);
    await limiter.close();
  });
});
