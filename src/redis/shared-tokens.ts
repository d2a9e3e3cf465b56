import type { TokenSource } from '../core/limiter/bucket.js';
import type { Hold, TokenTicket } from '../core/limiter/ticket.js';
import type { RedisConnection } from './connection.js';
import { budgetKey, pauseKey } from './keys.js';
import type { OutageTokens } from './outage.js';
import { OwnLog, outageTokens } from './outage.js';
import type { Roster } from './roster.js';
import { OutageReturn } from './outage-return.js';
import { SharedTicket } from './shared-ticket.js';
import { keepAlive } from '../timer.js';

/** How often waiters look again while a return from an outage is limited by the share, ms. */
const RESTORE_POLL_MS = 50;

type Waiter = { resolve: (ticket: TokenTicket) => void; reject: (error: unknown) => void };

interface SharedTokensOptions {
  connection: RedisConnection;
  /** Bucket name, part of the Redis keys and wake messages. */
  bucket: string;
  limit: number;
  hold: Hold;
  /** The live processes and the logs as last read: this process's share while Redis is away. */
  roster: Roster;
}

/**
 * One budget shared by every process with the same API key: a sliding-window log in one Redis
 * sorted set. A take adds a provisional entry (due take + window + lease), which this process
 * extends while the request is in flight with neither a send time nor an answer (a crashed
 * process's tokens come back at most window + lease after it died); `sent`/`answered` move it to
 * the exact due time and wake the other processes' waiters. Waiters sleep exactly until the next
 * entry is due. While Redis is down, tokens come from this process's share of the window
 * (outage.ts); when it is back, this process first writes its own recent tokens into the log, and
 * its waiters return to it once every process of the roster has written its own (`resume`).
 */
export class SharedTokens implements TokenSource {
  readonly sync = false;
  readonly maxInFlight: number;
  private readonly log: string;
  private readonly pauseKey: string;
  private local: OutageTokens | undefined;
  /** This process's own tokens and when each comes back (written back after an outage). */
  private readonly mine = new OwnLog();
  /** Redis answers again after an outage: own tokens are written back, the share rule holds. */
  private readonly returning: OutageReturn;
  private upBefore = false;
  private readonly id = Math.random().toString(36).slice(2, 10);
  private seq = 0;
  private shared: Waiter[] = [];
  private localWaiters: Waiter[] = [];
  private taking = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Infinity;
  private keepAlive = false;
  private closed = false;
  private recheck = false;
  /** Tickets in flight with neither a send time nor an answer: their entries are extended. */
  private readonly open = new Set<SharedTicket>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  /** How far ahead a provisional entry reaches beyond the window. */
  private readonly leaseMs: number;

  constructor(private readonly o: SharedTokensOptions) {
    this.maxInFlight = o.limit;
    this.leaseMs = Math.ceil(Math.max(2 * o.hold.marginMs, Math.min(o.hold.windowMs / 4, 5000), 50));
    this.log = budgetKey(o.connection.prefix, o.bucket);
    this.pauseKey = pauseKey(o.connection.prefix, o.bucket);
    this.returning = new OutageReturn({
      connection: o.connection,
      roster: o.roster,
      log: this.log,
      mine: this.mine,
      sendsMs: () => o.hold.windowMs + o.hold.marginMs,
      keepAlive: () => this.keepAlive,
      onChange: () => this.pump(),
      onDone: () => this.resumed(),
    });
    o.connection.onUp(() => this.back());
    o.connection.onMessage((message) => this.message(message));
  }

  take(): Promise<TokenTicket> {
    if (this.closed) return Promise.reject(new Error('fareway: rate limiter closed'));
    return new Promise<TokenTicket>((resolve, reject) => {
      if (this.o.connection.isUp) {
        this.shared.push({ resolve, reject });
        this.pump();
      } else {
        this.localWaiters.push({ resolve, reject });
        this.drainLocal();
      }
    });
  }

