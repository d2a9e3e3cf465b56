/**
 * The lookups behind `SearchResults.select` and `isFrom`: which options belong to one search, by
 * identity or by `result_index` (a copy), and which outbound owns each nested (coupled) return.
 * Built once per search, on first use.
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

/** Resolves what a caller passed to `select` to this search's own options, or says why not. */
export class OptionIndex {
  private readonly ix: Index;

  constructor(
    private readonly trace_id: string,
    private readonly style: 'coupled' | 'independent' | null,
    outbound: readonly FlightOption[],
    inbound: readonly FlightOption[],
  ) {
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
    this.ix = ix;
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
    const ix = this.ix;
    if (ix.outboundSet.has(arg)) return arg as FlightOption;
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

  coupledInbound(out: FlightOption, arg: unknown): InboundOption {
    const ix = this.ix;
    const wrongOwner =
      "not one of this outbound's inbound_options (coupled round trip: pick from results.returnsFor(outbound))";
    const isOutbound =
      'is an outbound option; pass one of results.returnsFor(outbound) as the second argument';
    if (typeof arg !== 'object' || arg === null)
      failSelection('inbound', 'must be one of results.returnsFor(outbound)');
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
    const ix = this.ix;
    const isOutbound =
      'is an outbound option; pass one of results.returnsFor(outbound) (results.inbound) as the second argument';
    if (typeof arg !== 'object' || arg === null)
      failSelection('inbound', 'must be one of results.returnsFor(outbound)');
    if (ix.inboundSet.has(arg)) return arg as FlightOption;
    if (ix.outboundSet.has(arg)) failSelection('inbound', isOutbound);
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
