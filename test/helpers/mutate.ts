/** Helpers of the equivalence tests: every path in a JSON value, and a copy with one node changed. */

export type Path = (string | number)[];

/** Every path to a node of `v` (object keys and array indices), depth first. */
export function allPaths(v: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (typeof v === 'object' && v !== null)
    for (const [k, child] of Object.entries(v)) {
      const p = [...prefix, Array.isArray(v) ? Number(k) : k];
      out.push(p);
      allPaths(child, p, out);
    }
  return out;
}

/** A copy of `v` with the node at `path` replaced, or deleted (`remove`; array items are replaced). */
export function mutate(v: unknown, path: Path, value: unknown, remove: boolean): unknown {
  const copy = structuredClone(v) as Record<string | number, unknown>;
  let parent = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove && !Array.isArray(parent)) delete parent[last];
  else parent[last] = value;
  return copy;
}
