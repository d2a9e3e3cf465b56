/**
 * Extracts the ```ts blocks of README.md and docs/*.md so test/docs/docs.test.ts can compile (and
 * run) them against the built package.
 *
 * A block may be preceded by a hidden directive (an HTML comment, invisible on GitHub and npm):
 *
 *   (no directive)                 `module` if the block has an import statement, else `context`
 *   <!-- fareway-doc: module -->   a whole module: it has its own imports (copy-paste-able)
 *   <!-- fareway-doc: context -->  a fragment: compiled inside a block scope after a preamble that
 *                                  imports every export of 'fareway', 'fareway/sandbox' and vitest's
 *                                  test API, and declares the names docs use without defining
 *                                  (`fareway`, `sandbox`, `results`, `choice`, `passengers`, `id`, …;
 *                                  see CONTEXT in docs.test.ts); its imports of fareway, fareway/sandbox
 *                                  and vitest are dropped, other imports are kept
 *   <!-- fareway-doc: run -->      a whole module that is also run with node against a sandbox
 *                                  (FAREWAY_BASE_URL / FAREWAY_API_KEY set) and must exit 0
 *   <!-- fareway-doc: skip -->     not compiled (say why in the text; use sparingly)
 *   <!-- include: <path> -->       a copy of a file that runs elsewhere (a consumer fixture): not
 *                                  compiled here; includes.test.ts checks it is that file
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INCLUDE } from './includes.js';

/** How a block is checked. */
export type DocMode = 'module' | 'context' | 'run' | 'skip';

/** One ```ts block. */
export interface DocBlock {
  /** Repository-relative file, e.g. `docs/sandbox.md`. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  mode: DocMode;
  code: string;
  /** The nearest heading above the block, e.g. `jest (default config, e.g. ts-jest)`. */
  heading: string;
}

const DIRECTIVE = /^<!--\s*fareway-doc:\s*(module|context|run|skip)\s*-->\s*$/;

/** The markdown files whose blocks are checked: README.md and every docs/*.md. */
export function docFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** Every ```ts / ```typescript block of one markdown file. */
export function extractBlocks(root: string, file: string): DocBlock[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  let heading = '';
  let otherFence = false; // inside a non-ts block (a `# comment` in sh is no heading)
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(ts|typescript)\s*$/.exec(lines[i] as string);
    if (!open) {
      if (/^\s*```/.test(lines[i] as string)) otherFence = !otherFence;
      const title = otherFence ? null : /^#{1,6}\s+(.*)$/.exec(lines[i] as string);
      if (title) heading = (title[1] as string).trim();
      continue;
    }
    let prev = i - 1;
    while (prev >= 0 && (lines[prev] as string).trim() === '') prev--;
    const directive = prev >= 0 ? DIRECTIVE.exec((lines[prev] as string).trim()) : null;
    const included = prev >= 0 && INCLUDE.test((lines[prev] as string).trim());
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j] as string); j++) body.push(lines[j] as string);
    const code = body.join('\n');
    const fallback: DocMode = /^import\s/m.test(code) ? 'module' : 'context';
    blocks.push({
      file,
      line: i + 1,
      mode: included ? 'skip' : ((directive?.[1] as DocMode | undefined) ?? fallback),
      code,
      heading,
    });
    i = j;
  }
  return blocks;
}
