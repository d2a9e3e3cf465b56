/**
 * The lookups behind `SearchResults.select` and `isFrom`: which options belong to one search, by
 * identity or by `result_index` (a copy), and which outbound owns each nested (coupled) return.
 *
 * Two tiers, each built on first use. The common call, `select(out, back)` with the search's own
 * objects, needs only identity: a Set of the top-level lists and a look through the chosen
 * outbound's own `inbound_options`. The full index (every option by identity and by index,
 * nested ones with their owner) is built only when that cannot decide: a copy, a mistake, or
 * `isFrom`. Measured (bench/parse-search.ts, 300 × 20 coupled, one run): building the full index
 * for the first `select` cost ~3 ms of the path's ~6 ms above `JSON.parse`; the identity tier
 * costs a few µs.
 */
import type { FlightOption, InboundOption } from '../schemas/common.js';
import { RequestValidationError } from '../errors.js';

interface Index {
  outboundSet: Set<object>;
  outboundByIndex: Map<string, FlightOption>;
  inboundSet: Set<object>;
  inboundByIndex: Map<string, FlightOption>;
  /** Coupled: every nested inbound option, with the outbound that owns it. */
  nestedOwner: Map<object, FlightOption>;
  nestedByIndex: Map<string, { owner: FlightOption; option: InboundOption }>;
}

/** A selection problem: a RequestValidationError naming the argument. */
export function failSelection(path: string, message: string): never {
  throw new RequestValidationError([{ path, message }], 'Invalid selection');
}

function buildIndex(outbound: readonly FlightOption[], inbound: readonly FlightOption[]): Index {
  const ix: Index = {
    outboundSet: new Set(),
    outboundByIndex: new Map(),
    inboundSet: new Set(),
    inboundByIndex: new Map(),
    nestedOwner: new Map(),
    nestedByIndex: new Map(),
  };
  for (const o of outbound) {
    ix.outboundSet.add(o);
    if (!ix.outboundByIndex.has(o.result_index)) ix.outboundByIndex.set(o.result_index, o);
    for (const n of o.inbound_options ?? []) {
      ix.nestedOwner.set(n, o);
      if (!ix.nestedByIndex.has(n.result_index))
        ix.nestedByIndex.set(n.result_index, { owner: o, option: n });
    }
  }
  for (const o of inbound) {
    ix.inboundSet.add(o);
    if (!ix.inboundByIndex.has(o.result_index)) ix.inboundByIndex.set(o.result_index, o);
  }
  return ix;
}

/** Resolves what a caller passed to `select` to this search's own options, or says why not. */
export class OptionIndex {
  #full: Index | undefined;
  #outboundSet: Set<object> | undefined;
  #inboundSet: Set<object> | undefined;

  constructor(
    private readonly trace_id: string,
    private readonly style: 'coupled' | 'independent' | null,
    private readonly outboundList: readonly FlightOption[],
    private readonly inboundList: readonly FlightOption[],
  ) {}

