import { afterEach, describe, expect, it, vi } from 'vitest';
import { format } from 'date-fns';
import { parseExpiresAt } from '../../src/dates.js';
import { Deadline, FALLBACK_WINDOW_MS, type DeadlineClock } from '../../src/model/deadline.js';
import { FareExpiredLocallyError, isFareExpired } from '../../src/errors.js';

/** A monotonic clock the test moves by hand. */
function manualClock(start = 1_000): DeadlineClock & { t: number } {
  const c = { t: start, now: () => c.t };
  return c;
}

/** `YYYY-MM-DDTHH:mm:ss` in UTC, as the sandbox sends `expires_at`. */
function utcNoZone(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Deadline.fromResponse: basis precedence', () => {
  it('counts remaining_seconds from the moment the response arrived', () => {
    const clock = manualClock(5_000);
    const d = Deadline.fromResponse(
      { remaining_seconds: 300, expires_at: '2000-01-01T00:00:00' },
      { kind: 'offer', clock, receivedAt: 4_000 },
    );
    expect(d.basis).toBe('remaining_seconds');
    expect(d.estimated).toBe(false);
    // 1 s passed between arrival and construction.
    expect(d.remainingMs()).toBe(299_000);
    clock.t += 100_000;
    expect(d.remainingMs()).toBe(199_000);
    expect(Math.abs(d.expiresAt.getTime() - (Date.now() + 299_000))).toBeLessThan(50);
  });

  it('uses expires_at (read as UTC by default) when remaining_seconds is absent', () => {
    const clock = manualClock();
    const at = Date.now() + 240_000;
    const d = Deadline.fromResponse(
      { expires_at: utcNoZone(at), remaining_seconds: null },
      { kind: 'offer', clock },
    );
    expect(d.basis).toBe('expires_at');
    expect(d.estimated).toBe(false);
    expect(d.expiresAt.getTime()).toBe(Math.floor(at / 1000) * 1000);
    expect(Math.abs(d.remainingMs() - 240_000)).toBeLessThan(1_100);
  });

  it("reads a zone-less expires_at in the process's zone with expiresAtZone: 'local'", () => {
    const at = Date.now() + 120_000;
    const local = format(new Date(at), "yyyy-MM-dd'T'HH:mm:ss");
    const d = Deadline.fromResponse(
      { expires_at: local },
      { kind: 'lock', clock: manualClock(), expiresAtZone: 'local' },
    );
    expect(d.expiresAt.getTime()).toBe(Math.floor(at / 1000) * 1000);
    expect(Math.abs(d.remainingMs() - 120_000)).toBeLessThan(1_100);
  });

  it('honours a zone the service might add one day', () => {
    expect(parseExpiresAt('2026-12-01T10:00:00+05:30')?.toISOString()).toBe('2026-12-01T04:30:00.000Z');
    expect(parseExpiresAt('2026-12-01T10:00:00Z', 'local')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(parseExpiresAt('2026-12-01T10:00:00')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(parseExpiresAt('soon')).toBeUndefined();
  });

  it('treats an unparseable expires_at as absent', () => {
    const d = Deadline.fromResponse({ expires_at: 'not a date' }, { kind: 'lock', clock: manualClock() });
    expect(d.basis).toBe('fallback');
  });
});

describe('Deadline.fromResponse: fallbacks (estimated)', () => {
  const cases = [
    { kind: 'offer', source: 'supplier_a', ms: 5 * 60_000 },
    { kind: 'trace', source: 'supplier_a', ms: 5 * 60_000 },
    { kind: 'offer', source: 'supplier_b', ms: 15 * 60_000 },
    { kind: 'trace', source: 'supplier_b', ms: 15 * 60_000 },
    { kind: 'offer', source: undefined, ms: 5 * 60_000 },
    { kind: 'lock', source: 'supplier_a', ms: 15 * 60_000 },
    { kind: 'lock', source: 'supplier_b', ms: 15 * 60_000 },
  ] as const;
  for (const c of cases)
    it(`${c.kind} of ${c.source ?? 'an unknown supplier'} assumes ${c.ms / 60_000} minutes`, () => {
      const d = Deadline.fromResponse({}, { kind: c.kind, source: c.source, clock: manualClock() });
      expect(d.basis).toBe('fallback');
      expect(d.estimated).toBe(true);
      expect(d.remainingMs()).toBe(c.ms);
      expect(String(d)).toMatch(/\(estimated\)$/);
    });

  it('exposes the documented windows', () => {
    expect(FALLBACK_WINDOW_MS).toEqual({ supplier_a: 300_000, supplier_b: 900_000, lock: 900_000 });
  });
});

describe('Deadline: the 15-minute cap on search handles', () => {
  it('never lets a trace or offer outlive 15 minutes after the search', () => {
    const clock = manualClock();
    expect(Deadline.fromResponse({ remaining_seconds: 3600 }, { kind: 'trace', clock }).remainingMs()).toBe(
      900_000,
    );
    expect(Deadline.fromResponse({ remaining_seconds: 1200 }, { kind: 'offer', clock }).remainingMs()).toBe(
      900_000,
    );
    const far = Deadline.fromResponse(
      { expires_at: utcNoZone(Date.now() + 3_600_000) },
      { kind: 'trace', clock },
    );
    expect(far.remainingMs()).toBe(900_000);
    expect(Math.abs(far.expiresAt.getTime() - (Date.now() + 900_000))).toBeLessThan(50);
  });

  it('lets a fare lock run its reported 30 minutes', () => {
    expect(
      Deadline.fromResponse(
        { remaining_seconds: 1800 },
        { kind: 'lock', clock: manualClock() },
      ).remainingMs(),
    ).toBe(1_800_000);
  });
});

describe('Deadline: reading it', () => {
  it('formats the time left and the time since', () => {
    const clock = manualClock();
    const d = Deadline.in(252_000, { clock });
    expect(d.toString()).toBe('expires in 4 min 12 s');
    clock.t += 252_000 - 45_000;
    expect(`${d}`).toBe('expires in 45 s');
    clock.t += 45_000;
    expect(d.toString()).toBe('expired');
    clock.t += 12_000;
    expect(d.toString()).toBe('expired 12 s ago');
    expect(Deadline.in(7_200_000, { clock, kind: 'lock' }).toString()).toBe('expires in 2 h');
    expect(Deadline.in(60_000, { clock, estimated: true }).toString()).toBe('expires in 1 min (estimated)');
  });

  it('clamps remainingMs at 0 and applies the margin in isExpired', () => {
    const clock = manualClock();
    const d = Deadline.in(10_000, { clock });
    expect(d.isExpired()).toBe(false);
    expect(d.isExpired(10_000)).toBe(true);
    expect(d.isExpired(9_999)).toBe(false);
    clock.t += 20_000;
    expect(d.remainingMs()).toBe(0);
    expect(d.isExpired()).toBe(true);
  });

  it('serialises to JSON', () => {
    const clock = manualClock();
    const d = Deadline.fromResponse({ remaining_seconds: 90 }, { kind: 'lock', clock });
    expect(JSON.parse(JSON.stringify(d))).toEqual({
      expiresAt: d.expiresAt.toISOString(),
      remainingMs: 90_000,
      estimated: false,
      basis: 'remaining_seconds',
      kind: 'lock',
    });
  });

  it('picks the earliest of several', () => {
    const clock = manualClock();
    const a = Deadline.in(5_000, { clock });
    const b = Deadline.in(3_000, { clock });
    expect(Deadline.earliest(a, undefined, b)).toBe(b);
    expect(Deadline.earliest(undefined)).toBeUndefined();
  });
});

describe('Deadline: monotonic clock', () => {
  it('survives a wall-clock jump of an hour, either way', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T06:00:00Z'));
    const byRemaining = Deadline.fromResponse({ remaining_seconds: 300 }, { kind: 'offer' });
    const byExpiresAt = Deadline.fromResponse({ expires_at: '2026-12-01T06:05:00' }, { kind: 'offer' });
    const before = [byRemaining.remainingMs(), byExpiresAt.remainingMs()];
    vi.setSystemTime(new Date('2026-12-01T07:00:00Z'));
    const afterForward = [byRemaining.remainingMs(), byExpiresAt.remainingMs()];
    vi.setSystemTime(new Date('2026-12-01T05:00:00Z'));
    const afterBack = [byRemaining.remainingMs(), byExpiresAt.remainingMs()];
    for (const i of [0, 1]) {
      expect(before[i]).toBeGreaterThan(299_000);
      expect(before[i]! - afterForward[i]!).toBeLessThan(1_000);
      expect(before[i]! - afterBack[i]!).toBeLessThan(1_000);
    }
    expect(byRemaining.isExpired()).toBe(false);
    expect(byExpiresAt.isExpired()).toBe(false);
  });
});

