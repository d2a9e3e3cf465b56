/** Set by the build: `'cjs'` in the CommonJS build (dist/*.cjs), `'esm'` in the ES module build. */
declare const __FAREWAY_FORMAT__: 'esm' | 'cjs' | undefined;

/**
 * Loads a module at run time, out of every bundler's sight (`specifier` is computed): `require`
 * where there is one (the CommonJS build: jest runs CommonJS without dynamic `import()` unless
 * started with --experimental-vm-modules), else a native `import()`. Rejects with the first
 * loader's error when neither can load it.
 */
export async function importAtRunTime(specifier: string): Promise<unknown> {
  let requireError: unknown;
  // Only the CommonJS build names `require`: in the ES module build the branch is dead code, so no
  // `require` shim lands in the package (an app's bundler would warn about a bare chunk import).
  if (typeof __FAREWAY_FORMAT__ === 'string' && __FAREWAY_FORMAT__ === 'cjs') {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return require(specifier) as unknown;
    } catch (error) {
      requireError = error;
    }
  }
  try {
    // A native import at run time, also under webpack and vite (no bundle-time resolution).
    return (await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)) as unknown;
  } catch (error) {
    throw requireError ?? error;
  }
}
