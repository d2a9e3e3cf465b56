import { ReturnLog } from './return-log.js';
import type { Hold, TokenTicket } from './ticket.js';
import type { TokenSource } from './bucket.js';

/**
 * Tokens held in this process: an exact sliding-window log. A token comes back `windowMs` after
 * min(answered, sent + marginMs); without an answer, after min(settled, sent + marginMs); never
 * sent and never answered, `windowMs` after the call settled. (`marginMs` is read when the return
 * is decided: it follows this process's lateness, see lateness.ts.)
 */
export class LocalTokens implements TokenSource {
  readonly sync = true;
  readonly maxInFlight = Infinity;
  private available: number;
  private readonly log: ReturnLog<LocalTicket>;

  constructor(
    limit: number,
    readonly hold: Hold,
    private readonly wake: () => void,
  ) {
    this.available = limit;
    this.log = new ReturnLog((ticket, due) => ticket.release(due));
  }

  take(): LocalTicket | false {
    if (this.available <= 0) return false;
    this.available--;
    return new LocalTicket(this);
  }

  /** @internal */ returnAt(ticket: LocalTicket, due: number): void {
    this.log.push(due, ticket);
  }

  /** @internal */ returned(now: boolean): void {
    this.available++;
    if (now) queueMicrotask(this.wake);
    else this.wake();
  }

  setKeepAlive(on: boolean): void {
    this.log.setKeepAlive(on);
  }

  async close(): Promise<void> {
    this.log.clear();
  }
}

class LocalTicket implements TokenTicket {
  private sentAt: number | undefined;
  /** The return time is decided (answer, settle or not sent). */
  private anchored = false;
  private released = false;
  /** The latest decided return time: a log entry due earlier is stale. */
  private due = Infinity;

  constructor(private readonly owner: LocalTokens) {
    owner.hold.busy?.(1);
  }

  sent(at: number): void {
    if (this.anchored || this.released || this.sentAt !== undefined) return;
    this.sentAt = at;
    // Returned by then if no answer ever comes (the call never settles).
    this.returnAt(at + this.owner.hold.marginMs + this.owner.hold.windowMs);
  }

  answered(at: number): void {
    if (this.anchored || this.released) return;
    // Counted by its answer, and no later than the margin after its send.
    this.anchor(this.sentAt === undefined ? at : Math.min(at, this.sentAt + this.owner.hold.marginMs));
  }

  notSent(): void {
    if (this.anchored || this.released || this.sentAt !== undefined) return;
    this.anchored = true;
    this.released = true;
    this.owner.hold.busy?.(-1);
    this.owner.returned(true);
  }

  settled(): void {
    if (this.anchored || this.released) return;
    // No answer: counted no later than the margin after its send (or, never sent, by now).
    this.anchor(this.sentAt === undefined ? performance.now() : this.sentAt + this.owner.hold.marginMs);
  }

  /** Called by the log when a due time passes; stale (earlier) and later entries are no-ops. */
  release(due: number): void {
    if (this.released || due < this.due) return;
    this.released = true;
    this.owner.returned(false);
  }

  /**
   * The service counted the request by `at`: the token comes back a window later. (The margin is
   * read now, so it includes a stall while the request was in flight.)
   */
  private anchor(at: number): void {
    this.anchored = true;
    this.owner.hold.busy?.(-1);
    this.returnAt(at + this.owner.hold.windowMs);
  }

  private returnAt(due: number): void {
    this.due = due;
    this.owner.returnAt(this, due);
  }
}