  /** Every option by identity and by index (the full index), built on first use. */
  private get ix(): Index {
    return (this.#full ??= buildIndex(this.outboundList, this.inboundList));
  }

  /** The outbound list by identity: one entry per outbound, not per nested return. */
  private isOwnOutbound(arg: object): boolean {
    return (this.#outboundSet ??= this.#full?.outboundSet ?? new Set(this.outboundList)).has(arg);
  }

  private isOwnInbound(arg: object): boolean {
    return (this.#inboundSet ??= this.#full?.inboundSet ?? new Set(this.inboundList)).has(arg);
  }

  private notFromHere(arg: string): never {
    return failSelection(
      arg,
      `not an option of this search (trace_id ${this.trace_id}); options from another search cannot be used`,
    );
  }

  /** The search's own outbound for `arg` (by identity, or by result_index for a copy). */
  outbound(arg: unknown): FlightOption {
    if (typeof arg !== 'object' || arg === null)
      failSelection('outbound', 'must be a flight option from results.outbound');
    if (this.isOwnOutbound(arg)) return arg as FlightOption;
    const ix = this.ix;
    const asInbound =
      'is a return option (inbound); pass an option from results.outbound as the first argument';
    if (ix.inboundSet.has(arg) || ix.nestedOwner.has(arg)) failSelection('outbound', asInbound);
    const ri = (arg as { result_index?: unknown }).result_index;
    if (typeof ri !== 'string')
      failSelection('outbound', 'must be a flight option from results.outbound (no result_index)');
    const own = ix.outboundByIndex.get(ri);
    // A coupled outbound's token equals its cheapest return's index: a copy without
    // inbound_options is that return, not the outbound.
    if (own && (this.style !== 'coupled' || Array.isArray((arg as FlightOption).inbound_options))) return own;
    if (ix.inboundByIndex.has(ri) || ix.nestedByIndex.has(ri)) failSelection('outbound', asInbound);
    return this.notFromHere('outbound');
  }

  /** `out` is one of this search's outbounds (resolved by `outbound`). */
  coupledInbound(out: FlightOption, arg: unknown): InboundOption {
    const wrongOwner =
      "not one of this outbound's inbound_options (coupled round trip: pick from results.returnsFor(outbound))";
    const isOutbound =
      'is an outbound option; pass one of results.returnsFor(outbound) as the second argument';
    if (typeof arg !== 'object' || arg === null)
      failSelection('inbound', 'must be one of results.returnsFor(outbound)');
    // Identity tier: one of `out`'s own returns (a look through its ~20, no index built). Parsed
    // JSON never lists one object under two outbounds, so its owner is `out`.
    if (out.inbound_options?.includes(arg as InboundOption)) return arg as InboundOption;
    const ix = this.ix;
    const owner = ix.nestedOwner.get(arg);
    if (owner) {
      if (owner !== out) failSelection('inbound', wrongOwner);
      return arg as InboundOption;
    }
    if (ix.outboundSet.has(arg) || Array.isArray((arg as FlightOption).inbound_options)) {
      if (ix.outboundSet.has(arg) || ix.outboundByIndex.has((arg as FlightOption).result_index))
        failSelection('inbound', isOutbound);
    }
    const ri = (arg as { result_index?: unknown }).result_index;
    if (typeof ri !== 'string')
      failSelection('inbound', 'must be one of results.returnsFor(outbound) (no result_index)');
    const found = ix.nestedByIndex.get(ri);
    if (found && !Array.isArray((arg as FlightOption).inbound_options)) {
      if (found.owner !== out) failSelection('inbound', wrongOwner);
      return found.option;
    }
    if (ix.outboundByIndex.has(ri)) failSelection('inbound', isOutbound);
    return this.notFromHere('inbound');
  }

  independentInbound(arg: unknown): FlightOption {
    const isOutbound =
      'is an outbound option; pass one of results.returnsFor(outbound) (results.inbound) as the second argument';
    if (typeof arg !== 'object' || arg === null)
      failSelection('inbound', 'must be one of results.returnsFor(outbound)');
    if (this.isOwnInbound(arg)) return arg as FlightOption;
    if (this.isOwnOutbound(arg)) failSelection('inbound', isOutbound);
    const ix = this.ix;
    const ri = (arg as { result_index?: unknown }).result_index;
    if (typeof ri !== 'string')
      failSelection('inbound', 'must be one of results.returnsFor(outbound) (no result_index)');
    const own = ix.inboundByIndex.get(ri);
    if (own) return own;
    if (ix.outboundByIndex.has(ri)) failSelection('inbound', isOutbound);
    return this.notFromHere('inbound');
  }

  /** Whether an option (outbound, inbound or nested inbound option) belongs to this search. */
  isFrom(option: unknown): boolean {
    if (typeof option !== 'object' || option === null) return false;
    const ix = this.ix;
    if (ix.outboundSet.has(option) || ix.inboundSet.has(option) || ix.nestedOwner.has(option)) return true;
    const ri = (option as { result_index?: unknown }).result_index;
    return (
      typeof ri === 'string' &&
      (ix.outboundByIndex.has(ri) || ix.inboundByIndex.has(ri) || ix.nestedByIndex.has(ri))
    );
  }
}
