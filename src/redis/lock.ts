import { randomBytes } from 'node:crypto';
import type { RedisConnection } from './connection.js';
import { HeldLock, type SharedLock } from './held-lock.js';

export type { SharedLock } from './held-lock.js';

/**
 * Named locks next to the shared budgets (same connection, same hash slot):
 * `{fareway:<hash>}:lock:<name>`, taken with SET NX PX, renewed while held (held-lock.ts),
 * released by a compare-and-delete script that wakes waiters through the key's wake channel.
 */
export class SharedLocks {
  private readonly waiters = new Set<(name: string | undefined) => void>();
  private readonly held = new Set<HeldLock>();
  /** Releases that could not reach Redis, by key: retried (and logged) when it answers again. */
  private readonly unreleased = new Map<string, { name: string; key: string; token: string }>();

  constructor(private readonly connection: RedisConnection) {
    connection.onMessage((message) => {
      if (message.startsWith('lock:')) for (const w of [...this.waiters]) w(message.slice(5));
    });
    connection.onUp(() => this.retryReleases());
  }

  private releaseFailed(release: { name: string; key: string; token: string }): void {
    this.unreleased.set(release.key, release);
    this.connection.report(
      'warn',
      'a shared lock could not be released (Redis away); retried when Redis is back',
      {
        lock: release.name,
      },
    );
  }

  private retryReleases(): void {
    for (const release of [...this.unreleased.values()]) {
      const { name, key, token } = release;
      this.connection
        .run((c) => c.farewayUnlock(key, token))
        .then(
          (deleted) => {
            if (this.unreleased.get(key) === release) this.unreleased.delete(key);
            if (deleted === 1) this.connection.publish(`lock:${name}`);
            this.connection.report('info', 'a shared lock release was retried now that Redis is back', {
              lock: name,
              released: deleted === 1 ? 'now' : 'already expired or taken',
            });
          },
          () => undefined, // down again: retried on the next `up`
        );
    }
  }

  private key(name: string): string {
    return `${this.connection.prefix}:lock:${name}`;
  }

  /** The lock (renewed until released), 'held' by another holder, or undefined when Redis cannot answer. */
  async lock(name: string, ttlMs: number): Promise<SharedLock | 'held' | undefined> {
    const key = this.key(name);
    const token = randomBytes(12).toString('hex');
    const ttl = Math.max(1, Math.ceil(ttlMs));
    const takenAt = performance.now();
    let reply: string | null;
    try {
      reply = await this.connection.run((c) => c.set(key, token, 'PX', ttl, 'NX'));
    } catch {
      return undefined; // the connection has logged the outage
    }
    if (reply !== 'OK') return 'held';
    const lock = new HeldLock({
      connection: this.connection,
      name,
      key,
      token,
      ttlMs: ttl,
      takenAt,
      onEnd: (l) => this.held.delete(l),
      onReleaseFailed: (r) => this.releaseFailed(r),
    });
    this.held.add(lock);
    return lock;
  }

  /** The limiter closes: held locks stop renewing and report themselves lost (they expire by TTL). */
  close(): void {
    for (const lock of [...this.held]) lock.close();
    for (const w of [...this.waiters]) w(undefined); // every waiter re-checks (and finds Redis closed)
  }

  /** True once the lock is free (or Redis cannot tell), false after timeoutMs; rejects on abort. */
  async waitUntilFree(name: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    const key = this.key(name);
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      signal?.throwIfAborted();
      let ttl: number;
      try {
        ttl = await this.connection.run((c) => c.pttl(key));
      } catch {
        return true;
      }
      if (ttl === -2) return true;
      const left = deadline - performance.now();
      if (left <= 0) return false;
      // Woken by a release, else re-checked when the TTL ends (or every 250 ms at most).
      await this.sleep(name, Math.min(left, ttl > 0 ? ttl + 1 : 50, 250), signal);
    }
  }

  private sleep(name: string, ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(onMessage);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const onMessage = (freed: string | undefined) => (freed === undefined || freed === name) && done();
      const timer = setTimeout(done, ms);
      this.waiters.add(onMessage);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
