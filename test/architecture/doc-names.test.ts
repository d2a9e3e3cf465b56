/**
 * Docs and code cannot drift (issue 34): every error class named in README.md, docs/*.md and
 * CHANGELOG's 1.2.0 section is exported by a package entry; every error code they name is a
 * `FarewayErrorCode` (and the class tree gives each class its real code); every documented client
 * option path is accepted by `new Fareway({...})`'s options schema. A fixture with drifted names
 * proves each check fails.
 */
import { describe, expect, it } from 'vitest';
import * as main from '../../src/index.js';
import * as redis from '../../src/redis.js';
import * as proxy from '../../src/proxy.js';
import * as http from '../../src/http.js';
import * as health from '../../src/health.js';
import * as sandbox from '../../src/sandbox/index.js';
import { parseClientOptions } from '../../src/core/options/options.js';
import { checkText, docTexts, errorCodes, tableOptions, type Known } from './doc-names.js';

const root = new URL('../../', import.meta.url).pathname;

const PROBE = Symbol('probe');
/** Whether the options schema knows `path`: a bad value there is refused for its value, not its name. */
function isOption(path: string): boolean {
  const keys = path.split('.');
  let value: unknown = PROBE;
  for (const key of [...keys].reverse()) value = { [key]: value };
  try {
    parseClientOptions({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', ...(value as object) });
    // Accepted even with a symbol: a key the schema lets through unread (see OPEN_OPTIONS).
    return keys.length > 1;
  } catch (error) {
    return !new RegExp(`\`${path.replace(/\./g, '\\.')}\`: unknown option`).test(
      String((error as Error).message),
    );
  }
}

const exportsOf = [main, redis, proxy, http, health, sandbox].flatMap((m) => Object.keys(m));
const codeOf = new Map<string, string>();
for (const [name, value] of Object.entries(main))
  if (
    typeof value === 'function' &&
    value.prototype instanceof Error &&
    typeof (value as { code?: unknown }).code === 'string'
  )
    codeOf.set(name, (value as unknown as { code: string }).code);
/** docs/architecture.md is the map of src/: it names internal classes by design. */
const internal = (file: string) => file === 'docs/architecture.md';
const known: Known = { exports: new Set(exportsOf), codes: errorCodes(root), codeOf, isOption, internal };

describe('names in the docs exist in the code', () => {
  it('FarewayErrorCode is every exported error class code (the list the checks read)', () => {
    expect(known.codes.size).toBeGreaterThan(20);
    expect([...new Set(codeOf.values())].filter((c) => !known.codes.has(c))).toEqual([]);
  });

  it('README.md, docs/*.md and CHANGELOG 1.2.0: error classes, codes and option paths', () => {
    const drift = docTexts(root).flatMap(({ file, text }) => checkText(file, text, known));
    expect(drift.map((d) => `${d.file}:${d.line} ${d.name}: ${d.problem}`)).toEqual([]);
  });

  it("every option in docs/rate-limits.md's table is a rateLimits option", () => {
    const text = docTexts(root).find((d) => d.file === 'docs/rate-limits.md')!.text;
    const rows = tableOptions(text, /^\| Option /, 'rateLimits.').filter((r) => !r.path.endsWith('.search'));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((r) => !isOption(r.path)).map((r) => `${r.line} ${r.path}`)).toEqual([]);
  });

  it("every key of README's `new Fareway({...})` example (commented ones too) is a client option", () => {
    const readme = docTexts(root).find((d) => d.file === 'README.md')!.text;
    const block = /const fareway = new Fareway\(\{\n([\s\S]*?)\n\}\);/.exec(readme)![1]!;
    const keys = [...block.matchAll(/^ {2}(?:\/\/ )?([a-zA-Z]\w*):/gm)].map((m) => m[1]!);
    expect(keys).toContain('proxy');
    expect(keys.filter((k) => !isOption(k))).toEqual([]);
  });
});

describe('the checks fail on a drifted name (fixture)', () => {
  const fixture = [
    'A full queue rejects with `RateLimitQueueFulError` (`code: "x"`); nothing is sent.',
    "Match on `err.code === 'rate_limit_queue_ful'`, or the code `'limiter_closed'`.",
    "1.1's doc: rejected at once with an error whose `code` is `'RATE_LIMIT_QUEUE_FULL'`, or whose `code` is",
    "`'LIMITER_CLOSED'` after close().",
    'Set `rateLimits.maxQeue` and `bookReconcile.timeoutMs`.',
    '```',
    '├── RateLimitError             rate_limit   429',
    '```',
    '### fare_expird',
  ].join('\n');

  it('reports each drifted class, code, tree row, heading and option path — and nothing true', () => {
    const drift = checkText('docs/errors-and-retries.md', fixture, known).map((d) => d.name);
    expect(new Set(drift)).toEqual(
      new Set([
        'RateLimitQueueFulError',
        'rate_limit_queue_ful',
        'limiter_closed',
        'RATE_LIMIT_QUEUE_FULL',
        'LIMITER_CLOSED',
        'rateLimits.maxQeue',
        'RateLimitError rate_limit',
        'fare_expird',
      ]),
    );
  });

  it('an option table with a drifted row is caught', () => {
    const table = '| Option | Default |\n| --- | --- |\n| `maxQueue` | 1000 |\n| `maxQeue` | 1 |\n';
    const rows = tableOptions(table, /^\| Option /, 'rateLimits.');
    expect(rows.map((r) => r.path)).toEqual(['rateLimits.maxQueue', 'rateLimits.maxQeue']);
    expect(rows.filter((r) => !isOption(r.path)).map((r) => r.path)).toEqual(['rateLimits.maxQeue']);
  });
});
