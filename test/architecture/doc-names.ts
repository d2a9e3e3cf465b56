/**
 * Names the docs use, checked against the code (issue 34: docs and code cannot drift): error class
 * names, error codes and client option paths found in README.md, docs/*.md and CHANGELOG's 1.2.0
 * section. Pure functions over markdown text, so a fixture proves each check fails on a drifted
 * name (doc-names.test.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** What the code knows: exported names, error codes, and a probe for option paths. */
export interface Known {
  /** Every export of every package entry. */
  exports: ReadonlySet<string>;
  /** `FarewayErrorCode`'s members. */
  codes: ReadonlySet<string>;
  /** The code of each exported error class (`RateLimitError` → `rate_limited`). */
  codeOf: ReadonlyMap<string, string>;
  /** True when `new Fareway({...})` knows the option path (`timeout`, `rateLimits.maxQueue`). */
  isOption(path: string): boolean;
  /** Internal names a file may name (docs/architecture.md is the map of src/). */
  internal?(file: string, name: string): boolean;
}

/** One drifted name: where, and why. */
export interface Drift {
  file: string;
  line: number;
  name: string;
  problem: string;
}

/** Error names that are not Fareway's: JavaScript's, the platform's (`DOMException` names). */
const PLATFORM_ERRORS = new Set(['AbortError', 'TimeoutError']);
const isPlatformError = (name: string) =>
  PLATFORM_ERRORS.has(name) || typeof (globalThis as Record<string, unknown>)[name] === 'function';

const CLASS = /\b([A-Z][A-Za-z0-9]*Error)\b/g;
/** `code: 'x'`, `code === 'x'`, `code 'x'` inside one span, or a quoted snake_case span right after the word `code`. */
const CODE_IN_SPAN = /\bcode\b\s*(?:===?|:)?\s*'([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)'/g;
const CODE_AFTER_WORD = /\bcode\b`?[^`]{0,12}`'([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)'`/g;
/** A dotted option path in a code span: `rateLimits.maxQueue`. */
const OPTION_PATH = /^([a-z][A-Za-z0-9]*)(\.[a-z][A-Za-z0-9]*)+$/;
/** Options whose inner keys are the caller's own (hooks are named methods; checked elsewhere). */
const OPEN_OPTIONS = new Set(['hooks', 'logger', 'defaultHeaders', 'tracerProvider', 'clock', 'fetch']);

/** Every `…` span and fenced block of `text`, with its 1-based line. */
function pieces(text: string): Array<{ line: number; code: string; fenced: boolean; before: string }> {
  const out: Array<{ line: number; code: string; fenced: boolean; before: string }> = [];
  const lines = text.split('\n');
  let fence: { line: number; body: string[] } | undefined;
  lines.forEach((raw, i) => {
    if (/^\s*```/.test(raw)) {
      if (fence) {
        out.push({ line: fence.line, code: fence.body.join('\n'), fenced: true, before: '' });
        fence = undefined;
      } else fence = { line: i + 1, body: [] };
      return;
    }
    if (fence) return void fence.body.push(raw);
    for (const m of raw.matchAll(/(`+)([^`]+?)\1/g))
      out.push({ line: i + 1, code: m[2]!, fenced: false, before: raw.slice(0, m.index) });
  });
  return out;
}

/** The drifted names of one markdown text. */
export function checkText(file: string, text: string, known: Known): Drift[] {
  const drift: Drift[] = [];
  const add = (line: number, name: string, problem: string) => drift.push({ file, line, name, problem });
  for (const p of pieces(text)) {
    for (const [, name] of p.code.matchAll(CLASS))
      if (!known.exports.has(name!) && !isPlatformError(name!) && !known.internal?.(file, name!))
        add(p.line, name!, 'error class not exported by any package entry');
    for (const [, code] of p.code.matchAll(CODE_IN_SPAN))
      if (!known.codes.has(code!)) add(p.line, code!, 'not a FarewayErrorCode');
    if (p.fenced) {
      // The class tree of errors-and-retries.md: `├── RateLimitError   rate_limited   429 …`.
      for (const line of p.code.split('\n')) {
        const m = /^[\s│├└─]*([A-Z]\w*Error)\s+([a-z][a-z0-9_]*)(?:\s|$)/.exec(line);
        if (m && known.codeOf.has(m[1]!) && known.codeOf.get(m[1]!) !== m[2])
          add(p.line, `${m[1]} ${m[2]}`, `its code is '${known.codeOf.get(m[1]!)}'`);
      }
    } else {
      const path = OPTION_PATH.exec(p.code.trim());
      if (path && known.isOption(path[1]!) && !OPEN_OPTIONS.has(path[1]!) && !known.isOption(p.code.trim()))
        add(p.line, p.code.trim(), 'not an option of new Fareway({...})');
    }
  }
  for (const m of text.matchAll(CODE_AFTER_WORD))
    if (!known.codes.has(m[1]!))
      add(text.slice(0, m.index).split('\n').length, m[1]!, 'not a FarewayErrorCode');
  text.split('\n').forEach((raw, i) => {
    // A code's own heading in errors-and-retries.md ("### rate_limited").
    const heading = /^###\s+([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\s*$/.exec(raw);
    if (heading && file.endsWith('errors-and-retries.md') && !known.codes.has(heading[1]!))
      add(i + 1, heading[1]!, 'heading of a code that is not a FarewayErrorCode');
  });
  return drift;
}

/**
 * The rows of a markdown option table (first column a code span, header "Option") under
 * `prefix` (`rateLimits.` for the table of docs/rate-limits.md), as option paths.
 */
export function tableOptions(
  text: string,
  heading: RegExp,
  prefix: string,
): Array<{ line: number; path: string }> {
  const out: Array<{ line: number; path: string }> = [];
  const lines = text.split('\n');
  const start = lines.findIndex((l) => heading.test(l));
  if (start < 0) return out;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^#{1,6}\s/.test(line)) break;
    const cell = /^\|\s*([^|]+?)\s*\|/.exec(line)?.[1];
    if (!cell) continue;
    for (const [, name] of cell.matchAll(/`([A-Za-z]\w*)`/g)) out.push({ line: i + 1, path: prefix + name });
  }
  return out;
}

/** README.md, docs/*.md and CHANGELOG.md's 1.2.0 section, as (file, text). */
export function docTexts(root: string): Array<{ file: string; text: string }> {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  const out = ['README.md', ...docs].map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
  const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  const from = changelog.indexOf('## 1.2.0');
  const to = changelog.indexOf('\n## ', from + 1);
  out.push({ file: 'CHANGELOG.md (1.2.0)', text: changelog.slice(from, to < 0 ? undefined : to) });
  return out;
}

/** `FarewayErrorCode`'s members, read from its declaration. */
export function errorCodes(root: string): Set<string> {
  const source = readFileSync(join(root, 'src/errors/base.ts'), 'utf8');
  const decl = /export type FarewayErrorCode =([^;]+);/.exec(source)?.[1] ?? '';
  return new Set([...decl.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!));
}
