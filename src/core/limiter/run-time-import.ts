/**
 * Loads a module at run time, out of every bundler's sight (`specifier` is computed): `require`
 * where there is one (the CommonJS build: jest runs CommonJS without dynamic `import()` unless
 * started with --experimental-vm-modules), else a native `import()`. Rejects with the first
 * loader's error when neither can load it.
 */
export async function importAtRunTime(specifier: string): Promise<unknown> {
  let requireError: unknown;
  // `module` tells real CommonJS apart from a bundler's `require` shim in an ES module.
  if (typeof require === 'function' && typeof module === 'object') {
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
