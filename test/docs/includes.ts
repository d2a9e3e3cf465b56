/**
 * Code the docs include from a tested file. In the markdown, a hidden marker names the file and
 * the fenced block right after it is a copy of that file, whole:
 *
 *   <!-- include: test/consumers/express-backend/src/errors.ts -->
 *   ```ts
 *   …the file, byte for byte (its final newline aside)…
 *   ```
 *
 * The file runs somewhere (the express-backend consumer fixture runs in `.ci/run`), so the block
 * is not compiled again by docs.test.ts (extract.ts treats it as `skip`); includes.test.ts fails
 * when a block differs from its file, when the marker has no block or the file is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const INCLUDE = /^<!--\s*include:\s*(\S+)\s*-->\s*$/;

/** One include marker and the block after it (`code` undefined when no fenced block follows). */
export interface Include {
  /** The markdown file, repository-relative. */
  file: string;
  /** 1-based line of the marker. */
  line: number;
  /** The included file, repository-relative. */
  path: string;
  code: string | undefined;
}

/** Every include marker of one markdown file, with its block. */
export function extractIncludes(root: string, file: string): Include[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const found: Include[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = INCLUDE.exec((lines[i] as string).trim());
    if (!m) continue;
    let open = i + 1;
    while (open < lines.length && (lines[open] as string).trim() === '') open++;
    let code: string | undefined;
    if (/^```\S*\s*$/.test((lines[open] as string | undefined) ?? '')) {
      let close = open + 1;
      while (close < lines.length && !/^```\s*$/.test(lines[close] as string)) close++;
      if (close < lines.length) code = lines.slice(open + 1, close).join('\n');
    }
    found.push({ file, line: i + 1, path: m[1] as string, code });
  }
  return found;
}

/** What is wrong with one include: undefined when its block is the file. */
export function includeProblem(root: string, inc: Include): string | undefined {
  const where = `${inc.file}:${inc.line}`;
  if (!existsSync(join(root, inc.path))) return `${where}: ${inc.path} does not exist`;
  if (inc.code === undefined) return `${where}: no fenced block follows the include marker`;
  const text = readFileSync(join(root, inc.path), 'utf8').replace(/\n$/, '');
  if (inc.code === text) return undefined;
  const a = inc.code.split('\n');
  const b = text.split('\n');
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return (
    `${where}: the block differs from ${inc.path} at its line ${n + 1}:\n` +
    `  doc:  ${a[n] ?? '(end of block)'}\n  file: ${b[n] ?? '(end of file)'}\n` +
    `  (copy the file into the block: the file is the one that runs)`
  );
}