describe('Deadline: being told at expiry', () => {
  /** Fake timers and Date, and a monotonic clock that moves with them. */
  function fake(): DeadlineClock {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    return { now: () => Date.now() };
  }

  it('calls onExpire once at the deadline, marginMs early', () => {
    const clock = fake();
    const d = Deadline.in(10_000, { clock });
    const atExpiry = vi.fn();
    const early = vi.fn();
    d.onExpire(atExpiry);
    d.onExpire(early, { marginMs: 3_000 });
    vi.advanceTimersByTime(6_999);
    expect(early).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(early).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_999);
    expect(atExpiry).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(60_000);
    expect(atExpiry).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    const clock = fake();
    const cb = vi.fn();
    const cancel = Deadline.in(1_000, { clock }).onExpire(cb);
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(cb).not.toHaveBeenCalled();
  });

  it('fires on the next microtask when already expired', async () => {
    const clock = manualClock();
    const d = Deadline.in(-1, { clock });
    const cb = vi.fn();
    d.onExpire(cb);
    expect(cb).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('handles delays beyond setTimeout’s 2^31-1 ms limit', () => {
    const clock = fake();
    const ms = 2 ** 31 + 60_000;
    const cb = vi.fn();
    Deadline.in(ms, { clock, kind: 'lock' }).onExpire(cb);
    vi.advanceTimersByTime(2 ** 31 - 1);
    expect(cb).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(cb).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('aborts signal() with a FareExpiredLocallyError', () => {
    const clock = fake();
    const d = Deadline.in(2_000, { clock });
    const signal = d.signal(500);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1_500);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(FareExpiredLocallyError);
    expect(isFareExpired(signal.reason)).toBe(true);
    expect((signal.reason as FareExpiredLocallyError).local).toBe(true);
  });

  it('returns an already-aborted signal when past', () => {
    const s = Deadline.in(0, { clock: manualClock() }).signal();
    expect(s.aborted).toBe(true);
    expect(s.reason).toBeInstanceOf(FareExpiredLocallyError);
  });

  it('never keeps the process alive: its timers are unref()ed', () => {
    const created: ReturnType<typeof setTimeout>[] = [];
    const real = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      const t = real(fn, ms);
      created.push(t);
      return t;
    }) as typeof setTimeout);
    const d = Deadline.in(60_000);
    const cancel = d.onExpire(() => {});
    d.signal();
    spy.mockRestore();
    expect(created).toHaveLength(2);
    for (const t of created) expect(t.hasRef()).toBe(false);
    cancel();
    for (const t of created) clearTimeout(t);
  });
});
