/**
 * A native `import()`, for the sources only (vitest, tsx, ts-node): they load `../../redis.ts` and
 * peers through it. The build replaces this module with `sourceImport = undefined`
 * (tsup.config.ts), so no `import(expression)` reaches dist/: miniflare refuses a bundle that has
 * one (ERR_MODULE_DYNAMIC_SPEC), and bundlers warn about it.
 */
export const sourceImport: ((specifier: string) => Promise<unknown>) | undefined = (specifier) =>
  import(/* webpackIgnore: true */ /* @vite-ignore */ specifier) as Promise<unknown>;
