import { SERVICE } from '../schemas/endpoints.js';
import type { ClientContext } from '../core/context.js';
import type { Call } from '../core/operation.js';
import {
  type BookingListEntry,
  type ItineraryItem,
  type RetrieveBookingResponse,
} from '../schemas/booking.js';
import { LIST_LIMIT } from '../schemas/vocabulary.js';
import type { CreateCall, CreateLedger } from './create-ledger.js';

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
 * Exactly one such booking, and no booking that cannot be told apart (items without indices, a
 * get-booking that failed), is adopted. Two or more is ambiguous — two creates of the same indices
 * at once, elsewhere — and is never guessed.
 */

/**
 * Allowed difference between this machine's clock and the service's when comparing `created_at`.
 * Only a prefilter: identity is proven by the indices and the ledger. Too narrow would miss this
 * call's own booking (and an enveloped 502 would then lock the fare a second time).
 */
const CLOCK_SKEW_MS = 120_000;
/** Page size of the listing (spec §4.8 maximum). */
const PAGE = LIST_LIMIT.max;
/** Pages read at most; past them the listing is incomplete and nothing is concluded from it. */
const MAX_PAGES = 3;
/** Candidates retrieved at most; more than that on one trace within the window is ambiguous. */
const MAX_CANDIDATES = 10;
/** Rounds of "another create of this trace answered meanwhile: look again". */
const MAX_ROUNDS = 3;

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

/** Epoch ms of a wire timestamp (UTC; a zone-less one is read as UTC), or NaN. */
function parseUtc(at: string): number {
  return Date.parse(at.endsWith('Z') || /[+-]\d\d:?\d\d$/.test(at) ? at : `${at}Z`);
}

/** Created within [from, to]? A booking without a readable `created_at` cannot be ruled out. */
function createdWithin(b: BookingListEntry, from: number, to: number): boolean {
  const at = b.created_at ? parseUtc(b.created_at) : NaN;
  return Number.isNaN(at) || (at >= from && at <= to);
}

/** Older than `from` for sure (last change before it), whichever of the two timestamps the list sorts by. */
function surelyOlder(b: BookingListEntry, from: number): boolean {
  const at = parseUtc(b.modified_at ?? b.created_at ?? '');
  return !Number.isNaN(at) && at < from;
}

/** Lists the newest bookings back to the start of the window. `complete` is false when the pages ran out first. */
async function listSince(
  ctx: ClientContext,
  from: number,
  /** The create call: its reads are steps of it (its settings, headers and signal). */
  op: Call,
): Promise<{ entries: BookingListEntry[]; complete: boolean }> {
  const entries = new Map<string, BookingListEntry>();
  let offset = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { data } = await ctx.requester.call(
      SERVICE.list,
      { query: { limit: PAGE, offset } },
      op.child({ maxRetries: 1 }),
    );
    for (const b of data.results) entries.set(b.id, b);
    if (!data.next || data.results.length === 0 || data.results.some((b) => surelyOlder(b, from)))
      return { entries: [...entries.values()], complete: true };
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
  ledger: CreateLedger,
  entry: CreateCall,
  /** The create call: its reads are steps of it (its settings, headers and signal). */
  op: Call,
): Promise<Found> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (round > 0) await ledger.othersAnswered(entry);
    const from = call.startedAtMs - CLOCK_SKEW_MS;
    const listing = await listSince(ctx, from, op);
    const to = Date.now() + CLOCK_SKEW_MS;
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
    // From here on synchronous: no other call can claim between the decision and the claim.
    const open = checked.filter((c) => c.verdict !== 'different' && !ledger.claimed(c.id));
    const mine = open.filter((c) => c.verdict === 'same');
    if (mine.length === 1 && open.length === 1 && ledger.claim(mine[0]!.id)) {
      const { booking, requestId, receivedAt } = mine[0] as Checked & OwnBooking;
      return { kind: 'mine', booking, requestId, receivedAt };
    }
    if (open.length > 0) return { kind: 'unknown', candidates: open.map((c) => c.id) };
    return listing.complete ? { kind: 'none' } : { kind: 'unknown', candidates: [] };
  }
  return { kind: 'unknown', candidates: [] };
}
