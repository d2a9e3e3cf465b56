/**
 * setTimeout's largest delay, 2³¹−1 ms (about 24.8 days). Node runs a longer one after 1 ms with a
 * TimeoutOverflowWarning: every duration option that feeds a timer stops here, and a timer that
 * adds to such a duration caps its delay here and re-arms. (No imports: the Redis entry uses it.)
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Lets a timer keep the process alive (`on`) or not (`unref`). A no-op where setTimeout returns a
 * number (workerd before about compatibility date 2026-03, browsers): nothing there to keep alive.
 */
export function keepAlive(timer: unknown, on: boolean): void {
  const t = timer as { ref?: () => unknown; unref?: () => unknown } | null | undefined;
  if (typeof t !== 'object' || t === null) return;
  if (on) t.ref?.();
  else t.unref?.();
}
