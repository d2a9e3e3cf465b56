import type { ValidationIssue } from '../errors.js';

/**
 * What the client keeps of a search to check result indices later: each index's role, as
 * 32-bit hashes in sorted typed arrays (4 bytes an index, never the caller's options). A hash
 * collision can only let a wrong index through to the service, which refuses it: the local
 * check refuses earlier, it never refuses what the service would accept.
 */
export class IndexSet {
  readonly #hashes: Uint32Array;
  constructor(indices: Iterable<string>) {
    const list: number[] = [];
    for (const i of indices) list.push(hash32(i));
    this.#hashes = Uint32Array.from(list).sort();
  }
  has(index: string): boolean {
    const h = hash32(index);
    const a = this.#hashes;
    let lo = 0;
    let hi = a.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = a[mid]!;
      if (v === h) return true;
      if (v < h) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
  get size(): number {
    return this.#hashes.length;
  }
  /** Bytes held (for the memory docs and tests). */
  get byteLength(): number {
    return this.#hashes.byteLength;
  }
}

/** FNV-1a over UTF-16 code units. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The roles of a search's result indices, and its round-trip style. */
export interface IndexRoles {
  trace_id: string;
  /** null for a one-way search. */
  style: 'coupled' | 'independent' | null;
  outbound: IndexSet;
  inbound: IndexSet;
  /** Coupled: every `inbound_options[j].result_index`. */
  nested: IndexSet;
}

/**
 * Checks `result_indices` meant for create-booking (or fare rules) against a search's roles: the
 * count per scenario (spec §4.1; skipped with `anyCount`), every index known, coupled: an
 * `inbound_options` index (never the outbound's display-only token beside another index),
 * independent: `[outbound, inbound]` in that order. Returns the problems (empty when fine).
 */
export function checkIndices(
  roles: IndexRoles,
  indices: readonly string[],
  options: { anyCount?: boolean } = {},
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const { style } = roles;
  const expected = style === 'independent' ? 2 : 1;
  const scenario =
    style === null
      ? 'a one-way search'
      : style === 'coupled'
        ? 'a coupled round trip'
        : 'an independent round trip';
  if (!options.anyCount && indices.length !== expected)
    issues.push({
      path: 'result_indices',
      message: `expected ${expected} entr${expected === 1 ? 'y' : 'ies'} for ${scenario} (spec §4.1), got ${indices.length}`,
    });
  const notHere = `not a result_index of this search (trace_id ${roles.trace_id})`;
  indices.forEach((idx, i) => {
    const path = `result_indices[${i}]`;
    const isOut = roles.outbound.has(idx);
    const isIn = roles.inbound.has(idx);
    const isNested = roles.nested.has(idx);
    if (!isOut && !isIn && !isNested) issues.push({ path, message: notHere });
    else if (style === null) {
      if (!isOut) issues.push({ path, message: 'must be an outbound result_index (one-way search)' });
    } else if (style === 'coupled') {
      if (indices.length > 1 && isOut)
        issues.push({
          path,
          message:
            "is an outbound's display-only token: it is never sent together with an inbound's index; send only the chosen inbound_options[j].result_index",
        });
      else if (!isNested)
        issues.push({ path, message: 'must be an inbound_options[j].result_index (coupled round trip)' });
    } else if (options.anyCount) {
      if (!isOut && !isIn)
        issues.push({
          path,
          message: 'must be an outbound or inbound result_index (independent round trip)',
        });
    } else if (i === 0 && !isOut) {
      issues.push({
        path,
        message: 'must be the outbound result_index (independent round trip: [outbound, inbound])',
      });
    } else if (i === 1 && !isIn) {
      issues.push({
        path,
        message: 'must be an inbound result_index (independent round trip: [outbound, inbound])',
      });
    }
  });
  return issues;
}
