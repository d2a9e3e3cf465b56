/** A Redis command under its time budget (connection.ts). A leaf. */

/**
 * Rejects after ms unless the command settles first; the late settlement is swallowed. A slow
 * Redis is told from a stalled event loop: when the timer fires, the rejection waits for the
 * loop's I/O phase (setImmediate), so a reply already waiting in the socket is read first; and a
 * timer that fired later than the whole budget (the loop stalled, not Redis) gives the command
 * its budget once more from the moment the loop ran again.
 */
export function timed<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled = false;
  const started = performance.now();
  const timeout = new Promise<never>((_, reject) => {
    const expire = () => reject(new Error(`Redis did not answer within ${ms} ms`));
    timer = setTimeout(() => {
      const late = performance.now() - started - ms;
      setImmediate(() => {
        if (settled) return;
        if (late > ms) timer = setTimeout(() => setImmediate(() => settled || expire()), ms);
        else expire();
      });
    }, ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => {
    settled = true;
    clearTimeout(timer);
  });
}
