// Makes packages unresolvable, for require(), createRequire() and import alike, as in a project
// that never installed them: `hidePackages(/^msw(\/|$)/, 'test/package/no-msw.mjs')` in a preload
// (`node --import …`). Synchronous module hooks (`registerHooks`, Node >= 22.15) cover both module
// systems; `module.register()` is deprecated on Node 26 (DEP0205) and would print a warning the
// tests forbid.
import { registerHooks } from 'node:module';

export function hidePackages(banned, by) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (banned.test(specifier)) {
        const esm = context.conditions?.includes('import');
        const err = new Error(
          esm
            ? `Cannot find package '${specifier}' (hidden by ${by})`
            : `Cannot find module '${specifier}' (hidden by ${by})`,
        );
        err.code = esm ? 'ERR_MODULE_NOT_FOUND' : 'MODULE_NOT_FOUND';
        throw err;
      }
      return nextResolve(specifier, context);
    },
  });
}
