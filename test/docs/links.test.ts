/**
 * docs/ ships in the package (issue 32, item 6): the packed tarball holds every docs/*.md page,
 * and every relative link of its README.md, CHANGELOG.md and docs pages (anchors included)
 * resolves to a file inside the package, so they work in node_modules/fareway/ with no network.
 * Pages of the repository that are not shipped (examples/, test/consumers/, docs/api/) are linked
 * by their GitHub address. Packs with `npm pack` (dist/ must be built: the package project).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenLinks, headingIds } from './links.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'fareway-links-'));
let files = new Set<string>();
let size = 0;

beforeAll(() => {
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
    cwd: root,
    encoding: 'utf8',
  });
  const [packed] = JSON.parse(out) as Array<{ filename: string; size: number }>;
  execFileSync('tar', ['-xzf', join(work, packed!.filename), '-C', work]);
  size = packed!.size;
  const walk = (dir: string, prefix: string): string[] =>
    readdirSync(join(work, 'package', dir), { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? walk(join(dir, d.name), `${prefix}${d.name}/`) : [`${prefix}${d.name}`],
    );
  files = new Set(walk('', ''));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(work, 'package', path), 'utf8');

describe('the docs in the packed package', () => {
  it('holds every docs/*.md page of the repository, and not the generated docs/api/', () => {
    const pages = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) expect(files.has(`docs/${page}`), `docs/${page}`).toBe(true);
    expect([...files].filter((f) => f.startsWith('docs/api/'))).toEqual([]);
    // Measured when docs/ was added: 1.12 MB → 1.23 MB packed; docs/api/ would add 0.10 MB more.
    expect(size).toBeLessThan(1_600_000);
  });

  it('resolves every relative link of README.md, CHANGELOG.md and docs/*.md inside the package', () => {
    const markdown = [...files].filter((f) => /^(README|CHANGELOG)\.md$|^docs\/[^/]+\.md$/.test(f));
    expect(markdown).toContain('README.md');
    const broken = markdown.flatMap((f) => brokenLinks(f, read(f), files, read));
    expect(broken.map((b) => `${b.file}:${b.line} ${b.target}: ${b.why}`)).toEqual([]);
    // The README reaches the pages by relative links (not GitHub addresses).
    expect(read('README.md')).toMatch(/\]\(docs\/errors-and-retries\.md\)/);
  });
});

describe('the link check itself', () => {
  const set = new Set(['README.md', 'docs/a.md', 'docs/b.md']);
  const texts: Record<string, string> = {
    'docs/a.md': '# Page A\n\n## Errors → HTTP answers\n\n## Twice\n\n## Twice\n',
    'docs/b.md': '# B\n',
  };
  const check = (file: string, text: string) => brokenLinks(file, text, set, (p) => texts[p] ?? '');

  it('accepts links that resolve, from the root and from docs/', () => {
    expect(check('README.md', '[a](docs/a.md) [b](docs/b.md#b) [web](https://x.dev/docs/c.md)')).toEqual([]);
    expect(check('docs/b.md', '[a](a.md#errors--http-answers) [r](../README.md) [t](a.md#twice-1)')).toEqual(
      [],
    );
    expect(headingIds(texts['docs/a.md']!)).toEqual(
      new Set(['page-a', 'errors--http-answers', 'twice', 'twice-1']),
    );
  });

  it('reports a missing file, a link out of the package and a missing anchor, but not code', () => {
    const found = check(
      'docs/b.md',
      '[c](c.md)\n[out](../../x.md)\n[h](a.md#nope)\n[self](#b) [me](#gone)\n```md\n[in code](zzz.md)\n```\n`[x](y.md)`',
    );
    expect(found.map((b) => `${b.line} ${b.target}`)).toEqual([
      '1 c.md',
      '2 ../../x.md',
      '3 a.md#nope',
      '4 #gone',
    ]);
  });
});
