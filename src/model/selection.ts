/**
 * A Selection: what `results.select(out, back)` (or `flights.selectionFromToken`) hands over to
 * fare rules and create-booking, made in one place by the round-trip rules.
 */
import type { FlightOption, InboundOption, PaxCount, Pricing, Source } from '../schemas/common.js';
import { Deadline } from './deadline.js';
import type { IndexRoles } from './index-roles.js';
import { sumPricing } from './money.js';
import { failSelection } from './option-index.js';

/** The round-trip style actually in force: `null` for a one-way search. */
export type RoundTripStyle = 'coupled' | 'independent';

/**
 * A choice ready for `flights.fareRules` and `bookings.create`: the `result_indices` to send,
 * the price that will be charged, and the search's deadline. A plain object: it serialises with
 * `JSON.stringify` and can be stored; to hold it in another process, use `flights.selectionToken`.
 */
export interface Selection {
  readonly trace_id: string;
  /** Exactly what create-booking takes (spec §4.1 scenario table). */
  readonly result_indices: readonly [string] | readonly [string, string];
  /** Coupled: the chosen pair's combined fare; independent: both fares summed exactly; one-way: the option's. */
  readonly pricing: Pricing;
  readonly journey_type: 'one_way' | 'round_trip';
  readonly round_trip_style: RoundTripStyle | null;
  readonly source: Source;
  readonly outbound: FlightOption;
  readonly inbound?: FlightOption | InboundOption;
  /** The search's deadline (offers / trace). */
  readonly deadline: Deadline;
}

/**
 * True for a Selection made by `select` (or a shallow copy of one, e.g. `{ ...selection }`, which
 * still holds a live `Deadline`). A Selection that went through JSON is plain data: it is not a
 * Selection any more (its `deadline` is a snapshot); pass `{ trace_id, result_indices }` instead.
 */
export function isSelection(x: unknown): x is Selection {
  if (typeof x !== 'object' || x === null) return false;
  if (origins.has(x)) return true;
  const s = x as Record<string, unknown>;
  const idx = s.result_indices;
  return (
    typeof s.trace_id === 'string' &&
    Array.isArray(idx) &&
    (idx.length === 1 || idx.length === 2) &&
    idx.every((i) => typeof i === 'string') &&
    typeof s.pricing === 'object' &&
    s.pricing !== null &&
    typeof s.outbound === 'object' &&
    s.outbound !== null &&
    s.deadline instanceof Deadline
  );
}

/**
 * What create-booking checks a selection against: the SearchResults it was made from, or what a
 * selection token carried (`flights.selectionFromToken`).
 */
export interface SelectionOrigin {
  indexRoles(): IndexRoles;
  readonly source: Source;
  readonly pax_count: PaxCount;
}

const origins = new WeakMap<object, SelectionOrigin>();

/** What a Selection was made from (undefined for a copy or a deserialised one). */
export function searchOfSelection(sel: Selection): SelectionOrigin | undefined {
  return origins.get(sel);
}

export type AnyOption = FlightOption | InboundOption;

/** A choice already resolved to a search's own options: what a Selection is made of. */
export interface SelectionParts {
  trace_id: string;
  journey_type: 'one_way' | 'round_trip';
  style: RoundTripStyle | null;
  source: Source;
  outbound: FlightOption;
  inbound?: AnyOption | undefined;
  deadline: Deadline;
}

/**
 * The one place the round-trip rules turn a choice into what create-booking takes (spec §4.1):
 * one-way `[outbound]`; coupled only the pair's index, never the outbound's display-only token,
 * priced at the pair's combined fare; independent `[outbound, inbound]`, both fares summed exactly.
 */
export function makeSelection(parts: SelectionParts, origin: SelectionOrigin): Selection {
  const { outbound: out, inbound: back, style } = parts;
  let result_indices: readonly [string] | readonly [string, string];
  let pricing: Pricing;
  if (style === null) {
    result_indices = [out.result_index];
    pricing = out.pricing;
  } else if (!back) {
    return failSelection('inbound', 'required for a round trip: pick one from results.returnsFor(outbound)');
  } else if (style === 'coupled') {
    result_indices = [back.result_index];
    pricing = back.pricing;
  } else {
    result_indices = [out.result_index, back.result_index];
    pricing = sumPricing(out.pricing, back.pricing);
  }
  const selection: Selection = Object.freeze({
    trace_id: parts.trace_id,
    result_indices: Object.freeze(result_indices) as Selection['result_indices'],
    pricing,
    journey_type: parts.journey_type,
    round_trip_style: style,
    source: parts.source,
    outbound: out,
    ...(back ? { inbound: back } : {}),
    deadline: parts.deadline,
  });
  origins.set(selection, origin);
  return selection;
}
