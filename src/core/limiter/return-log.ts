import { keepAlive, MAX_TIMER_MS } from '../../timer.js';

/**
 * The due times of one bucket's tokens: a min-heap, because tokens anchored to their answers do
 * not come back in the order they were taken. One timer for the earliest due serves the whole log.
 * The heap never holds more than a few entries per outstanding token (at most `limit` of them).
 */
export class ReturnLog<T> {
  private readonly heap: Array<{ due: number; item: T }> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private armedFor = Infinity;
  private keepAlive = false;

  constructor(private readonly onDue: (item: T, due: number) => void) {}

  /** `item` is due at `due` (performance.now()); onDue(item, due) runs at or after it, never before. */
  push(due: number, item: T): void {
    const heap = this.heap;
    heap.push({ due, item });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((heap[parent] as { due: number }).due <= due) break;
      [heap[parent], heap[i]] = [
        heap[i] as { due: number; item: T },
        heap[parent] as { due: number; item: T },
      ];
      i = parent;
    }
    if (due < this.armedFor) this.arm(performance.now());
  }

  get size(): number {
    return this.heap.length;
  }

  /** A pending return keeps the process alive only while calls wait for it. */
  setKeepAlive(on: boolean): void {
    this.keepAlive = on;
    if (this.timer !== undefined) {
      keepAlive(this.timer, on);
    }
  }

  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Infinity;
    this.heap.length = 0;
  }

  private arm(now: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Infinity;
    const first = this.heap[0];
    if (first === undefined) return;
    this.armedFor = first.due;
    // +1: timers have ms resolution; never hand a token back before its due time. A due time past
    // what a timer holds (windowMs 2³¹−1 plus the margin) is capped: fire() finds nothing due and re-arms.
    this.timer = setTimeout(
      () => this.fire(),
      Math.min(Math.max(0, Math.ceil(first.due - now)) + 1, MAX_TIMER_MS),
    );
    if (!this.keepAlive) keepAlive(this.timer, false);
  }

  private fire(): void {
    this.timer = undefined;
    this.armedFor = Infinity;
    const now = performance.now();
    const due: Array<{ due: number; item: T }> = [];
    while (this.heap.length > 0 && (this.heap[0] as { due: number }).due <= now) due.push(this.pop());
    this.arm(now);
    for (const entry of due) this.onDue(entry.item, entry.due);
  }

  private pop(): { due: number; item: T } {
    const heap = this.heap;
    const top = heap[0] as { due: number; item: T };
    const last = heap.pop() as { due: number; item: T };
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && (heap[l] as { due: number }).due < (heap[m] as { due: number }).due) m = l;
        if (r < heap.length && (heap[r] as { due: number }).due < (heap[m] as { due: number }).due) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i] as { due: number; item: T }, heap[m] as { due: number; item: T }];
        i = m;
      }
    }
    return top;
  }
}
