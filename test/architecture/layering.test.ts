/**
 * Which layer of src/ may import which: the table printed in docs/architecture.md ("Layers, bottom
 * to top") is read here, so the map and the rule cannot drift. A file imports its own layer or a
 * lower one (type-only imports included); a layer with an "imports only" list (the sandbox) imports
 * nothing else. Beside it: no folder of src/ holds more than 16 files side by side, and every
 * src path the map names exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { crowdedFolders, layerOf, readLayers, sourceFiles, upwardImports } from './layers.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const src = join(root, 'src');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const layers = readLayers(doc);

describe('the layers of src/ (docs/architecture.md)', () => {
  it('reads the table from the map, bottom to top', () => {
    expect(layers.map((l) => l.rank)).toEqual(layers.map((_, i) => i));
    expect(layers.map((l) => l.name)).toEqual(expect.arrayContaining(['core/wire', 'resources', 'sandbox']));
    expect(layerOf(layers, 'core/call/requester.ts')?.name).toBe('core/call');
    expect(layerOf(layers, 'schemas/plain/vocabulary.ts')?.rank).toBeLessThan(
      layerOf(layers, 'schemas/zod.ts')!.rank,
    );
  });

  it('has no file importing a higher layer (and the sandbox only itself and the plain schemas)', () => {
    expect(upwardImports(src, layers)).toEqual([]);
  });

  it('fails on a fixture with one upward type-only import, naming the file and the arrow', () => {
    expect(upwardImports(join(here, 'fixture/src'), layers)).toEqual([
      'schemas/answer.ts (schemas, 1) -> core/options/options.ts (core/options, 6): a higher layer',
    ]);
  });

  it('keeps at most 16 files side by side in any folder', () => {
    expect(crowdedFolders(src, 16)).toEqual([]);
    expect(crowdedFolders(src, 2).length).toBeGreaterThan(0);
  });

  it('names only src paths that exist', () => {
    const all = sourceFiles(src).map((f) => f.slice(src.length + 1));
    const named = [...doc.matchAll(/`([\w./-]+\.ts)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(50);
    const missing = named.filter((p) =>
      p.includes('/')
        ? !existsSync(join(/^(src|test|bench)\//.test(p) ? root : src, p))
        : !all.some((f) => basename(f) === p) && !existsSync(join(root, p)),
    );
    expect(missing).toEqual([]);
  });
});
