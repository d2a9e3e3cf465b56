/**
 * The reason a held shared lock's `signal` aborts with. Lives outside the Redis half so that the
 * client can name it without loading Redis code; the CommonJS build carries one copy in each entry,
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
