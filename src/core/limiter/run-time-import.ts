import { sourceImport } from './source-import.js';

/** Set by the build: `'cjs'` in the CommonJS build (dist/*.cjs), `'esm'` in the ES module build. */
declare const __FAREWAY_FORMAT__: 'esm' | 'cjs' | undefined;

const isCjs = () => typeof __FAREWAY_FORMAT__ === 'string' && __FAREWAY_FORMAT__ === 'cjs';

type Require = ((id: string) => unknown) & { resolve(id: string): string };
interface NodeProcess {
  argv?: string[];
  cwd?: () => string;
  getBuiltinModule?: (id: string) => unknown;
}

/**
 * Node's `require`s to load optional peers with, reached without importing `node:module` (Workers
 * and browsers have none): this module's own in the CommonJS build, then `createRequire` from the
 * application's main script (else the working directory). None where the runtime has no
 * `process.getBuiltinModule` (Workers without Node compatibility).
 */
function requires(): Require[] {
  const found: Require[] = [];
  // Only the CommonJS build names `require`: in the ES module build the branch is dead code, so no
  // `require` shim lands in the package (an app's bundler would warn about a bare chunk import).
  if (typeof __FAREWAY_FORMAT__ === 'string' && __FAREWAY_FORMAT__ === 'cjs') found.push(require);
  const proc = (globalThis as { process?: NodeProcess }).process;
  const get = typeof proc?.getBuiltinModule === 'function' ? proc.getBuiltinModule.bind(proc) : undefined;
  const { createRequire } = (get?.('node:module') ?? {}) as { createRequire?: (from: string) => Require };
  const path = get?.('node:path') as
    { isAbsolute(p: string): boolean; join(...p: string[]): string } | undefined;
  if (typeof createRequire !== 'function' || !path) return found;
  const bases = new Set<string>();
  if (typeof __filename === 'string' && path.isAbsolute(__filename)) bases.add(__filename);
  // Where an `import()` from the application would look: beside its main script (or, with none,
  // such as `node -e`, in the working directory).
  const main = proc?.argv?.[1];
  if (main && path.isAbsolute(main)) bases.add(main);
  else if (typeof proc?.cwd === 'function') bases.add(path.join(proc.cwd(), 'index.js'));
  for (const base of bases) found.push(createRequire(base));
  return found;
}

/**
 * Loads a module at run time, out of every bundler's sight and with no `import(expression)` in the
 * build: the sources use a native `import()` (source-import.ts); the build uses Node's `require`
 * (also for ES modules: Node ≥ 22.12 requires them). Rejects with the first loader's error when none
 * can load it. A relative specifier is loaded only by a loader that knows this module's location.
 */
export async function importAtRunTime(specifier: string): Promise<unknown> {
  return sourceImport ? sourceImport(specifier) : requireAtRunTime(specifier);
}

/** {@link importAtRunTime} at once, for the build only (Node's `require`): throws as it rejects. */
export function requireAtRunTime(specifier: string): unknown {
  // A relative specifier means "beside this module": only the CommonJS build's own `require` knows where that is.
  const all = requires();
  const loaders = !specifier.startsWith('.') ? all : isCjs() ? all.slice(0, 1) : [];
  let first: unknown;
  for (const load of loaders) {
    try {
      return load(specifier);
    } catch (error) {
      first ??= error;
    }
  }
  throw first ?? new Error(`Cannot load ${specifier}: no module loader in this runtime`);
}

/**
 * Where a side entry of the package (`fareway/redis`, `fareway/proxy`) is loaded from at run time:
 * beside the built entry (`beside`: set by the build; in the sources, the entry's source), then by name (a bundled application whose
 * node_modules still holds fareway). The ES module build cannot say where it is (no `import.meta`:
 * apps bundled to CommonJS lack it): it loads the ES module twin (`x.js`, sharing this build's
 * chunks) of the file that the name resolves to for `require` (`x.cjs`).
 */
export function sideEntry(name: string, beside: string): string[] {
  const byName = `fareway/${name}`;
  if (typeof __FAREWAY_FORMAT__ === 'string' && __FAREWAY_FORMAT__ === 'esm') {
    const file = resolveAtRunTime(byName);
    return [...(file?.endsWith('.cjs') ? [`${file.slice(0, -'.cjs'.length)}.js`] : []), byName];
  }
  return [beside, byName];
}

/** The file `specifier` resolves to (Node's `require.resolve`), or undefined. */
export function resolveAtRunTime(specifier: string): string | undefined {
  if (sourceImport) return undefined;
  for (const { resolve } of requires()) {
    try {
      return resolve(specifier);
    } catch {
      // the next base
    }
  }
  return undefined;
}
