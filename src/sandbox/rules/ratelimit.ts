/**
 * Sliding-window rate limits per API key (spec §8): a log of request times per key and bucket.
 * It reads the virtual clock, so `control.advanceTime` also frees slots.
 */
import type { Bucket } from '../../schemas/plain/vocabulary.js';
import type { RateLimitOptions, RateLimitRule } from '../state/options.js';

/** Per-key sliding window log. */
export class RateLimiter {
  private hits = new Map<string, number[]>();

  constructor(private readonly limits: Required<RateLimitOptions>) {}

  /**
   * Records a request at `now` if the window has room. Returns 0 when allowed, otherwise the
   * milliseconds until the oldest request in the window leaves it (when a slot frees).
   */
  take(key: string, bucket: Bucket, now: number): number {
    const rule: RateLimitRule = this.limits[bucket];
    const id = `${bucket}:${key}`;
    const log = (this.hits.get(id) ?? []).filter((t) => t > now - rule.windowMs);
    this.hits.set(id, log);
    if (log.length >= rule.limit) return Math.max(1, (log[0] as number) + rule.windowMs - now);
    log.push(now);
    return 0;
  }

  /** Forgets every window. */
  clear(): void {
    this.hits.clear();
  }
}
