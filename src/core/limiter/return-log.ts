/**
 * The sliding-window log of one bucket: every token taken is given back exactly `holdMs` after the
 * request was sent. Due times are monotonic (same hold, monotonic clock), so one timer for the
 * oldest entry serves the whole log.
 */
export class ReturnLog {
  private readonly dues: number[] = [];
  private head = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private keepAlive = false;

  constructor(
    private readonly holdMs: number,
    private readonly onDue: (count: number) => void,
  ) {}

  /** Records a send at `now` (performance.now()); its token comes back holdMs later. */
  push(now: number): void {
    this.dues.push(now + this.holdMs);
    if (this.timer === undefined) this.arm(now);
  }

  /** Number of tokens still out. */
  get outstanding(): number {
    return this.dues.length - this.head;
  }

  /** Milliseconds until each outstanding token is due, oldest first. */
  remaining(now: number): number[] {
    return this.dues.slice(this.head).map((due) => Math.max(0, Math.ceil(due - now)));
  }

  /** A pending return keeps the process alive only while calls wait for it. */
  setKeepAlive(on: boolean): void {
    this.keepAlive = on;
    if (this.timer !== undefined) {
      if (on) this.timer.ref();
      else this.timer.unref();
    }
  }

  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.dues.length = 0;
    this.head = 0;
  }

  private arm(now: number): void {
    const due = this.dues[this.head];
    if (due === undefined) return;
    // +1: timers have ms resolution; never hand a token back before its due time.
    this.timer = setTimeout(() => this.fire(), Math.max(0, Math.ceil(due - now)) + 1);
    if (!this.keepAlive) this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    const now = performance.now();
    let count = 0;
    while (this.head < this.dues.length && (this.dues[this.head] as number) <= now) {
      this.head++;
      count++;
    }
    if (this.head > 1024 && this.head * 2 > this.dues.length) {
      this.dues.splice(0, this.head);
      this.head = 0;
    }
    this.arm(now);
    if (count > 0) this.onDue(count);
  }
}
