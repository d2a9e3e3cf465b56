// Preload (`node --import ./test/package/no-msw.mjs`): makes 'msw' unresolvable, for require(),
// createRequire() and import alike, as in a project that never installed it.
import Module, { register } from 'node:module';

const banned = /^msw(\/|$)/;
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (banned.test(request)) {
    const err = new Error(`Cannot find module '${request}' (hidden by test/package/no-msw.mjs)`);
    err.code = 'MODULE_NOT_FOUND';
    throw err;
  }
  return resolveFilename.call(this, request, ...rest);
};
register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
      if (/^msw(\\/|$)/.test(specifier)) {
        const err = new Error("Cannot find package 'msw' (hidden by test/package/no-msw.mjs)");
        err.code = 'ERR_MODULE_NOT_FOUND';
        throw err;
      }
      return next(specifier, context);
    }`),
);
