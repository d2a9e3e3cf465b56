import { keepAlive, MAX_TIMER_MS } from '../../timer.js';
import type { Ticket, TokenTicket } from './ticket.js';

/** Where a bucket's tokens live: in this process, or shared through Redis. */
export interface TokenSource {
  /**
   * A ticket: a token was taken now. `false`: none is free; `wake()` is called when one may be.
   * A promise: resolves with a ticket once a token has been taken (shared; may take a while).
   */
  take(): TokenTicket | false | Promise<TokenTicket>;
  /** Tokens can be taken synchronously (enables the hot-path shortcut). */
  readonly sync: boolean;
  /** How many `take()` promises may be pending at once. */
  readonly maxInFlight: number;
  setKeepAlive(on: boolean): void;
  close(): Promise<void>;
}

interface Entry {
  fn: (ticket: Ticket) => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  state: 'queued' | 'taking' | 'done';
  prev: Entry | undefined;
  next: Entry | undefined;
}

interface BucketOptions {
  maxQueue: number;
  queueFullError: () => unknown;
  closedError: () => unknown;
}

/**
 * One budget's FIFO queue in front of a TokenSource: bounded, abortable (a queued call is really
 * removed), pausable, closable. The tokens arrive later in Redis mode (`attach`).
 */
export class Bucket {
  private first: Entry | undefined;
  private last: Entry | undefined;
  private queued = 0;
  private readonly taking = new Set<Entry>();
  private pausedUntil = 0;
  private pauseTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private tokens: TokenSource | undefined;

  constructor(private readonly options: BucketOptions) {}

  attach(tokens: TokenSource): void {
    this.tokens = tokens;
    this.drain();
  }

  /** Tokens may have come back: start what can start. */
  wake(): void {
    this.drain();
  }

