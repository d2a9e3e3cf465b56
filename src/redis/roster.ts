/**
 * The roster of live processes of one API key, and the shared logs as last read (issue 30): every
 * `periodMs` each process says it is live for `3 × periodMs` (a sorted set `<prefix>:roster`,
 * scored by expiry on Redis's clock) and reads how many are live and the due times of every
 * budget's entries. While Redis is away, outage.ts spends this process's share from what was read
 * last. Timers are unref'd: the roster never keeps a process alive.
 */
import { BUCKETS } from '../schemas/plain/vocabulary.js';
import { keepAlive } from '../timer.js';
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

/** How many heartbeats' live counts the share divides by the largest of. */
const RECENT_BEATS = 10;

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
  /** The processes of the last complete roster (the one an outage is measured against). */
  private members: readonly string[] = [];
  /** Processes of the roster from before the outage not yet live again in Redis's roster. */
  private readonly absent = new Set<string>();
  /** Live counts of the last heartbeats (`processes` is the largest). */
  private readonly recent: number[] = [];
  /** When Redis answered again after the last outage. */
  private backAt = -Infinity;

  constructor(
    private readonly connection: RedisConnection,
    private readonly id: string,
    readonly periodMs = ROSTER_PERIOD_MS,
  ) {
    connection.onUp(() => {
      if (this.everUp) {
        this.backAt = performance.now();
        this.frozenUntil = performance.now() + 2 * this.periodMs + 500;
        for (const m of this.members) if (m !== id) this.absent.add(m);
      }
      this.everUp = true;
      // After the other listeners of this `up` (shared-tokens.ts writes its own tokens back
      // first): a process seen in the roster again has written its tokens before it beat.
      queueMicrotask(() => this.beat());
    });
  }

  /**
   * Every process of the roster from before the outage is live in Redis's roster again (so it has
   * written its own recent tokens back): the shared log counts their sends once more. One that
   * does not come back counts as gone once its roster entry would have expired (3 periods after
   * Redis answered) and its last requests have left the window (`sendsMs`: window + margin).
   */
  rejoined(sendsMs: number): boolean {
    return this.absent.size === 0 || performance.now() >= this.backAt + 3 * this.periodMs + sendsMs;
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
      .then(([live, now, ...rest]) => {
        // Redis due times to this clock, from when the answer arrived (so never earlier).
        const at = performance.now();
        const logs = rest.slice(0, BUCKETS.length);
        const members = (rest[BUCKETS.length] ?? []).map(String);
        for (const m of members) this.absent.delete(m);
        if (at < this.frozenUntil || this.absent.size > 0) return;
        this.members = members;
        // The largest count of the last beats: a process whose beat came late (a loaded machine)
        // drops out of one count but still sends.
        this.recent.push(Number(live));
        if (this.recent.length > RECENT_BEATS) this.recent.shift();
        this.processes = Math.max(1, ...this.recent);
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
