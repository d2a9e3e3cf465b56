import { ReturnLog } from './return-log.js';
import type { Hold, TokenTicket } from './ticket.js';
import type { TokenSource } from './bucket.js';

/**
 * Tokens held in this process: an exact sliding-window log. A token comes back `windowMs` after
 * min(answered, sent + marginMs); without either, `windowMs` after the call settled.
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
    this.log = new ReturnLog((ticket) => ticket.release());
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
  private anchored = false;
  private released = false;

  constructor(private readonly owner: LocalTokens) {}

  sent(at: number): void {
    if (this.anchored || this.released || this.sentAt !== undefined) return;
    this.sentAt = at;
    const { windowMs, marginMs } = this.owner.hold;
    this.owner.returnAt(this, at + marginMs + windowMs);
  }

  answered(at: number): void {
    if (this.anchored || this.released) return;
    this.anchored = true;
    const { windowMs, marginMs } = this.owner.hold;
    const anchor = this.sentAt === undefined ? at : Math.min(at, this.sentAt + marginMs);
    this.owner.returnAt(this, anchor + windowMs);
  }

  notSent(): void {
    if (this.anchored || this.released || this.sentAt !== undefined) return;
    this.anchored = true;
    this.released = true;
    this.owner.returned(true);
  }

  settled(): void {
    if (this.anchored || this.released) return;
    this.anchored = true;
    // Sent but never answered: the send-time cap already scheduled the return.
    if (this.sentAt === undefined) this.owner.returnAt(this, performance.now() + this.owner.hold.windowMs);
  }

  /** Called by the log when a due time passes; later due entries of this ticket are no-ops. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.owner.returned(false);
  }
}
