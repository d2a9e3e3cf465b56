/**
 * Small, dependency-free helpers of the fault suites and benchmarks: a bounded settle, a bounded
 * pool, and an unhandled-rejection counter.
 */

/** How a call ended: a value, an error, or nothing within the bound. */
export type Settled =
  | { kind: 'ok'; value: unknown; ms: number }
  | { kind: 'error'; error: unknown; ms: number }
  | { kind: 'hang'; ms: number };

/** Waits for `promise` at most `boundMs`; a late settlement is still handled (never unhandled). */
export function settle(promise: Promise<unknown>, boundMs: number): Promise<Settled> {
  const started = performance.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ kind: 'hang', ms: performance.now() - started }), boundMs);
    promise.then(
      (value) => (clearTimeout(timer), resolve({ kind: 'ok', value, ms: performance.now() - started })),
      (error: unknown) => (
        clearTimeout(timer),
        resolve({ kind: 'error', error, ms: performance.now() - started })
      ),
    );
  });
}

/** Runs `fn` over `items` with at most `concurrency` at once; results keep the input order. */
export async function pool<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}

/** Counts unhandled rejections from now on; `stop()` removes the listener. */
export function countUnhandled(): { readonly count: number; readonly reasons: unknown[]; stop(): void } {
  const reasons: unknown[] = [];
  const listener = (reason: unknown) => void reasons.push(reason);
  process.on('unhandledRejection', listener);
  return {
    get count() {
      return reasons.length;
    },
    reasons,
    stop: () => void process.off('unhandledRejection', listener),
  };
}

/** A short description of a settled call, for assertion messages. */
export function describeSettled(s: Settled): string {
  if (s.kind === 'hang') return `hung (no settlement after ${Math.round(s.ms)} ms)`;
  if (s.kind === 'ok') return `resolved in ${Math.round(s.ms)} ms`;
  const e = s.error as Error;
  return `rejected in ${Math.round(s.ms)} ms with ${e?.constructor?.name ?? typeof e}: ${e?.message ?? String(e)}`;
}
