import { randomBytes } from 'node:crypto';
import type { RedisConnection } from './connection.js';

/** A lock held in the shared store. */
export interface SharedLock {
  /** Releases the lock if this holder still has it (compare-and-delete); never throws. */
  release(): Promise<void>;
}

/**
 * Named locks next to the shared budgets (same connection, same hash slot):
 * `{fareway:<hash>}:lock:<name>`, taken with SET NX PX, released by a compare-and-delete script
 * that wakes waiters through the key's wake channel.
 */
export class SharedLocks {
  constructor(private readonly connection: RedisConnection) {
    connection.onMessage((message) => {
      if (message.startsWith('lock:')) for (const w of [...this.waiters]) w(message.slice(5));
    });
  }

  private readonly waiters = new Set<(name: string) => void>();

  private key(name: string): string {
    return `${this.connection.prefix}:lock:${name}`;
  }

  /** The lock, 'held' by another holder, or undefined when Redis cannot answer. */
  async lock(name: string, ttlMs: number): Promise<SharedLock | 'held' | undefined> {
    const key = this.key(name);
    const token = randomBytes(12).toString('hex');
    let reply: string | null;
    try {
      reply = await this.connection.run((c) => c.set(key, token, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'));
    } catch {
      return undefined; // the connection has logged the outage
    }
    if (reply !== 'OK') return 'held';
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        try {
          const deleted = await this.connection.run((c) => c.farewayUnlock(key, token));
          if (deleted === 1) this.connection.publish(`lock:${name}`);
        } catch {
          // Redis away: the lock expires by its TTL.
        }
      },
    };
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
      const onMessage = (freed: string) => freed === name && done();
      const timer = setTimeout(done, ms);
      this.waiters.add(onMessage);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
