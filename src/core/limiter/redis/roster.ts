/**
 * The roster of live processes of one API key, and the shared logs as last read (issue 30): every
 * `periodMs` each process says it is live for `3 × periodMs` (a sorted set `<prefix>:roster`,
 * scored by expiry on Redis's clock) and reads how many are live and the due times of every
 * budget's entries. While Redis is away, outage.ts spends this process's share from what was read
 * last. Timers are unref'd: the roster never keeps a process alive.
 */
import { BUCKETS } from '../../../schemas/vocabulary.js';
import { keepAlive } from '../../../timer.js';
import type { RedisConnection } from './connection.js';
import { budgetKey } from './keys.js';

/** What the last heartbeat read of one budget: due times on this process's clock. */
export interface LogSnapshot {
  /** performance.now() when the heartbeat was sent (tokens taken since may be missing from it). */
  readAt: number;
  dues: readonly number[];
}

/** How often a process says it is live (and reads the logs), ms. */
export const ROSTER_PERIOD_MS = 1_000;

export class Roster {
  /** Processes live at the last heartbeat (this one included); 1 until one answered. */
  processes = 1;
  private readonly snapshots = new Map<string, LogSnapshot>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private beating = false;
  private everUp = false;
  /**
   * After Redis returns, its roster and logs are partial until every process has written its own
   * tokens back and beaten once (a restarted Redis has neither; after a hang, Redis's clock jumped
   * past every member's expiry): the view from before the outage is kept until then.
   */
  private frozenUntil = -Infinity;

  constructor(
    private readonly connection: RedisConnection,
    private readonly id: string,
    readonly periodMs = ROSTER_PERIOD_MS,
  ) {
    connection.onUp(() => {
      if (this.everUp) this.frozenUntil = performance.now() + 2 * this.periodMs + 500;
      this.everUp = true;
      this.beat();
    });
  }

  /** The last read of `bucket`'s log (empty before any). */
  snapshot(bucket: string): LogSnapshot {
    return this.snapshots.get(bucket) ?? { readAt: -Infinity, dues: [] };
  }

  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => this.beat(), this.periodMs);
    keepAlive(this.timer, false);
    this.beat();
  }

  close(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private beat(): void {
    if (this.beating || !this.connection.isUp || this.timer === undefined) return;
    this.beating = true;
    const prefix = this.connection.prefix;
    const readAt = performance.now();
    this.connection
      .run((c) =>
        c.farewayRoster(
          `${prefix}:roster`,
          ...(BUCKETS.map((b) => budgetKey(prefix, b)) as [string, string, string]),
          this.id,
          3 * this.periodMs,
        ),
      )
      .then(([live, now, ...logs]) => {
        // Redis due times to this clock, from when the answer arrived (so never earlier).
        const at = performance.now();
        if (at < this.frozenUntil) return;
        this.processes = Math.max(1, Number(live));
        BUCKETS.forEach((bucket, i) => {
          const dues = (logs[i] ?? []).map((due) => at + Number(due) - Number(now));
          this.snapshots.set(bucket, { readAt, dues });
        });
      })
      .catch(() => undefined)
      .finally(() => {
        this.beating = false;
      });
  }
}