  schedule<T>(fn: (ticket: Ticket) => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (this.closed) return Promise.reject(this.options.closedError());
    if (signal?.aborted) return Promise.reject(signal.reason);
    const tokens = this.tokens;
    // Hot path: nothing waiting, not paused, a token free -> run now, no extra ticks.
    if (tokens?.sync && this.first === undefined && performance.now() >= this.pausedUntil) {
      const ticket = tokens.take() as TokenTicket | false;
      if (ticket !== false) return runWith(fn, ticket) as Promise<T>;
    }
    if (this.queued + this.taking.size >= this.options.maxQueue) {
      return Promise.reject(this.options.queueFullError());
    }
    return new Promise<T>((resolve, reject) => {
      const entry: Entry = {
        fn,
        resolve: resolve as (value: unknown) => void,
        reject,
        signal,
        onAbort: undefined,
        state: 'queued',
        prev: undefined,
        next: undefined,
      };
      if (signal) {
        entry.onAbort = () => this.abort(entry);
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.link(entry, false);
      this.drain();
    });
  }

  /** Holds every queued call until `ms` from now; extends, never shortens, a pause in force. */
  pause(ms: number): void {
    if (!(ms > 0) || this.closed) return;
    const until = performance.now() + ms;
    if (until <= this.pausedUntil) return;
    this.pausedUntil = until;
    if (this.pauseTimer !== undefined) {
      clearTimeout(this.pauseTimer);
      this.pauseTimer = undefined;
      this.drain();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.pauseTimer !== undefined) clearTimeout(this.pauseTimer);
    this.pauseTimer = undefined;
    const waiting: Entry[] = [...this.taking];
    for (let e = this.first; e !== undefined; e = e.next) waiting.push(e);
    this.first = this.last = undefined;
    this.queued = 0;
    for (const entry of waiting) this.finish(entry).reject(this.options.closedError());
    await this.tokens?.close();
  }

  private drain(): void {
    const tokens = this.tokens;
    if (tokens === undefined || this.closed) return;
    while (this.first !== undefined) {
      const now = performance.now();
      if (now < this.pausedUntil) {
        this.armPause(now);
        break;
      }
      if (this.taking.size >= tokens.maxInFlight) break;
      const taken = tokens.take();
      if (taken === false) break;
      const entry = this.unlink(this.first);
      if (!(taken instanceof Promise)) {
        this.start(entry, taken);
        continue;
      }
      entry.state = 'taking';
      this.taking.add(entry);
      taken.then(
        (ticket) => this.taken(entry, ticket),
        (error: unknown) => {
          this.taking.delete(entry);
          if (entry.state === 'taking') this.finish(entry).reject(error);
          this.drain();
        },
      );
    }
    this.updateKeepAlive();
  }

  /** A clustered token arrived for `entry`. */
  private taken(entry: Entry, ticket: TokenTicket): void {
    this.taking.delete(entry);
    if (entry.state !== 'taking' || this.closed) {
      ticket.notSent(); // aborted (or closed) while waiting: never hold or spend the token
    } else if (performance.now() < this.pausedUntil) {
      ticket.notSent(); // a pause began meanwhile: back to the head of the line, token returned
      entry.state = 'queued';
      this.link(entry, true);
    } else {
      this.start(entry, ticket);
    }
    this.drain();
  }

  private start(entry: Entry, ticket: TokenTicket): void {
    const { resolve, reject } = this.finish(entry);
    runWith(entry.fn, ticket).then(resolve, reject);
  }

  private abort(entry: Entry): void {
    if (entry.state === 'queued') this.unlink(entry);
    else if (entry.state !== 'taking') return;
    // 'taking': the token, if it comes, is given back in taken().
    this.finish(entry).reject(entry.signal?.reason);
    this.updateKeepAlive();
  }

  /** Marks the entry settled and detaches its abort listener. */
  private finish(entry: Entry): Pick<Entry, 'resolve' | 'reject'> {
    entry.state = 'done';
    if (entry.onAbort) entry.signal?.removeEventListener('abort', entry.onAbort);
    entry.onAbort = undefined;
    return entry;
  }

  private armPause(now: number): void {
    if (this.pauseTimer !== undefined) return;
    this.pauseTimer = setTimeout(
      () => {
        this.pauseTimer = undefined;
        this.drain();
      },
      // A pause as long as a timer can hold (maxRetryAfterMs 2³¹−1) plus the 1 ms would overflow
      // it; capped, the timer fires early and drain() re-arms it for the rest.
      Math.min(Math.ceil(this.pausedUntil - now) + 1, MAX_TIMER_MS),
    );
  }

  private updateKeepAlive(): void {
    const waiting = this.queued + this.taking.size > 0;
    this.tokens?.setKeepAlive(waiting);
    if (this.pauseTimer !== undefined) {
      keepAlive(this.pauseTimer, waiting);
    }
  }

  private link(entry: Entry, atHead: boolean): void {
    this.queued++;
    if (this.first === undefined || this.last === undefined) {
      this.first = this.last = entry;
    } else if (atHead) {
      entry.next = this.first;
      this.first.prev = entry;
      this.first = entry;
    } else {
      entry.prev = this.last;
      this.last.next = entry;
      this.last = entry;
    }
  }

  private unlink(entry: Entry): Entry {
    this.queued--;
    if (entry.prev) entry.prev.next = entry.next;
    else this.first = entry.next;
    if (entry.next) entry.next.prev = entry.prev;
    else this.last = entry.prev;
    entry.prev = entry.next = undefined;
    return entry;
  }
}

/** Runs fn with its ticket and settles the ticket once fn has settled (whatever it reported). */
function runWith(fn: (ticket: Ticket) => unknown, ticket: TokenTicket): Promise<unknown> {
  let result: Promise<unknown>;
  try {
    result = Promise.resolve(fn(ticket));
  } catch (error) {
    ticket.settled();
    return Promise.reject(error);
  }
  return result.then(
    (value) => {
      ticket.settled();
      return value;
    },
    (error: unknown) => {
      ticket.settled();
      throw error;
    },
  );
}
