import { ConfigurationError } from '../../errors.js';
import { requireAtRunTime, sideEntry } from './run-time-import.js';
import type { ProxyHalf, ProxyRoute } from './proxy-agent.js';
import { sourceProxy } from './source-proxy.js';

/**
 * Egress proxies (docs/production.md, "Proxies"): the main entry's side. It checks the `proxy`
 * option and loads the proxy half (proxy-agent.ts, the `fareway/proxy` entry) only when a proxy is
 * in use: the `proxy` option, or Node started with NODE_USE_ENV_PROXY=1 (the half then names the
 * environment's proxy when it refuses). `fareway/proxy` registers the half when imported (a
 * bundled application); otherwise it is required from Fareway's own location (by name, the
 * package requiring itself, and beside the built entry), as the Redis half is
 * (limiter/load-redis.ts), at once, so that the constructor fails at once. Kept small: it is on
 * the main entry (bench/size).
 */

export type { ProxyRoute } from './proxy-agent.js';

/** Set by the build: the proxy entry's file beside the built entry. */
declare const __FAREWAY_PROXY_ENTRY__: string | undefined;

const KEY = Symbol.for('fareway.proxy@1');
const halfOf = () => (globalThis as Record<symbol, ProxyHalf | undefined>)[KEY];

/** Makes the proxy half available to every Fareway client of this process (`fareway/proxy` calls it). */
export function registerProxy(half: ProxyHalf): void {
  (globalThis as Record<symbol, unknown>)[KEY] = half;
}

/** The proxy half: the sources' own import, else the registered one, else loaded now (or none). */
function loadHalf(): ProxyHalf | undefined {
  if (sourceProxy) return sourceProxy;
  const beside = typeof __FAREWAY_PROXY_ENTRY__ === 'string' ? __FAREWAY_PROXY_ENTRY__ : '';
  for (const specifier of sideEntry('proxy', beside))
    try {
      if (!halfOf()) requireAtRunTime(specifier);
    } catch {
      // the next place
    }
  return halfOf();
}

/** An absolute http:// or https:// URL (the `proxy` option's rule; it is never echoed). */
export const isProxyUrl = (raw: string): boolean => /^https?:$/.test(URL.parse(raw)?.protocol ?? '');

/**
 * The route of a client: its `proxy` option (a fetch through undici), else the environment's
 * proxy Node uses, else none.
 */
export function openProxy(
  option: string | undefined,
  noProxy: string | undefined,
  baseUrl: string,
  customFetch: unknown,
): ProxyRoute | undefined {
  const p = globalThis.process;
  if (option === undefined)
    return p?.env && (p.env.NODE_USE_ENV_PROXY === '1' || p.execArgv?.includes('--use-env-proxy'))
      ? loadHalf()?.envRoute(baseUrl)
      : undefined;
  if (customFetch) throw new ConfigurationError('Pass `proxy` or `fetch`, not both');
  const half = loadHalf();
  if (!half)
    throw new ConfigurationError(
      "`proxy` is set, but Fareway's proxy support could not be loaded: in a bundled application, " +
        "add `import 'fareway/proxy';` once",
    );
  return half.openProxy(option, noProxy);
}
