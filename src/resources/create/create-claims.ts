import type { ClientContext } from '../../core/state/context.js';
import type { SharedStore } from '../../core/limiter/limiter.js';

/**
 * Create's claims across instances (docs/booking-safety.md, "Many instances"). The per-client
 * ledger (create-ledger.ts) proves what one client did; with `rateLimits.redis` every create call
 * also tells the others, through the limiter's own connection, what it is doing:
 * - `{prefix}:create:<trace_id>:<indices>` — a hash, one field per create call of that selection:
 *   `wire` (an attempt may be on its way), `failed` (it failed and is being settled), `held` (it
 *   holds a booking: the service's answer, or adopted), `none` (it proved it made nothing) or
 *   `unknown` (it ended without knowing), with when it last changed;
 * - `{prefix}:create-claim:<booking_id>` — the call that holds the booking (SET NX: one holder).
 * A call settling an interrupted create adopts a booking only when no other call of the same
 * selection is on the wire (it waits for their answers), none is unsettled or ended unknown (then
 * the booking may be theirs: CreateOutcomeUnknownError names it), and its claim is the first.
 * Keys expire after CLAIM_TTL_MS. Writes are best effort: a store that is away never stops a
 * create, but nothing is adopted without it (Redis configured, or `createAdoption:
 * 'shared-store'`): what cannot be proven is named, never taken.
 */

/** How long claims and states are kept: far longer than a create call plus the listing window. */
const CLAIM_TTL_MS = 30 * 60_000;
/** How often the store is read while another create of the selection is on the wire. */
const POLL_MS = 100;

export type CreateState = 'wire' | 'failed' | 'held' | 'none' | 'unknown';

/** What the other calls of this selection are doing, as the store says. */
export interface OthersSeen {
  /** Another call may have an attempt on its way (its answer would claim what it made). */
  onWire: boolean;
  /** Another call failed and is being settled, or ended not knowing: a booking may be its. */
  unsettled: boolean;
  /** Candidates held by another call. */
  claimed: Set<string>;
}

/** One create call's view of the shared store. */
export interface SharedCreates {
  readonly isUp: boolean;
  mark(state: CreateState): Promise<void>;
  /** True when this call holds the booking now (first claim, or already its own). */
  claim(bookingId: string): Promise<boolean>;
  /** The other calls of this selection active since `sinceMs` (epoch ms), and who holds `candidates`. */
  others(candidates: readonly string[], sinceMs: number): Promise<OthersSeen>;
  /** Waits while another call of this selection is on the wire, at most until `untilMs` (performance.now()). */
  othersAnswered(sinceMs: number, untilMs: number, signal?: AbortSignal): Promise<void>;
}

const randomId = () => {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * This create call's handle on the shared store: undefined without `rateLimits.redis` (the
 * per-client ledger is the proof then, or nothing is: `createAdoption`).
 */
export async function sharedCreates(
  ctx: ClientContext,
  traceId: string,
  indices: readonly string[],
): Promise<SharedCreates | undefined> {
  const store: SharedStore | undefined = await ctx.limiter.shared?.();
  if (!store) return undefined;
  const me = randomId();
  const selection = `${traceId}:${JSON.stringify([...indices].sort())}`;
  const calls = (prefix: string) => `${prefix}:create:${selection}`;
  const claimKey = (prefix: string, id: string) => `${prefix}:create-claim:${id}`;
  const warn = (what: string, error: unknown) =>
    ctx.logger.warn?.(
      `could not ${what} in Redis (${error instanceof Error ? error.message : String(error)}); an interrupted create will not adopt a booking meanwhile`,
      { trace_id: traceId },
    );

  const others = async (candidates: readonly string[], sinceMs: number): Promise<OthersSeen> =>
    store.run(async (c, prefix) => {
      const all = await c.hgetall(calls(prefix));
      const seen: OthersSeen = { onWire: false, unsettled: false, claimed: new Set() };
      for (const [call, value] of Object.entries(all ?? {})) {
        const [state, at] = value.split('|');
        if (call === me || Number(at) < sinceMs) continue;
        if (state === 'wire') seen.onWire = true;
        else if (state === 'failed' || state === 'unknown') seen.unsettled = true;
      }
      if (candidates.length > 0) {
        const holders = await c.mget(...candidates.map((id) => claimKey(prefix, id)));
        candidates.forEach((id, i) => {
          const holder = holders[i];
          if (holder != null && holder !== me) seen.claimed.add(id);
        });
      }
      return seen;
    });

  return {
    get isUp() {
      return store.isUp;
    },
    async mark(state) {
      try {
        await store.run(async (c, prefix) => {
          await c.hset(calls(prefix), me, `${state}|${Date.now()}`);
          await c.pexpire(calls(prefix), CLAIM_TTL_MS);
        });
      } catch (error) {
        warn('record a create', error);
      }
    },
    async claim(bookingId) {
      return store.run(async (c, prefix) => {
        const key = claimKey(prefix, bookingId);
        if ((await c.set(key, me, 'PX', CLAIM_TTL_MS, 'NX')) === 'OK') return true;
        const [holder] = await c.mget(key);
        return holder === me;
      });
    },
    others,
    async othersAnswered(sinceMs, untilMs, signal) {
      while (performance.now() < untilMs && !signal?.aborted) {
        if (!(await others([], sinceMs)).onWire) return;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  };
}
