import { SharedLockLostError } from '../core/limiter/lock-lost.js';
import type { RedisConnection } from './connection.js';
import { keepAlive } from '../timer.js';

/** A lock held in the shared store; it renews itself until `release()`. */
export interface SharedLock {
  /**
   * Releases the lock if this holder still has it (compare-and-delete) and stops renewing it;
   * never throws. Idempotent.
   */
  release(): Promise<void>;
  /**
   * True once this holder can no longer count on the lock: a renewal found its key gone or held by
   * another token, no renewal reached Redis within the TTL since the last one that did (Redis
   * unreachable), or the limiter was closed. Never goes back to false. False after `release()`.
   */
  readonly lost: boolean;
  /**
   * Aborts when `lost` becomes true, with a `SharedLockLostError` (`code: 'SHARED_LOCK_LOST'`) as
   * its reason: pass it to what must not start without the lock. Never aborts after `release()`.
   */
  readonly signal: AbortSignal;
}

interface HeldLockInit {
  connection: RedisConnection;
  name: string;
  key: string;
  token: string;
  ttlMs: number;
  /** performance.now() when the command that took the lock was sent: it lives at least ttlMs from then. */
  takenAt: number;
  /** Called once when the lock is released, lost or closed (the owner stops tracking it). */
  onEnd: (lock: HeldLock) => void;
  /** The release could not reach Redis: the owner retries it when Redis answers again. */
  onReleaseFailed: (release: { name: string; key: string; token: string }) => void;
}

/**
 * One held lock. Every ttl/3 it renews its TTL with a compare-and-PEXPIRE on its token (one
 * renewal in flight at a time); a failed call (Redis away) is retried sooner and declares nothing
 * by itself. A watchdog fires when the TTL has passed since the last renewal known to have
 * reached Redis was sent: from then on another process may have taken the key, so the lock is
 * lost. Timers are unref'd: a held lock never keeps the process alive.
 */
export class HeldLock implements SharedLock {
  private readonly controller = new AbortController();
  private renewTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private renewing = false;
  private ended = false;
  private released = false;
  private readonly periodMs: number;

  constructor(private readonly o: HeldLockInit) {
    this.periodMs = Math.max(1, Math.floor(o.ttlMs / 3));
    this.confirmed(o.takenAt);
  }

  get lost(): boolean {
    return this.controller.signal.aborted;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    this.end();
    // Also after a loss: compare-and-delete removes the key only if it is still this holder's.
    const { connection, key, token, name } = this.o;
    try {
      const deleted = await connection.run((c) => c.farewayUnlock(key, token));
      if (deleted === 1) connection.publish(`lock:${name}`);
    } catch {
      // Redis away: retried when it answers again (else the lock expires by its TTL).
      this.o.onReleaseFailed({ name, key, token });
    }
  }

  /** The limiter closes: no more renewals, so the holder can no longer count on the lock. */
  close(): void {
    this.lose('closed');
  }

  /** A renewal sent at `sentAt` reached Redis: the lock lives at least ttlMs from then. */
  private confirmed(sentAt: number): void {
    if (this.ended) return;
    if (this.watchdog !== undefined) clearTimeout(this.watchdog);
    this.watchdog = setTimeout(
      () => this.lose('expired'),
      Math.max(0, Math.floor(sentAt + this.o.ttlMs - performance.now())),
    );
    keepAlive(this.watchdog, false);
    this.schedule(this.periodMs);
  }

  private schedule(ms: number): void {
    if (this.ended) return;
    if (this.renewTimer !== undefined) clearTimeout(this.renewTimer);
    this.renewTimer = setTimeout(() => {
      this.renewTimer = undefined;
      this.renew();
    }, ms);
    keepAlive(this.renewTimer, false);
  }

  private renew(): void {
    if (this.ended || this.renewing) return;
    this.renewing = true;
    const { connection, key, token, ttlMs } = this.o;
    const sentAt = performance.now();
    connection
      .run((c) => c.farewayRenew(key, token, Math.max(1, Math.ceil(ttlMs))))
      .then(
        (reply) => {
          this.renewing = false;
          const result = Number(reply);
          if (result === 1) this.confirmed(sentAt);
          else this.lose(result === 0 ? 'gone' : 'taken');
        },
        () => {
          // Redis away or slow: keep trying; only the watchdog declares the lock lost.
          this.renewing = false;
          this.schedule(Math.min(1000, Math.max(10, Math.floor(this.periodMs / 4))));
        },
      );
  }

  private lose(why: SharedLockLostError['why']): void {
    if (this.ended) return;
    this.end();
    this.controller.abort(new SharedLockLostError(this.o.name, why));
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.renewTimer !== undefined) clearTimeout(this.renewTimer);
    if (this.watchdog !== undefined) clearTimeout(this.watchdog);
    this.renewTimer = this.watchdog = undefined;
    this.o.onEnd(this);
  }
}
