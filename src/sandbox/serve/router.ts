/**
 * The sandbox's core: a plain `(Request) => Promise<Response>` router over Fetch API objects.
 * It needs nothing but Node (or any runtime with Fetch), so `listen()`, the bin and any test
 * runner can use it; the MSW adapter (`./msw.ts`) wraps the same routes only when asked for.
 */
import type { Resolver } from '../handlers/wrap.js';

/** One endpoint: method, path pattern (`:name` segments are parameters) and its resolver. */
export interface Route {
  method: 'GET' | 'POST';
  /** Path pattern, e.g. `/v1/flights/booking/:id/book/`; matched on any origin. */
  path: string;
  resolve: Resolver;
}

/** A framework-free fake service: answers a Fetch Request, or `undefined` when no route matches. */
export type SandboxFetch = (request: Request) => Promise<Response | undefined>;

/** Shorthand for a Route. */
export function route(method: Route['method'], path: string, resolve: Resolver): Route {
  return { method, path, resolve };
}

function compile(path: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((seg) => {
      if (seg.startsWith(':')) {
        names.push(seg.slice(1));
        return '([^/]+)';
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { re: new RegExp(`^${source}$`), names };
}

/** Builds the router: the first route whose method and path match answers. */
export function createRouter(routes: readonly Route[]): SandboxFetch {
  const compiled = routes.map((r) => ({ ...r, ...compile(r.path) }));
  return async (request) => {
    const { pathname } = new URL(request.url);
    for (const r of compiled) {
      if (r.method !== request.method) continue;
      const m = r.re.exec(pathname);
      if (!m) continue;
      const params: Record<string, string> = {};
      r.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1] as string)));
      return r.resolve(request, params);
    }
    return undefined;
  };
}

/**
 * `sandbox.fetch`: the router, with a dropped connection (`Response.error()`, e.g. from
 * `control.commitThenDrop` or `failNext({ drop: true })`) turned into what a real fetch does on a
 * reset socket: it rejects with `TypeError('fetch failed')` whose cause has the code
 * `ECONNRESET` (undici's shape). The work is done; only the answer is lost. MSW makes the same
 * `Response.error()` a rejection by itself, and `listen()` destroys the socket.
 */
export function droppingFetch(router: SandboxFetch): SandboxFetch {
  return async (request) => {
    const response = await router(request);
    if (response?.type !== 'error') return response;
    const reset = Object.assign(new Error('read ECONNRESET'), {
      code: 'ECONNRESET',
      errno: -104,
      syscall: 'read',
    });
    throw new TypeError('fetch failed', { cause: reset });
  };
}
