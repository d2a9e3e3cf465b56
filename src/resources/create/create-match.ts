import { SERVICE } from '../../schemas/endpoints.js';
import type { ClientContext } from '../../core/state/context.js';
import type { Call } from '../../core/call/call.js';
import {
  type BookingListEntry,
  type ItineraryItem,
  type RetrieveBookingResponse,
} from '../../schemas/booking.js';
import { LIST_LIMIT } from '../../schemas/plain/vocabulary.js';
import { parseWireInstant } from '../../dates.js';
import type { CreateCall, CreateLedger } from './create-ledger.js';
import type { OthersSeen, SharedCreates } from './create-claims.js';

/**
 * Finding the booking an interrupted create made — and only that one. A listed booking is this
 * call's when all of these hold:
 * - same `trace_id`, status `draft` (a booking nobody else knows of cannot have moved on), and
 *   `created_at` within the call (from its start to the listing, widened by CLOCK_SKEW_MS);
 * - not made or adopted by another create of this client (the ledger), and not a booking this
 *   client already knew;
 * - its `itinerary_items[].result_index` (read with get-booking: list entries do not carry them)
 *   are exactly the indices this call sent (as a set: a coupled pair's one index may appear on one
 *   item or on each leg's item).
 * - across instances (create-claims.ts): with `rateLimits.redis`, not held by another create
 *   call, and no other call of the same selection on the wire, unsettled or ended unknown; without
 *   it, the ledger is the proof only with `createAdoption: 'this-client'`.
 * Exactly one such booking, and no booking that cannot be told apart (items without indices, a
 * get-booking that failed), is adopted. Two or more is ambiguous — two creates of the same indices
 * at once, elsewhere — and is never guessed. Nothing is concluded, either way, from a listing that
 * did not reach back to the window's start: at a partner's raised limits (5 creates a second is
 * 600 bookings in the window) that takes as many pages as it takes, within the settling budget.
 */

/**
 * Allowed difference between this machine's clock and the service's when comparing `created_at`.
 * Only a prefilter: identity is proven by the indices and the ledger. Too narrow would miss this
 * call's own booking (and an enveloped 502 would then lock the fare a second time).
 */
const CLOCK_SKEW_MS = 120_000;
/** Page size of the listing (spec §4.8 maximum). */
const PAGE = LIST_LIMIT.max;
/**
 * Pages always read when the window needs them; further pages are read while the settling budget
 * (`untilMs`, from `bookReconcile.timeoutMs`) lasts. No fixed cap: the window holds as many
 * bookings as the partner's limits let it make in the look-back.
 */
const MIN_PAGES = 3;
/** Candidates retrieved at most; more than that on one trace within the window is ambiguous. */
const MAX_CANDIDATES = 10;
/** Rounds of "another create of this trace answered meanwhile: look again". */
const MAX_ROUNDS = 3;

/**
 * What proves a listed booking is this call's beside the indices: this client's ledger (one
 * instance creates from a search at a time), the shared store's claims (create-claims.ts), or
 * nothing (`createAdoption: 'shared-store'` without Redis: a candidate is named, never adopted).
 */
export type Proof = 'ledger' | 'none' | SharedCreates;

/** The store's view of the other calls (undefined: no store, or it is away); 'on-wire': look again. */
async function sharedView(
  proof: Proof,
  checked: readonly Checked[],
  sinceMs: number,
): Promise<OthersSeen | 'on-wire' | undefined> {
  if (typeof proof !== 'object' || !proof.isUp) return undefined;
  try {
    const seen = await proof.others(
      checked.filter((c) => c.verdict !== 'different').map((c) => c.id),
      sinceMs,
    );
    return seen.onWire ? 'on-wire' : seen;
  } catch {
    return undefined; // the store went away: nothing is provable across instances now
  }
}

/** Claims the booking in the shared store (the ledger alone: nothing to claim there). */
async function claimShared(proof: Proof, id: string): Promise<boolean> {
  if (typeof proof !== 'object') return proof === 'ledger';
  try {
    return await proof.claim(id);
  } catch {
    return false;
  }
}

/** What this create call sent, and when it began (epoch ms, this machine's clock). */
export interface CallInfo {
  traceId: string;
  indices: readonly string[];
  startedAtMs: number;
}

/** A booking proven to be this call's, as get-booking returned it. */
export interface OwnBooking {
  booking: RetrieveBookingResponse;
  requestId: string | undefined;
  receivedAt: number;
}

/** What a look found: this call's booking, proof that it made none (yet), or not decidable. */
export type Found =
  ({ kind: 'mine' } & OwnBooking) | { kind: 'none' } | { kind: 'unknown'; candidates: string[] };

/** How a booking's itinerary items compare with the indices a create sent. */
export function indicesMatch(
  items: readonly ItineraryItem[] | null | undefined,
  sent: readonly string[],
): 'same' | 'different' | 'cannot-tell' {
  if (!items || items.length === 0) return 'cannot-tell';
  const ours = new Set(sent);
  const theirs = new Set<string>();
  let missing = false;
  for (const item of items) {
    const index = item.result_index;
    if (typeof index !== 'string' || index === '') missing = true;
    else if (!ours.has(index)) return 'different';
    else theirs.add(index);
  }
  if (missing) return 'cannot-tell';
  return theirs.size === ours.size ? 'same' : 'different';
}

/** Created within [from, to]? A booking without a readable `created_at` cannot be ruled out. */
function createdWithin(b: BookingListEntry, from: number, to: number): boolean {
  const at = parseWireInstant(b.created_at);
  return Number.isNaN(at) || (at >= from && at <= to);
}

