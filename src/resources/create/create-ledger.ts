import type { ClientContext } from '../../core/state/context.js';

/**
 * The create calls of one client, so that an interrupted create never adopts a booking another
 * create of the same client made or adopted. A booking id is *claimed* by the call that got it
 * (from the service's answer, or by adoption); a call that looks for the booking it may have made
 * skips claimed ids, and first waits for the other creates on the same trace that are still on the
 * wire: their answers may be about to claim a booking the listing shows. Claims are kept for
 * CLAIM_TTL_MS, well past any listing window.
 */

/** How long a claim is kept: far longer than a create call plus the listing window's skew. */
const CLAIM_TTL_MS = 30 * 60_000;

/** One create call, from its first attempt to its result. */
export interface CreateCall {
  readonly traceId: string;
}

interface CallState extends CreateCall {
  /** The attempt on the wire, settled when its answer (or failure) is in; undefined between attempts. */
  onWire: Promise<void> | undefined;
  done: (() => void) | undefined;
}

/** The per-client ledger of create calls and claimed booking ids. */
export class CreateLedger {
  readonly #calls = new Set<CallState>();
  readonly #claims = new Map<string, number>();

  /** Registers a call; pair with `end`. */
  begin(traceId: string): CreateCall {
    const call: CallState = { traceId, onWire: undefined, done: undefined };
    this.#calls.add(call);
    return call;
  }

  /** An attempt of `call` goes on the wire. */
  sending(call: CreateCall): void {
    const state = call as CallState;
    state.onWire = new Promise<void>((resolve) => (state.done = resolve));
  }

  /** The attempt's answer (or failure) is in: whatever it made is claimed or being looked for. */
  answered(call: CreateCall): void {
    const state = call as CallState;
    state.done?.();
    state.onWire = state.done = undefined;
  }

  /** Removes a finished call. */
  end(call: CreateCall): void {
    this.answered(call);
    this.#calls.delete(call as CallState);
  }

  /** True while another create on the same trace has an attempt on the wire. */
  othersOnWire(call: CreateCall): boolean {
    return this.#othersOnWire(call).length > 0;
  }

  /** Waits for the attempts of other creates on the same trace now on the wire (their answers claim what they made). */
  async othersAnswered(call: CreateCall): Promise<void> {
    const pending = this.#othersOnWire(call);
    if (pending.length > 0) await Promise.all(pending);
  }

  #othersOnWire(call: CreateCall): Promise<void>[] {
    const out: Promise<void>[] = [];
    for (const c of this.#calls) if (c !== call && c.traceId === call.traceId && c.onWire) out.push(c.onWire);
    return out;
  }

  /** Claims a booking id for the calling create; false when another call has it. */
  claim(bookingId: string): boolean {
    this.#prune();
    if (this.#claims.has(bookingId)) return false;
    this.#claims.set(bookingId, Date.now());
    return true;
  }

  /** True when a create of this client made or adopted the booking. */
  claimed(bookingId: string): boolean {
    return this.#claims.has(bookingId);
  }

  #prune(): void {
    const oldest = Date.now() - CLAIM_TTL_MS;
    for (const [id, at] of this.#claims) {
      if (at >= oldest) break; // insertion order is claim order
      this.#claims.delete(id);
    }
  }
}

const ledgers = new WeakMap<ClientContext, CreateLedger>();

/** The ledger of a client (created on first use, dropped with the client). */
export function ledgerOf(ctx: ClientContext): CreateLedger {
  let ledger = ledgers.get(ctx);
  if (!ledger) ledgers.set(ctx, (ledger = new CreateLedger()));
  return ledger;
}
