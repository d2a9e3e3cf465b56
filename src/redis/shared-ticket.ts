import type { Hold, TokenTicket } from '../core/limiter/ticket.js';

/** What a ticket needs of the shared log that issued it (shared-tokens.ts; no import back). */
export interface TicketOwner {
  readonly hold: Hold;
  /** Moves the ticket's entry (fire-and-forget). */
  update(member: string, at: number, holdMs: number, mode: 'LT' | 'GT' | 'SET'): void;
  track(ticket: SharedTicket, open: boolean): void;
  release(member: string): void;
}

/** A token in the shared log; reports move its entry's due time in Redis. */
export class SharedTicket implements TokenTicket {
  private sentAt: number | undefined;
  /** The margin the send's due time was set with (sent + window + margin). */
  private sentMargin = 0;
  private anchored = false;
  private released = false;

  constructor(
    private readonly owner: TicketOwner,
    readonly member: string,
  ) {
    owner.hold.busy?.(1);
  }

  sent(at: number): void {
    if (this.anchored || this.released || this.sentAt !== undefined) return;
    this.sentAt = at;
    this.sentMargin = this.owner.hold.marginMs;
    this.owner.track(this, false);
    this.owner.update(this.member, at, this.owner.hold.windowMs + this.sentMargin, 'SET');
  }

  answered(at: number): void {
    if (this.anchored || this.released) return;
    this.settle();
    const { windowMs, marginMs } = this.owner.hold;
    if (this.sentAt === undefined || at < this.sentAt + this.sentMargin) {
      // Earlier than the send's cap: move it there (and wake the others).
      this.owner.update(this.member, Math.floor(at), windowMs, 'LT');
    } else if (marginMs > this.sentMargin) {
      // Late answer, and the margin grew meanwhile (a stall in flight): the cap moves later.
      this.owner.update(this.member, this.sentAt, windowMs + Math.min(marginMs, at - this.sentAt), 'GT');
    }
  }

  notSent(): void {
    if (this.anchored || this.released || this.sentAt !== undefined) return;
    this.released = true;
    this.owner.hold.busy?.(-1);
    this.owner.track(this, false);
    this.owner.release(this.member);
  }

  settled(): void {
    if (this.anchored || this.released) return;
    this.settle();
    const { windowMs, marginMs } = this.owner.hold;
    if (this.sentAt === undefined) this.owner.update(this.member, performance.now(), windowMs, 'GT');
    else if (marginMs > this.sentMargin)
      this.owner.update(this.member, this.sentAt, windowMs + marginMs, 'GT');
  }

  private settle(): void {
    this.anchored = true;
    this.owner.hold.busy?.(-1);
    this.owner.track(this, false);
  }
}
