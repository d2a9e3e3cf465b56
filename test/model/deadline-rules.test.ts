/**
 * Deadline rules a fare decision rests on (issue 33): `earliest` is the one that passes first
 * whatever the order it is given in (the round-trip fare rules' window), and a cancelled
 * `onExpire` never fires — not from its timer, not from the microtask of an already-past deadline.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Deadline, type DeadlineClock } from '../../src/model/deadline.js';

afterEach(() => {
  vi.useRealTimers();
});

function manualClock(start = 1_000): DeadlineClock & { t: number } {
  const c = { t: start, now: () => c.t };
  return c;
}

describe('Deadline.earliest', () => {
  it('picks the one that passes first, wherever it stands in the list', () => {
    const clock = manualClock();
    const soon = Deadline.in(1_000, { clock });
    const later = Deadline.in(5_000, { clock });
    const latest = Deadline.in(9_000, { clock });
    expect(Deadline.earliest(soon, later, latest)).toBe(soon);
    expect(Deadline.earliest(later, soon, latest)).toBe(soon);
    expect(Deadline.earliest(latest, later, soon)).toBe(soon);
    expect(Deadline.earliest(undefined, later, undefined, latest)).toBe(later);
    expect(Deadline.earliest(later)).toBe(later);
    expect(Deadline.earliest()).toBeUndefined();
  });

  it('compares what is left on each deadline’s own clock, not when it was made', () => {
    const a = manualClock(0);
    const b = manualClock(100_000);
    // Made first on a clock far behind: 3 s left. Made on another clock: 2 s left.
    const three = Deadline.in(3_000, { clock: a });
    const two = Deadline.in(2_000, { clock: b });
    expect(Deadline.earliest(three, two)).toBe(two);
    expect(Deadline.earliest(two, three)).toBe(two);
  });

  it('of two that pass at the same time, keeps the first given', () => {
    const clock = manualClock();
    const first = Deadline.in(4_000, { clock });
    const second = Deadline.in(4_000, { clock });
    expect(Deadline.earliest(first, second)).toBe(first);
  });
});

describe('onExpire after cancel', () => {
  it('an already-past deadline cancelled before its microtask never calls back', async () => {
    const clock = manualClock();
    const cb = vi.fn();
    const cancel = Deadline.in(-1, { clock }).onExpire(cb);
    cancel();
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(cb).not.toHaveBeenCalled();
  });

  it('a deadline reached with marginMs, cancelled before its microtask, never calls back', async () => {
    const clock = manualClock();
    const cb = vi.fn();
    const cancel = Deadline.in(2_000, { clock }).onExpire(cb, { marginMs: 5_000 });
    cancel();
    await new Promise((resolve) => setImmediate(resolve));
    expect(cb).not.toHaveBeenCalled();
  });

  it('cancelled while its timer is armed: the timer is cleared and the callback never runs', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const clock = { now: () => Date.now() };
    const cb = vi.fn();
    const cancel = Deadline.in(1_000, { clock }).onExpire(cb);
    expect(vi.getTimerCount()).toBe(1);
    cancel();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(cb).not.toHaveBeenCalled();
  });

  it('fires once only, even when re-armed past its time', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const clock = { now: () => Date.now() };
    const cb = vi.fn();
    Deadline.in(1_000, { clock }).onExpire(cb);
    vi.advanceTimersByTime(1_000);
    vi.advanceTimersByTime(60_000);
    expect(cb).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('Deadline.in and what a deadline says', () => {
  it('defaults to an offer counted from a reported window; estimated ones are the fallback', () => {
    const clock = manualClock();
    expect(Deadline.in(1_000, { clock })).toMatchObject({
      kind: 'offer',
      basis: 'remaining_seconds',
      estimated: false,
    });
    expect(Deadline.in(1_000, { clock, kind: 'lock', estimated: true })).toMatchObject({
      kind: 'lock',
      basis: 'fallback',
      estimated: true,
    });
  });

  it('expiresAt counts from receivedAt, not from now', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T06:00:00Z'));
    const clock = manualClock(50_000);
    const d = Deadline.in(5_000, { clock, receivedAt: 48_000 });
    expect(d.expiresAt.toISOString()).toBe('2026-12-01T06:00:03.000Z');
    expect(d.remainingMs()).toBe(3_000);
  });

  it('"expired" for the first second after, then "expired N s ago"', () => {
    const clock = manualClock();
    const d = Deadline.in(0, { clock });
    clock.t += 999;
    expect(d.toString()).toBe('expired');
    clock.t += 1;
    expect(d.toString()).toBe('expired 1 s ago');
    clock.t += 2 * 3_600_000;
    expect(d.toString()).toBe('expired 2 h ago');
  });

  it('hours with minutes are told as both ("1 h 5 min"), whole hours as hours', () => {
    const clock = manualClock();
    const d = Deadline.in(3_900_000, { clock });
    expect(d.toString()).toBe('expires in 1 h 5 min');
    clock.t += 300_000;
    expect(d.toString()).toBe('expires in 1 h');
  });

  it('its local refusal carries the deadline and the caller’s context', () => {
    const clock = manualClock();
    const error = Deadline.in(-5_000, { clock, kind: 'lock' }).expiredError({ booking_id: 'b-1' });
    expect(error.context).toMatchObject({ booking_id: 'b-1', deadline: { kind: 'lock', remainingMs: 0 } });
  });
});
