/**
 * Where the search path's time above `JSON.parse` goes (bench/parse-search.ts, B): times its parts
 * on fresh parses, after a full GC each, in rotating order. Each parse is dropped before the next
 * GC (as in the bench and in an application that keeps no earlier answer), so V8 also drops the
 * hidden classes of the previous answer and the checker's optimised code with them: the figures
 * include that re-warming. For a CPU profile:
 *
 *   node --import ./examples/register.mjs bench/parse-search-profile.ts [rounds] [part]
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import ./examples/register.mjs bench/parse-search-profile.ts 150 whole
 *
 * (with the repository's Node: `node_modules/.bin/node`, or `npx node`).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { makeCoupledSearchResponse } from './parse-search.js';
import { parseSearchResponse } from '../src/core/call/parse-search.js';
import { isSearchResponse } from '../src/schemas/search-check.js';
import { SearchResults } from '../src/model/search-results.js';
import type { SearchResponse } from '../src/schemas/search.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const text = JSON.stringify(makeCoupledSearchResponse());
const meta = { source: 'supplier_a' as const, requestId: 'bench' };
const rounds = Number(process.argv[2] ?? 60);

const parts = {
  parse: (j: unknown) => j,
  check: (j: unknown) => isSearchResponse(j),
  construct: (j: unknown) => SearchResults.create(j as SearchResponse, meta),
  select: (j: unknown) => {
    const r = SearchResults.create(j as SearchResponse, meta);
    const out = r.outbound[0]!;
    return r.select(out, r.returnsFor(out)[0]);
  },
  whole: (j: unknown) => {
    const r = parseSearchResponse(j, meta);
    const out = r.outbound[0]!;
    return r.select(out, r.returnsFor(out)[0]);
  },
};
type K = keyof typeof parts;
const only = process.argv[3] as K | undefined;
const keys = (only ? [only] : Object.keys(parts)) as K[];
const times: Record<string, number[]> = {};
for (const k of keys) times[k] = [];

/** One timed call; the parsed answer does not outlive it. */
function once(k: K, record: boolean): void {
  const t0 = performance.now();
  const json: unknown = JSON.parse(text);
  const t1 = performance.now();
  parts[k](json);
  const t2 = performance.now();
  if (record) times[k]!.push(k === 'parse' ? t1 - t0 : t2 - t1);
}

for (let i = 0; i < rounds + 10; i++) {
  for (let j = 0; j < keys.length; j++) {
    // Three collections: V8 keeps unused hidden classes through a couple of them.
    gc();
    gc();
    gc();
    once(keys[(i + j) % keys.length]!, i >= 10);
  }
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
for (const k of keys)
  console.log(k.padEnd(10), med(times[k]!).toFixed(2), 'ms', k === 'parse' ? '' : '(after JSON.parse)');