/** Older than `from` for sure (last change before it), whichever of the two timestamps the list sorts by. */
function surelyOlder(b: BookingListEntry, from: number): boolean {
  const at = parseWireInstant(b.modified_at ?? b.created_at);
  return !Number.isNaN(at) && at < from;
}

/**
 * Lists the newest bookings back to the start of the window, page after page (offsets shift as
 * new bookings arrive on top: an entry may be seen twice, never skipped). `complete` is false when
 * the budget ran out first, or when a page brought nothing new (a listing that does not advance).
 */
async function listSince(
  ctx: ClientContext,
  from: number,
  /** `performance.now()` after which no page beyond the first MIN_PAGES is requested. */
  untilMs: number,
  /** The create call: its reads are steps of it (its settings, headers and signal). */
  op: Call,
): Promise<{ entries: BookingListEntry[]; complete: boolean }> {
  const entries = new Map<string, BookingListEntry>();
  let offset = 0;
  for (let page = 0; page < MIN_PAGES || performance.now() < untilMs; page++) {
    const { data } = await ctx.requester.call(
      SERVICE.list,
      { query: { limit: PAGE, offset } },
      op.child({ maxRetries: 1 }),
    );
    const before = entries.size;
    for (const b of data.results) entries.set(b.id, b);
    if (!data.next || data.results.length === 0 || data.results.some((b) => surelyOlder(b, from)))
      return { entries: [...entries.values()], complete: true };
    if (entries.size === before) break;
    offset += data.results.length;
  }
  return { entries: [...entries.values()], complete: false };
}

type Checked = { id: string; verdict: 'same' | 'different' | 'cannot-tell' } & Partial<OwnBooking>;

/** Retrieves a candidate and compares its indices; a failed retrieve cannot tell. */
async function check(
  ctx: ClientContext,
  id: string,
  call: CallInfo,
  /** The create call: its reads are steps of it (its settings, headers and signal). */
  op: Call,
): Promise<Checked> {
  try {
    const { data: booking, response } = await ctx.requester.call(
      SERVICE.retrieve,
      { booking_id: id },
      op.child({ maxRetries: 1 }),
    );
    if (booking.status !== 'draft' || (booking.trace_id && booking.trace_id !== call.traceId))
      return { id, verdict: 'different' };
    return {
      id,
      verdict: indicesMatch(booking.itinerary_items, call.indices),
      booking,
      requestId: response.requestId,
      receivedAt: response.receivedAt,
    };
  } catch (error) {
    ctx.logger.info?.(
      `could not retrieve booking ${id} to compare it with create for ${call.traceId}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { id, verdict: 'cannot-tell' };
  }
}

/**
 * One look for the booking this create call made (see the rule above). Throws when the listing
 * fails. Adopting claims the booking in the ledger, in the same tick as the decision.
 */
export async function lookForOwnBooking(
  ctx: ClientContext,
  call: CallInfo,
  /** This client's ledger and the call's entry; `proof`: what proves a booking is this call's. */
  { ledger, entry, proof }: { ledger: CreateLedger; entry: CreateCall; proof: Proof },
  /** `performance.now()` at the settling budget's end (pages beyond the first MIN_PAGES only before it). */
  untilMs: number,
  /** The create call: its reads are steps of it (its settings, headers and signal). */
  op: Call,
): Promise<Found> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (round > 0) await ledger.othersAnswered(entry);
    if (round > 0 && typeof proof === 'object')
      await proof
        .othersAnswered(call.startedAtMs - CLOCK_SKEW_MS, untilMs, op.settings.signal)
        .catch(() => undefined); // the store went away: the look below proves nothing across instances
    const from = call.startedAtMs - CLOCK_SKEW_MS;
    const listing = await listSince(ctx, from, untilMs, op);
    const to = ctx.clock.wallNow() + CLOCK_SKEW_MS;
    const candidates = listing.entries.filter(
      (b) =>
        b.trace_id === call.traceId &&
        b.status === 'draft' &&
        createdWithin(b, from, to) &&
        !ledger.claimed(b.id) &&
        ctx.registry.booking(b.id) === undefined,
    );
    if (candidates.length > MAX_CANDIDATES)
      return { kind: 'unknown', candidates: candidates.map((b) => b.id) };
    const checked = await Promise.all(candidates.map((b) => check(ctx, b.id, call, op)));
    // Another create of this trace answered meanwhile: its booking may be among these. Look again.
    if (ledger.othersOnWire(entry)) continue;
    // Other instances (create-claims.ts): wait for those on the wire; skip what they hold.
    const others = await sharedView(proof, checked, call.startedAtMs - CLOCK_SKEW_MS);
    if (others === 'on-wire') continue;
    // From here on synchronous (but the shared claim): no call of this client can claim between
    // the decision and the claim.
    const open = checked.filter(
      (c) => c.verdict !== 'different' && !ledger.claimed(c.id) && !others?.claimed.has(c.id),
    );
    // A listing cut short may hide another candidate further down: neither adopt nor rule out.
    if (!listing.complete) return { kind: 'unknown', candidates: open.map((c) => c.id) };
    const mine = open.filter((c) => c.verdict === 'same');
    // Provable only with the proof in force: the ledger (one instance), or the store with no other
    // call of this selection unsettled and this call's claim first.
    const provable = proof === 'ledger' || (others !== undefined && !others.unsettled);
    if (mine.length === 1 && open.length === 1 && provable && (await claimShared(proof, mine[0]!.id))) {
      if (ledger.claim(mine[0]!.id)) {
        const { booking, requestId, receivedAt } = mine[0] as Checked & OwnBooking;
        return { kind: 'mine', booking, requestId, receivedAt };
      }
    }
    if (open.length > 0) return { kind: 'unknown', candidates: open.map((c) => c.id) };
    return { kind: 'none' };
  }
  return { kind: 'unknown', candidates: [] };
}
