/**
 * The service's window kept while Redis is away (issue 30). The service counts every process's
 * requests in one trailing window; while the shared log cannot be read, each process may spend
 * only its share of what that window still allows:
 *
 *   mine(t) < (limit − seen(t)) / processes
 *
 * - `seen(t)`: the shared log as last read (every process's tokens, roster.ts reads it with each
 *   heartbeat), entries still due at t — plus, until every token sent before the outage has left
 *   the service's window, the room the window had when the outage began (by that read: the others
 *   may have filled it since);
 * - `mine(t)`: this process's own tokens taken since three heartbeats before that read (during
 *   the outage, or before it), still due at t;
 * - `processes`: the processes the roster last saw (1 when it never saw any: the whole budget).
 *
 * Every process keeps the same rule, so together they stay within `limit`. When Redis answers
 * again, each process writes its own recent tokens (`OwnLog`) into the shared log before the
 * shared log is used again (shared-tokens.ts), so a fresh Redis starts with the real window.
 * Times here are this process's `performance.now()`.
 */
import type { TokenSource } from '../core/limiter/bucket.js';
import { ReturnLog } from '../core/limiter/return-log.js';
import type { Hold, TokenTicket } from '../core/limiter/ticket.js';
import type { Roster } from './roster.js';

/** This process's own tokens of one budget, when each was taken and comes back: what it sent lately. */
export class OwnLog {
  private readonly entries = new Map<string, { takenAt: number; due: number }>();

  /** `mode` as in the shared scripts: SET moves (or adds), LT only earlier, GT only later. */
  set(member: string, due: number, mode: 'LT' | 'GT' | 'SET' = 'SET'): void {
    const entry = this.entries.get(member);
    if (entry === undefined) {
      if (mode === 'SET') this.entries.set(member, { takenAt: performance.now(), due });
      return;
    }
    if (mode === 'SET' || (mode === 'LT' ? due < entry.due : due > entry.due)) entry.due = due;
  }

  delete(member: string): void {
    this.entries.delete(member);
  }

  /** Entries still due after `now` (older ones are dropped): [member, due][]. */
  live(now: number): Array<[string, number]> {
    const out: Array<[string, number]> = [];
    for (const [member, entry] of this.entries) {
      if (entry.due <= now) this.entries.delete(member);
      else out.push([member, entry.due]);
    }
    return out;
  }

  /** How many entries taken at or after `since` are still due after `now`. */
  countSince(since: number, now: number): number {
    let n = 0;
    for (const [member, entry] of this.entries) {
      if (entry.due <= now) this.entries.delete(member);
      else if (entry.takenAt >= since) n++;
    }
    return n;
  }
}

/** What the outage source reads from its owner (shared-tokens.ts). */
export interface OutageView {
  readonly limit: number;
  readonly hold: Hold;
  readonly leaseMs: number;
  /** Processes the roster last saw (≥ 1). */
  processes(): number;
  /** Due times (local clock) of the shared log's entries as last read, and when it was read. */
  snapshot(): { readAt: number; dues: readonly number[] };
  /** Records an own token's due time (member, due, mode). */
  own(member: string, due: number, mode: 'LT' | 'GT' | 'SET'): void;
  /** Drops an own token that never reached the wire. */
  unown(member: string): void;
  /** How many own tokens taken at or after `since` are still due at `now`. */
  ownSince(since: number, now: number): number;
}

/** The outage source of one budget, over its roster and this process's own log. */
export function outageTokens(o: {
  roster: Roster;
  bucket: string;
  limit: number;
  hold: Hold;
  /** How far a shared entry may reach beyond the window (shared-tokens.ts). */
  leaseMs: number;
  mine: OwnLog;
  id: string;
  /** Also told of each own token's due time (after the shared log is used again, it goes there). */
  onOwn?: (member: string, due: number, mode: 'LT' | 'GT' | 'SET') => void;
}): OutageTokens {
  const { roster, mine } = o;
  return new OutageTokens(
    {
      limit: o.limit,
      hold: o.hold,
      leaseMs: o.leaseMs,
      processes: () => roster.processes,
      snapshot: () => roster.snapshot(o.bucket),
      own: (member, due, mode) => {
        mine.set(member, due, mode);
        o.onOwn?.(member, due, mode);
      },
      unown: (member) => mine.delete(member),
      // Counted from a roster entry's life (3 periods) before the last read: a token this
      // process took after another process's last read is counted here. A process live in the
      // roster read the log at most that long before this one (heartbeats come late under load:
      // one period was not enough).
      ownSince: (since, now) => mine.countSince(since - 3 * roster.periodMs, now),
    },
    `${o.id}:o:`,
  );
}

