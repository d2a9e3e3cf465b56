import type { FlightOption, InboundOption, PaxCount, Source } from '../schemas/common.js';
import type { SearchResponse } from '../schemas/search.js';
import type { FarewayIds, ValidationIssue } from '../errors.js';
import { idsOf } from '../errors/base.js';
import type { ExpiresAtZone } from '../dates.js';
import { Deadline, type DeadlineClock } from './deadline.js';
import { filterOptions, sortOptions, type FilterCriteria, type SortKey } from './option-helpers.js';
import { checkIndices, IndexSet, type IndexRoles } from './index-roles.js';
import { failSelection, OptionIndex } from './option-index.js';
import { makeSelection, type AnyOption, type RoundTripStyle, type Selection } from './selection.js';

export { isSelection, searchOfSelection, type Selection, type SelectionOrigin } from './selection.js';

/** What the transport knew about the response, beside its body. */
export interface SearchMeta {
  /** The supplier the search was sent to (the request's `source`; the response does not echo it). */
  source: Source;
  /** The response's `X-Request-Id`. */
  requestId?: string | undefined;
  /** When the response arrived, on `clock` (monotonic ms). @default clock.now() at construction */
  receivedAt?: number | undefined;
  /** @default performance.now() */
  clock?: DeadlineClock | undefined;
  /** How a zone-less `expires_at` is read. @default 'utc' */
  expiresAtZone?: ExpiresAtZone | undefined;
}

/**
 * What `flights.search` returns: the validated wire response (`data`, unknown fields kept) and one
 * model for every round-trip style. `returnsFor(out)` lists the returns that go with an outbound,
 * `select(out, back)` gives what create-booking needs; the coupled/independent difference and the
 * display-only token stay inside.
 *
 * @example
 * const out = results.outbound[0];
 * const back = results.returnsFor(out)[0];
 * const booking = await fareway.bookings.create(results.select(out, back));
 */
export class SearchResults {
  readonly data: SearchResponse;
  readonly deadline: Deadline;
  readonly #meta: SearchMeta;
  #index: OptionIndex | undefined;
  #ids: FarewayIds | undefined;
  #roles: IndexRoles | undefined;

  /** @internal `flights.search` builds it; callers receive it. */
  static create(data: SearchResponse, meta: SearchMeta): SearchResults {
    return new SearchResults(data, meta);
  }

  /** Built by `flights.search` only; callers receive it. */
  private constructor(data: SearchResponse, meta: SearchMeta) {
    this.data = data;
    this.#meta = meta;
    // Supplier A reports offers (about 5–10 min), supplier B a flat 15-minute trace.
    this.deadline = Deadline.fromResponse(data, {
      kind: meta.source === 'supplier_b' ? 'trace' : 'offer',
      source: meta.source,
      receivedAt: meta.receivedAt,
      clock: meta.clock,
      expiresAtZone: meta.expiresAtZone,
    });
  }

