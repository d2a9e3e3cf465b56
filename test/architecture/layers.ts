/**
 * The layering checker of test/architecture/layering.test.ts: reads the layer table printed in
 * docs/architecture.md ("Layers, bottom to top"), places each file of a src/ tree in a layer by its
 * path, and lists every import that goes up (type-only imports, re-exports and literal `import()`
 * included). Kept apart from the test so that a fixture tree can be judged by the same code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';

export interface Layer {
  rank: number;
  name: string;
  /** src-relative files (`flow.ts`) and folders (`core/`, ending in `/`). */
  paths: string[];
  /** When set, the only paths this layer may import (its own paths are always allowed). */
  only?: string[];
}

const BEGIN = '<!-- layers:begin -->';
const END = '<!-- layers:end -->';
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** The table between the `layers:begin` and `layers:end` markers of a markdown text. */
export function readLayers(markdown: string): Layer[] {
  const start = markdown.indexOf(BEGIN);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error('no layer table (layers:begin/end markers) in the document');
  const rows = markdown
    .slice(start + BEGIN.length, end)
    .split('\n')
    .filter((l) => /^\|\s*\d+\s*\|/.test(l));
  return rows.map((row) => {
    const [rank, name, paths, only] = row
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const allowed = ticked(only ?? '');
    return {
      rank: Number(rank),
      name: name!,
      paths: ticked(paths!),
      ...(allowed.length ? { only: allowed } : {}),
    };
  });
}

const covers = (path: string, file: string) => (path.endsWith('/') ? file.startsWith(path) : file === path);

/** The layer of a src-relative file: the row whose path covers it most closely. */
export function layerOf(layers: Layer[], file: string): Layer | undefined {
  let best: { layer: Layer; length: number } | undefined;
  for (const layer of layers)
    for (const path of layer.paths)
      if (covers(path, file) && (!best || path.length > best.length)) best = { layer, length: path.length };
  return best?.layer;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

/** Relative imports of a file (`import`, `import type`, `export … from`, literal `import()`), resolved. */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gms),
    ...text.matchAll(/^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specs.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

/** Every arrow of the tree at `src` that the table forbids, as `from (layer) -> to (layer)`. */
export function upwardImports(src: string, layers: Layer[]): string[] {
  const rel = (p: string) => relative(src, p).split('\\').join(posix.sep);
  const problems: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = rel(file);
    const own = layerOf(layers, from);
    if (!own) {
      problems.push(`${from}: in no layer of the table`);
      continue;
    }
    for (const target of new Set(importsOf(file))) {
      const to = rel(target);
      const theirs = layerOf(layers, to);
      if (!theirs) problems.push(`${from} (${own.name}) -> ${to}: in no layer of the table`);
      else if (own.only && !own.paths.some((p) => covers(p, to)) && !own.only.some((p) => covers(p, to)))
        problems.push(
          `${from} (${own.name}) -> ${to} (${theirs.name}): ${own.name} imports only ${own.only.join(', ')}`,
        );
      else if (theirs.rank > own.rank)
        problems.push(
          `${from} (${own.name}, ${own.rank}) -> ${to} (${theirs.name}, ${theirs.rank}): a higher layer`,
        );
    }
  }
  return problems;
}

/** Folders of the tree at `src` holding more than `max` files side by side. */
export function crowdedFolders(src: string, max: number): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    const files = entries.filter((e) => e.isFile()).length;
    if (files > max) out.push(`${relative(src, dir) || '.'}/: ${files} files`);
    for (const e of entries) if (e.isDirectory()) walk(join(dir, e.name));
  };
  walk(src);
  return out;
}