  /** Shares a pause (after a 429) with every process through Redis. */
  pause(ms: number): void {
    if (this.o.connection.isUp) this.o.connection.fire((c) => c.farewayPause(this.pauseKey, Math.ceil(ms)));
  }

  setKeepAlive(on: boolean): void {
    this.keepAlive = on;
    this.local?.setKeepAlive(on);
    if (this.timer !== undefined) keepAlive(this.timer, on);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    this.returning.close();
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.open.clear();
    const error = new Error('fareway: rate limiter closed');
    for (const w of [...this.shared, ...this.localWaiters]) w.reject(error);
    this.shared = [];
    this.localWaiters = [];
    await this.local?.close();
  }

  /** @internal */ get hold(): Hold {
    return this.o.hold;
  }

  /** @internal A ticket reports: move its entry (fire-and-forget; a lost update only holds longer). */
  update(member: string, at: number, holdMs: number, mode: 'LT' | 'GT' | 'SET'): void {
    this.mine.set(member, at + holdMs, mode);
    // Rounded down: a shorter age puts the due time later, never earlier.
    const age = Math.max(0, Math.floor(performance.now() - at));
    this.o.connection
      .run((c) => c.farewayUpdate(this.log, member, age, Math.ceil(holdMs), mode))
      .then((due) => {
        if (mode === 'LT' && due >= 0) this.o.connection.publish(`${this.o.bucket}:${due}`);
      })
      .catch(() => undefined);
  }

