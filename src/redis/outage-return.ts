/**
 * The return from a Redis outage of one budget (shared-tokens.ts): this process writes its own
 * recent tokens into the log (a fresh Redis has none), waits one heartbeat plus a second for every
 * process to notice, then until every process of the roster from before the outage has written
 * its own (`Roster.rejoined`), writes what it took meanwhile, and only then lets its waiters use
 * the log alone. Until then each token also needs this process's share (shared-tokens.ts `pump`).
 */
import { keepAlive } from '../timer.js';
import type { RedisConnection } from './connection.js';
import type { OwnLog } from './outage.js';
import type { Roster } from './roster.js';

export interface OutageReturnOptions {
  connection: RedisConnection;
  roster: Roster;
  /** The budget's log key. */
  log: string;
  mine: OwnLog;
  /** How long a process's last requests count after it is gone (window + margin), ms. */
  sendsMs: () => number;
  keepAlive: () => boolean;
  /** Own tokens are in the log (waiters may go on within the share), or the return ended. */
  onChange: () => void;
  /** Every process has written its own: the log alone decides again. */
  onDone: () => void;
}

export class OutageReturn {
  /** Redis answers again but not every process has written its own tokens back yet. */
  active = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(private readonly o: OutageReturnOptions) {}

  begin(): void {
    if (this.active || this.closed) return;
    this.active = true;
    this.writeOwn().then(
      () => {
        this.o.onChange();
        // Long enough for every process to notice (ioredis reconnects at most 1 s apart).
        this.later(this.o.roster.periodMs + 1_000);
      },
      () => this.retreat(), // down again: the next `up` writes them
    );
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  /** Own tokens still due, into the shared log (an entry there only moves later). */
  private writeOwn(): Promise<unknown> {
    const now = performance.now();
    const own = this.o.mine.live(now).flatMap(([member, due]) => [member, Math.ceil(due - now)]);
    return own.length
      ? this.o.connection.run((c) => c.farewayRestore(this.o.log, ...own))
      : Promise.resolve();
  }

  private later(ms: number): void {
    if (this.closed) return; // a write answered after close(): no timer outlives the limiter
    this.timer = setTimeout(() => this.resume(), ms);
    if (!this.o.keepAlive()) keepAlive(this.timer, false);
  }

  private resume(): void {
    if (this.closed) return;
    if (!this.o.connection.isUp) return this.retreat(); // the next `up` starts over
    if (!this.o.roster.rejoined(this.o.sendsMs())) return this.later(250);
    // Own tokens taken meanwhile go in too.
    this.writeOwn().then(
      () => {
        this.active = false;
        if (!this.closed && this.o.connection.isUp) this.o.onDone();
      },
      () => this.retreat(),
    );
  }

  /** Down again while returning: waiters go back to the share (the next `up` starts over). */
  private retreat(): void {
    this.active = false;
    this.o.onChange();
  }
}