  /** The search handle create-booking and fare rules need (valid up to 15 minutes). */
  get trace_id(): string {
    return this.data.trace_id;
  }
  /** Currency of every amount in this search. */
  get currency(): string {
    return this.data.currency;
  }
  /** `one_way` or `round_trip`, as the service answered. */
  get journey_type(): 'one_way' | 'round_trip' {
    return this.data.journey_type;
  }
  /** The service's `is_domestic` flag for this search. */
  get is_domestic(): boolean {
    return this.data.is_domestic;
  }
  /** The wire's `round_trip_style` as sent (may be null/absent on one-way). See `style`. */
  get round_trip_style(): RoundTripStyle | null | undefined {
    return this.data.round_trip_style;
  }
  /** The passengers searched for (adults, children, infants). */
  get pax_count(): PaxCount {
    return this.data.pax_count;
  }
  /** The outbound options: pass one to `select` (and to `returnsFor` on a round trip). */
  get outbound(): FlightOption[] {
    return this.data.outbound;
  }
  /** Independent round trips' returns; empty for one-way and coupled. */
  get inbound(): FlightOption[] {
    return this.data.inbound ?? [];
  }
  /** The supplier that served this search. */
  get source(): Source {
    return this.#meta.source;
  }
  /** Every id the search knows, as an error's `ids`: `request_id` and `trace_id`. */
  get ids(): FarewayIds {
    return (this.#ids ??= idsOf({ trace_id: this.data.trace_id, request_id: this.#meta.requestId }));
  }
  /**
   * The service's `X-Request-Id` for this search.
   * @deprecated use `ids.request_id` (the spelling errors use too); removed in 2.0.
   */
  get requestId(): string | undefined {
    return this.#meta.requestId;
  }

  /** True for a round trip (either style); false for one-way. */
  get isRoundTrip(): boolean {
    return this.data.journey_type === 'round_trip';
  }

  /**
   * The style in force: the wire's `round_trip_style`, or when a round trip omits it, the shape
   * (nested `inbound_options` → coupled, a top-level `inbound[]` → independent). `null` for one-way.
   */
  get style(): RoundTripStyle | null {
    if (!this.isRoundTrip) return null;
    const wire = this.data.round_trip_style;
    if (wire) return wire;
    if (this.inbound.length > 0) return 'independent';
    return this.outbound.some((o) => Array.isArray(o.inbound_options)) ? 'coupled' : 'independent';
  }

  /** Entries create-booking takes for this search (spec §4.1 scenario table). */
  expectedIndexCount(): 1 | 2 {
    return this.style === 'independent' ? 2 : 1;
  }

  /**
   * The returns that go with `outbound`: its `inbound_options` (coupled; each carries the pair's
   * combined fare), the shared `inbound[]` (independent), or `[]` (one-way).
   * @throws RequestValidationError when `outbound` is not an outbound option of this search.
   */
  returnsFor(outbound: FlightOption): FlightOption[] | InboundOption[] {
    const out = this.#options().outbound(outbound);
    switch (this.style) {
      case 'coupled':
        return out.inbound_options ?? [];
      case 'independent':
        return this.inbound;
      default:
        return [];
    }
  }

  /**
   * What create-booking (and fare rules) needs for this choice. Pure: nothing is sent.
   * @throws RequestValidationError on a wrong pairing: an option from another search, an inbound
   * that is not one of this outbound's returns, a missing inbound on a round trip, an inbound on a
   * one-way, or the two arguments swapped.
   * @example
   * // Round trip, coupled or independent alike: an outbound, then one of ITS returns.
   * const out = results.outbound[0];
   * const selection = results.select(out, results.returnsFor(out)[0]); // one-way: results.select(out)
   */
  select(outbound: FlightOption, inbound?: FlightOption | InboundOption): Selection {
    const out = this.#options().outbound(outbound);
    const style = this.style;
    let back: AnyOption | undefined;
    if (style === null) {
      if (inbound !== undefined)
        failSelection('inbound', 'must be omitted: this is a one-way search (select(outbound) alone)');
    } else {
      if (inbound === undefined || inbound === null)
        failSelection('inbound', 'required for a round trip: pick one from results.returnsFor(outbound)');
      back =
        style === 'coupled'
          ? this.#options().coupledInbound(out, inbound)
          : this.#options().independentInbound(inbound);
    }
    const { trace_id, journey_type, source, deadline } = this;
    return makeSelection(
      { trace_id, journey_type, style, source, outbound: out, inbound: back, deadline },
      this,
    );
  }

  /** Options sorted by `price` (final fare), `duration` (flying plus ground time) or `departure`. New array. */
  sortBy(key: SortKey, options: FlightOption[] = this.outbound): FlightOption[] {
    return sortOptions(options, key);
  }

  /**
   * Options matching every given criterion: at most `maxStops` stops, every segment flown by
   * `airline` (a code or codes, any case), refundable or not. New array.
   */
  filter(criteria: FilterCriteria, options: FlightOption[] = this.outbound): FlightOption[] {
    return filterOptions(options, criteria);
  }

  /** The cheapest outbound (coupled: by its "starting from" fare, i.e. the cheapest pair). */
  cheapest(): FlightOption | undefined {
    let best: FlightOption | undefined;
    for (const o of this.outbound) if (!best || o.pricing.final_fare < best.pricing.final_fare) best = o;
    return best;
  }

  /** Whether an option (outbound, inbound or nested inbound option) belongs to this search. */
  isFrom(option: unknown): boolean {
    return this.#options().isFrom(option);
  }

  /**
   * Checks `result_indices` meant for create-booking against this search: the count per scenario,
   * every index known here, coupled: an `inbound_options` index (never the outbound's display-only
   * token together with another index), independent: `[outbound, inbound]` in that order.
   * Returns the problems (empty when fine).
   */
  checkResultIndices(indices: readonly string[]): ValidationIssue[] {
    return checkIndices(this.indexRoles(), indices);
  }

  /**
   * The compact roles of this search's indices: what the client remembers after the caller drops it.
   * @internal
   */
  indexRoles(): IndexRoles {
    if (this.#roles) return this.#roles;
    const nested: string[] = [];
    for (const o of this.outbound) for (const n of o.inbound_options ?? []) nested.push(n.result_index);
    return (this.#roles = {
      trace_id: this.trace_id,
      style: this.style,
      outbound: new IndexSet(this.outbound.map((o) => o.result_index)),
      inbound: new IndexSet(this.inbound.map((o) => o.result_index)),
      nested: new IndexSet(nested),
    });
  }

  /** Index lookups, built once on first use so that construction stays cheap. */
  #options(): OptionIndex {
    return (this.#index ??= new OptionIndex(this.trace_id, this.style, this.outbound, this.inbound));
  }
}
/** The class keeps its name in minified bundles (see errors.ts). */
Object.defineProperty(SearchResults, 'name', { value: 'SearchResults' });
