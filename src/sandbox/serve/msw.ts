/**
 * The MSW adapter, loaded only when `sandbox.handlers` is read: nothing else in the sandbox
 * imports msw, so `listen()`, the bin and jest users never need it installed.
 */
import type * as MswModule from 'msw';
import type { RequestHandler } from 'msw';
import type { Route } from './router.js';

type Msw = typeof MswModule;

let cached: Msw | undefined;

function loadMsw(): Msw {
  if (cached) return cached;
  // A synchronous load keeps `sandbox.handlers` a plain property. No `import.meta` here: the
  // sources also run as CommonJS (ts-node examples), and an ES module build that reads it breaks
  // apps bundled to CommonJS (`import.meta` is empty there). So: from this file where CommonJS
  // says where it is (`__filename`), else from the working directory, whose project installs msw
  // to use the handlers anyway.
  // node:module is read when the handlers are, not imported: Cloudflare Workers (nodejs_compat at
  // compatibility date 2024-09-23) have none, and a worker uses `sandbox.fetch` without msw.
  const { createRequire } = process.getBuiltinModule('node:module');
  const bases = [...(typeof __filename === 'string' ? [__filename] : []), `${process.cwd()}/index.js`];
  let err: unknown;
  for (const base of bases) {
    try {
      cached = createRequire(base)('msw') as Msw;
      return cached;
    } catch (error) {
      err ??= error;
    }
  }
  throw new Error(
    "fareway/sandbox: `sandbox.handlers` needs the optional peer dependency 'msw' (npm i -D msw). " +
      'Without msw, use `await sandbox.listen()` (real HTTP) or `sandbox.fetch(request)`.',
    { cause: err },
  );
}

/** The routes as MSW request handlers matching any origin. */
export function toMswHandlers(routes: readonly Route[]): RequestHandler[] {
  const { http } = loadMsw();
  return routes.map((r) => {
    const method = r.method === 'GET' ? http.get : http.post;
    return method(`*${r.path}`, ({ request, params }) =>
      r.resolve(request, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]))),
    );
  });
}