/** Tokens while Redis is away: the share rule above, woken when an entry's due time passes. */
export class OutageTokens implements TokenSource {
  readonly sync = true;
  readonly maxInFlight = Infinity;
  private readonly timers: ReturnLog<undefined>;
  private seq = 0;
  private wake: () => void = () => undefined;
  /** The view when the outage began: kept until the shared log is used again. */
  private readonly snapshot: { readAt: number; dues: readonly number[] };
  private readonly processes: number;
  /**
   * Tokens other processes took after this process's last read, before the outage: not in the
   * snapshot, and as many as the window had room for when the outage began (`limit −` the read's
   * entries still live then). Counted as live until `unknownUntil`, when every token taken before
   * the outage has left the service's window (window + margin + lease after it began). Without it a process that had sent little
   * before the outage spent its share on top of another's burst just before it (a 429 in CI).
   */
  private readonly unknown: number;
  private readonly unknownUntil: number;

  constructor(
    private readonly view: OutageView,
    private readonly idPrefix: string,
  ) {
    this.timers = new ReturnLog(() => this.wake());
    this.snapshot = view.snapshot();
    this.processes = Math.max(1, view.processes());
    const now = performance.now();
    for (const due of this.snapshot.dues) if (due > now) this.timers.push(due, undefined);
    // Never read (started while Redis was away): no roster, the whole budget, as before.
    const read = Number.isFinite(this.snapshot.readAt);
    // The room at the outage's start: entries of the read that expired before it made room too.
    let live = 0;
    for (const due of this.snapshot.dues) if (due > now) live++;
    this.unknown = read ? Math.max(0, view.limit - live) : 0;
    this.unknownUntil = now + view.hold.windowMs + view.hold.marginMs + view.leaseMs;
    this.timers.push(this.unknownUntil, undefined);
  }

  /** Called when a token may be free again. */
  onWake(wake: () => void): void {
    this.wake = wake;
  }

  /** How many tokens this process may take now. */
  free(now = performance.now()): number {
    const { readAt, dues } = this.snapshot;
    let seen = now < this.unknownUntil ? this.unknown : 0;
    for (const due of dues) if (due > now) seen++;
    const share = Math.floor((this.view.limit - seen) / this.processes);
    return share - this.view.ownSince(readAt, now);
  }

  take(): TokenTicket | false {
    if (this.free() <= 0) return false;
    const member = `${this.idPrefix}${++this.seq}`;
    return new OutageTicket(this, member);
  }

  /** @internal */ record(member: string, due: number, mode: 'LT' | 'GT' | 'SET'): void {
    this.view.own(member, due, mode);
    this.timers.push(due, undefined);
  }

  /** @internal */ drop(member: string): void {
    this.view.unown(member);
    queueMicrotask(() => this.wake());
  }

  /** @internal */ get hold(): Hold {
    return this.view.hold;
  }

  setKeepAlive(on: boolean): void {
    this.timers.setKeepAlive(on);
  }

  async close(): Promise<void> {
    this.timers.clear();
  }
}

/** A token taken during an outage: its due time follows the same rules as a local token's. */
class OutageTicket implements TokenTicket {
  private sentAt: number | undefined;
  private anchored = false;

  constructor(
    private readonly owner: OutageTokens,
    private readonly member: string,
  ) {
    const { windowMs, marginMs } = owner.hold;
    // Until it is sent or settles, held as if sent now and answered as late as the margin allows.
    owner.record(member, performance.now() + windowMs + marginMs, 'SET');
    owner.hold.busy?.(1);
  }

  sent(at: number): void {
    if (this.anchored || this.sentAt !== undefined) return;
    this.sentAt = at;
    this.owner.record(this.member, at + this.owner.hold.marginMs + this.owner.hold.windowMs, 'SET');
  }

  answered(at: number): void {
    if (this.anchored) return;
    const counted = this.sentAt === undefined ? at : Math.min(at, this.sentAt + this.owner.hold.marginMs);
    this.anchor(counted + this.owner.hold.windowMs);
  }

  notSent(): void {
    if (this.anchored || this.sentAt !== undefined) return;
    this.anchored = true;
    this.owner.hold.busy?.(-1);
    this.owner.drop(this.member);
  }

  settled(): void {
    if (this.anchored) return;
    const counted = this.sentAt === undefined ? performance.now() : this.sentAt + this.owner.hold.marginMs;
    this.anchor(counted + this.owner.hold.windowMs);
  }

  private anchor(due: number): void {
    this.anchored = true;
    this.owner.hold.busy?.(-1);
    this.owner.record(this.member, due, 'SET');
  }
}