  /** @internal A ticket's in-flight state changed. */
  track(ticket: SharedTicket, open: boolean): void {
    if (open) this.open.add(ticket);
    else this.open.delete(ticket);
    if (this.open.size > 0 && this.heartbeat === undefined && !this.closed) {
      this.heartbeat = setInterval(() => this.extend(), Math.max(10, Math.floor(this.leaseMs / 3)));
      keepAlive(this.heartbeat, false);
    } else if (this.open.size === 0 && this.heartbeat !== undefined) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  private extend(): void {
    if (this.open.size === 0) return;
    const members = [...this.open].map((t) => t.member);
    const hold = Math.ceil(this.o.hold.windowMs + this.leaseMs);
    for (const m of members) this.mine.set(m, performance.now() + hold, 'GT');
    this.o.connection.fire((c) => c.farewayExtend(this.log, hold, ...members));
  }

  /** @internal A ticket's request never reached the wire. */
  release(member: string): void {
    this.mine.delete(member);
    this.o.connection
      .run((c) => c.farewayRelease(this.log, member))
      .then(() => this.o.connection.publish(`${this.o.bucket}:0`))
      .catch(() => undefined);
  }

  private pump(): void {
    if (this.taking || this.closed || this.shared.length === 0) return;
    if (!this.o.connection.isUp) return this.toLocal();
    this.clearTimer();
    // Back from an outage, before every process has written its own tokens into the log: a token
    // also needs this process's share of the window (outage.ts), checked before the log is asked.
    // (Polled: this lasts the few seconds every process takes to notice Redis again.)
    const free = this.returning.active ? (this.local?.free() ?? 0) : Infinity;
    if (free <= 0) return this.sleep(RESTORE_POLL_MS);
    this.taking = true;
    this.recheck = false;
    const want = Math.min(this.shared.length, free);
    const prefix = `${this.id}:${++this.seq}:`;
    const { limit, hold } = this.o;
    this.o.connection
      .run((c) =>
        c.farewayTake(this.log, this.pauseKey, limit, Math.ceil(hold.windowMs + this.leaseMs), want, prefix),
      )
      .then(
        ([taken, wait]) => {
          this.taking = false;
          const granted = this.shared.splice(0, taken);
          const due = performance.now() + hold.windowMs + this.leaseMs;
          for (let i = 0; i < taken; i++) this.mine.set(`${prefix}${i + 1}`, due);
          for (let i = 0; i < granted.length; i++) {
            const ticket = new SharedTicket(this, `${prefix}${i + 1}`);
            if (this.closed) ticket.notSent();
            else {
              this.track(ticket, true);
              (granted[i] as Waiter).resolve(ticket);
            }
          }
          // Tokens granted for waiters that closed meanwhile go straight back.
          for (let i = granted.length; i < taken; i++) this.release(`${prefix}${i + 1}`);
          if (this.shared.length > 0) {
            // All wanted were granted (newcomers wait), or a token moved while we asked: ask again.
            if (taken >= want || this.recheck) this.pump();
            else this.sleep(Math.max(0, wait));
          }
        },
        () => {
          this.taking = false;
          // Closed while the script was on the wire (close() ends the connection, so it fails):
          // nothing may start after close — an outage source made now would hold the process.
          if (!this.closed) this.toLocal();
        },
      );
  }

  private sleep(ms: number): void {
    const at = performance.now() + ms + 1;
    if (this.timer !== undefined && this.timerAt <= at) return;
    this.clearTimer();
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      this.pump();
    }, ms + 1);
    if (!this.keepAlive) keepAlive(this.timer, false);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
  }

  /** Another process freed or re-dated a token: retry at its due time (never later than planned). */
  private message(message: string): void {
    const sep = message.lastIndexOf(':');
    if (message.slice(0, sep) !== this.o.bucket || this.shared.length === 0) return;
    if (this.taking) return void (this.recheck = true);
    // The due time is on Redis's clock; retrying a little early costs one script call, no more.
    const due = Number(message.slice(sep + 1));
    if (due === 0 || this.timer === undefined) return this.pump();
    if (this.timerAt - performance.now() > 2) this.sleep(0);
  }

  private toLocal(): void {
    this.clearTimer();
    this.localWaiters.push(...this.shared.splice(0));
    this.drainLocal();
  }

  /** Redis answers again: own recent tokens go into the log first (a fresh Redis has none). */
  private back(): void {
    if (this.closed || this.returning.active) return;
    // The first answer after a start with Redis up: nothing to write, nobody's outage to wait for.
    const outage = this.upBefore || this.local !== undefined;
    this.upBefore = true;
    if (!outage) return this.pump();
    // The share rule holds until the return (the view from before the outage, roster.ts).
    this.local ??= this.outage();
    // Waiters of the outage take from the log now, within this process's share (`pump`).
    this.shared.push(...this.localWaiters.splice(0));
    this.returning.begin();
  }

  /** Every process has written its own tokens back: the log alone decides again. */
  private resumed(): void {
    this.shared.push(...this.localWaiters.splice(0));
    void this.local?.close();
    this.local = undefined;
    this.pump();
  }

  /** While Redis is away: tokens from this process's share of the window (outage.ts). */
  private drainLocal(): void {
    if (this.closed) return;
    // Redis answers (back from an outage): the share's waiters go through the log (`pump`).
    if (this.o.connection.isUp) {
      this.shared.push(...this.localWaiters.splice(0));
      return this.pump();
    }
    const local = (this.local ??= this.outage());
    while (this.localWaiters.length > 0) {
      const ticket = local.take();
      if (ticket === false) return;
      (this.localWaiters.shift() as Waiter).resolve(ticket);
    }
  }

  private outage(): OutageTokens {
    const own = { mine: this.mine, id: this.id, leaseMs: this.leaseMs };
    const local = outageTokens({
      ...this.o,
      ...own,
      onOwn: (m, due) => this.moved(m, due),
    });
    local.onWake(() => this.drainLocal());
    local.setKeepAlive(this.keepAlive);
    return local;
  }

  /** A token of a share taken, sent or answered while Redis answers: into the log (only ever later). */
  private moved(member: string, due: number): void {
    const ms = Math.ceil(due - performance.now());
    if (ms > 0 && this.o.connection.isUp)
      this.o.connection.fire((c) => c.farewayRestore(this.log, member, ms));
  }
}
