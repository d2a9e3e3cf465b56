/**
 * Relative links of the shipped markdown (README.md, CHANGELOG.md, docs/*.md), checked against a
 * set of files — the packed tarball's — so that they resolve where a partner reads them:
 * node_modules/fareway/, an editor, an offline copy. A link with a scheme (https:, mailto:) is
 * not checked; a relative one must name a file of the set, and its `#anchor` (or a bare `#anchor`)
 * a heading of that file, slugged as GitHub does.
 */
import { posix } from 'node:path';

/** One link that does not resolve, with where it is. */
export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  why: string;
}

/** Markdown text without its fenced code blocks (each line kept, blanked, so line numbers hold). */
function withoutFences(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence === undefined && open) {
      fence = open[1]![0]!.repeat(open[1]!.length);
      return '';
    }
    if (fence !== undefined) {
      if (line.trim().startsWith(fence)) fence = undefined;
      return '';
    }
    return line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
  });
}

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingIds(text: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  let fence = false;
  for (const line of text.split('\n')) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) fence = !fence;
    if (fence) continue;
    for (const a of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(a[1]!);
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = h[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

/** Every link target of a markdown file (inline and reference definitions), with its line. */
export function linkTargets(text: string): Array<{ line: number; target: string }> {
  const out: Array<{ line: number; target: string }> = [];
  withoutFences(text).forEach((line, i) => {
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      out.push({ line: i + 1, target: m[1]! });
    const def = /^\s{0,3}\[[^\]]+\]:\s+<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (def) out.push({ line: i + 1, target: def[1]! });
  });
  return out;
}

/**
 * The links of `file` (package-relative, its `text` given) that do not resolve to one of `files`
 * (package-relative paths); `read` gives another file's text, for its headings.
 */
export function brokenLinks(
  file: string,
  text: string,
  files: ReadonlySet<string>,
  read: (path: string) => string,
): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const { line, target } of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const [rawPath = '', anchor] = target.split('#', 2) as [string, string | undefined];
    const path = rawPath === '' ? file : posix.normalize(posix.join(posix.dirname(file), decodeURI(rawPath)));
    const fail = (why: string) => broken.push({ file, line, target, why });
    if (path.startsWith('../')) fail('points outside the package');
    else if (!files.has(path)) fail(`${path} is not in the package`);
    else if (anchor !== undefined && /\.md$/.test(path) && !headingIds(read(path)).has(anchor))
      fail(`${path} has no heading #${anchor}`);
  }
  return broken;
}
