/**
 * A held shared lock, and the reason its `signal` aborts with. They live outside the Redis half
 * (src/redis/, a higher layer) so that the client can name them without loading Redis code; the CommonJS build carries one copy in each entry,
 * so `instanceof` matches by name and code rather than by class identity.
 */
export class SharedLockLostError extends Error {
  override readonly name = 'SharedLockLostError';
  readonly code = 'SHARED_LOCK_LOST';

  constructor(
    /** The lock's name (as given to `lock(name, ttlMs)`). */
    readonly lock: string,
    /** Why the holder no longer has it. */
    readonly why: 'gone' | 'taken' | 'expired' | 'closed',
  ) {
    super(`fareway: the shared lock '${lock}' was lost (${WHY[why]})`);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      value instanceof Error &&
      value.name === 'SharedLockLostError' &&
      (value as { code?: unknown }).code === 'SHARED_LOCK_LOST'
    );
  }
}

const WHY = {
  gone: 'its key was gone at a renewal',
  taken: 'another holder had it at a renewal',
  expired: 'no renewal reached Redis within its TTL',
  closed: 'the limiter was closed; it is no longer renewed',
} as const;

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
