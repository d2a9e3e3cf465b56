import { ConfigurationError } from '../../errors.js';
import { sourceImport } from './source-import.js';

/** Set by the build: `'cjs'` in the CommonJS build (dist/*.cjs), `'esm'` in the ES module build. */
declare const __FAREWAY_FORMAT__: 'esm' | 'cjs' | undefined;

const isEsm = () => typeof __FAREWAY_FORMAT__ === 'string' && __FAREWAY_FORMAT__ === 'esm';

type Require = ((id: string) => unknown) & { resolve(id: string): string };
interface NodeProcess {
  getBuiltinModule?: (id: string) => unknown;
}

/**
 * Where this module is: `import.meta.url` in the ES module build and the sources, `__filename` in
 * the CommonJS build (and in an application bundled to CommonJS, where `import.meta` is empty).
 * Never `process.argv[1]` nor the working directory: a launcher, a process manager or a test
 * runner decides those, and what they see is not what the application installed (docs/architecture.md).
 */
function ownLocation(): string | undefined {
  try {
    // In a `try`: esbuild bundles it to CommonJS (`import.meta` as `{}`) without a warning.
    const url: unknown = import.meta.url;
    if (typeof url === 'string' && url.startsWith('file:')) return url;
  } catch {
    // no `import.meta` here
  }
  return typeof __filename === 'string' && __filename.length > 0 ? __filename : undefined;
}

let own: Require | null | undefined; // null: no module loader in this runtime

/**
 * Node's `require` from this module's own location (the CommonJS build's own, else `createRequire`,
 * reached without importing `node:module`: Workers and browsers have none): it finds what the application installed beside
 * Fareway, whatever started the process, and Fareway's own entries by name (a package may require
 * itself). None where the runtime has no `process.getBuiltinModule` (Workers without Node compatibility).
 */
function ownRequire(): Require | undefined {
  if (own !== undefined) return own ?? undefined;
  // The CommonJS build's own `require` (under a test runner with a module registry of its own,
  // such as jest, that registry's: what it loads shares the test's globals). Only the CommonJS
  // build names `require`: in the ES module build the branch is dead code, so no `require` shim
  // lands in the package (an app's bundler would warn about it).
  if (typeof __FAREWAY_FORMAT__ === 'string' && __FAREWAY_FORMAT__ === 'cjs' && typeof require === 'function')
    return (own = require as Require);
  const proc = (globalThis as { process?: NodeProcess }).process;
  const get = typeof proc?.getBuiltinModule === 'function' ? proc.getBuiltinModule.bind(proc) : undefined;
  const { createRequire } = (get?.('node:module') ?? {}) as { createRequire?: (from: string) => Require };
  const from = ownLocation();
  own = typeof createRequire === 'function' && from ? createRequire(from) : null;
  return own ?? undefined;
}

/** Where Fareway looks for what it loads at run time (for messages): its own location. */
export const loadedFrom = (): string => ownLocation() ?? 'nowhere: this runtime has no module loader';

/**
 * Loads a module at run time, out of every bundler's sight and with no `import(expression)` in the
 * build: Node's `require` from this module's own location (also for ES modules: Node ≥ 22.12
 * requires them). A relative specifier is beside this module. Throws the loader's error.
 */
export function requireAtRunTime(specifier: string): unknown {
  const load = ownRequire();
  if (!load) throw new Error(`Cannot load ${specifier}: no module loader in this runtime`);
  return load(specifier);
}

/**
 * {@link requireAtRunTime}, as a promise; the sources load a relative specifier (one of their own
 * `.ts` files) with a native `import()` (source-import.ts) instead, which the build does not have.
 */
export async function importAtRunTime(specifier: string): Promise<unknown> {
  return sourceImport && specifier.startsWith('.') ? sourceImport(specifier) : requireAtRunTime(specifier);
}

/**
 * An optional peer, loaded now from Fareway's own installation; a ConfigurationError naming the
 * package, what needs it and how to install it when it cannot be loaded. The error carries what
 * the loader said as its cause.
 */
export function requirePeer(name: string, neededBy: string): unknown {
  try {
    return requireAtRunTime(name);
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ConfigurationError(
      `${neededBy} needs the package \`${name}\`, which could not be loaded from Fareway's ` +
        `installation (${loadedFrom()}): ${why}. Install it beside fareway: npm install ${name}`,
      { cause: error },
    );
  }
}

/**
 * Where a side entry of the package (`fareway/redis`, `fareway/proxy`) is loaded from at run time:
 * by name from this module's own location (the package requiring itself; in a bundled application,
 * its node_modules) and beside this module (`beside`: set by the build). The ES module build loads
 * the ES module twin (`x.js`, sharing this build's chunks) of the file the name resolves to for
 * `require` (`x.cjs`), and the name last.
 */
export function sideEntry(name: string, beside: string): string[] {
  const byName = `fareway/${name}`;
  if (isEsm()) {
    const file = resolveAtRunTime(byName);
    const twin = file?.endsWith('.cjs') ? [`${file.slice(0, -'.cjs'.length)}.js`] : [];
    return [...twin, ...(beside ? [beside] : []), byName];
  }
  return [...(beside ? [beside] : []), byName];
}

/** The file `specifier` resolves to from this module's own location (`require.resolve`), or undefined. */
export function resolveAtRunTime(specifier: string): string | undefined {
  if (sourceImport) return undefined;
  try {
    return ownRequire()?.resolve(specifier);
  } catch {
    return undefined;
  }
}
