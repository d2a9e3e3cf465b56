import type { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import { ConfigurationError } from '../../errors.js';
import { requirePeer } from './run-time-import.js';

/**
 * The proxy half of the client (docs/production.md, "Proxies"): what runs only when a proxy is in
 * use, the `proxy` option or Node's NODE_USE_ENV_PROXY. It is the `fareway/proxy` entry (src/proxy.ts),
 * loaded at run time by core/loading/proxy.ts, so that an application that never uses a proxy does not
 * bundle it (bench/size). Two ways through one:
 *
 * - the environment: Node's own fetch reads HTTP_PROXY/HTTPS_PROXY/NO_PROXY when started with
 *   `NODE_USE_ENV_PROXY=1` (or `--use-env-proxy`); Bun and Deno read them natively. Nothing to do
 *   here but name the proxy when it refuses.
 * - the `proxy` option (Node): the optional peer `undici`, its OWN `fetch` with its OWN
 *   `EnvHttpProxyAgent` (a dispatcher from one undici handed to another undici's fetch may not
 *   work: openai-node #1886). One agent per client, keep-alive on, closed by `fareway.close()`.
 *   undici is loaded with `createRequire` from Fareway's own location, only when the option is
 *   set: no bundler follows it (an app that never sets `proxy` never bundles undici) and no
 *   `import(expression)` is left for miniflare to refuse.
 *
 * A proxy that refuses (connection refused, unknown host, a non-200 answer to CONNECT, a 407) is
 * reported as the proxy's failure, named with its password masked.
 */

/** The proxy requests of one client go through, as far as the SDK knows. */
export interface ProxyRoute {
  /** The proxy's URL with its password masked: what messages show. */
  readonly shown: string;
  /** What fetch threw, as the proxy's refusal when it is one (else undefined). */
  readonly refusal: (error: unknown) => Error | undefined;
  /** The fetch that sends through the proxy (the `proxy` option only). */
  readonly fetch?: typeof fetch;
  readonly close?: () => Promise<void>;
}

/** What `fareway/proxy` registers, and core/loading/proxy.ts calls. */
export interface ProxyHalf {
  envRoute(baseUrl: string): ProxyRoute | undefined;
  openProxy(option: string, noProxy: string | undefined): ProxyRoute;
}

const refusal = (why: string, code: string) => Object.assign(new Error(why), { code });

/**
 * `error` (what fetch threw) as the proxy's refusal, when it is one: a 407, a non-200 answer to
 * CONNECT, or a connection to the proxy's own host and port that could not be made: an error
 * saying why, with a system code (`ECONNREFUSED`, `ERR_PROXY_407`, …). Else undefined.
 */
function proxyRefusal(error: unknown, url: URL): Error | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    const status = /Proxy (?:response \((\d{3})\)|Authentication Required)/.exec(e.message);
    if (status)
      return refusal(
        status[1] ? `it answered ${status[1]} to CONNECT` : 'it answered 407',
        `ERR_PROXY_${status[1] ?? 407}`,
      );
    const { code, hostname, port } = e as { code?: string; hostname?: unknown; port?: unknown };
    // Refused, unreachable or unknown: the proxy's own host or port (a refusing service behind
    // noProxy on the very port of the proxy would be misnamed; nothing was sent either way).
    const at =
      hostname === url.hostname || port === Number(url.port || (url.protocol === 'http:' ? 80 : 443));
    if (at && /^E(CONNREFUSED|NOTFOUND|AI_AGAIN|HOSTUNREACH|NETUNREACH)$/.test(code ?? ''))
      return refusal(e.message.split('\n')[0]!, code!);
  }
  return undefined;
}

function route(url: URL, extra?: Pick<ProxyRoute, 'fetch' | 'close'>): ProxyRoute {
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  return { shown: shown.href.replace(/\/$/, ''), refusal: (error) => proxyRefusal(error, url), ...extra };
}

export const proxyHalf: ProxyHalf = {
  /** The proxy Node's own fetch uses for `baseUrl` (the process was started with NODE_USE_ENV_PROXY=1). */
  envRoute(baseUrl) {
    const env = globalThis.process.env;
    const v = (name: string) => env[name.toLowerCase()] || env[name];
    const raw = (baseUrl.startsWith('https:') && v('HTTPS_PROXY')) || v('HTTP_PROXY');
    return raw && /^https?:$/.test(URL.parse(raw)?.protocol ?? '') ? route(new URL(raw)) : undefined;
  },

  /** The `proxy` option's route: a fetch through undici's own fetch and EnvHttpProxyAgent. */
  openProxy(option, noProxy) {
    const p = globalThis.process;
    // Node only (Bun and Deno read HTTPS_PROXY themselves). undici is loaded at once, from
    // Fareway's own installation (limiter/run-time-import.ts), so that a missing undici fails the
    // constructor, naming it; no bundler follows it.
    if (typeof p?.getBuiltinModule !== 'function' || p.versions.bun || p.versions.deno)
      throw new ConfigurationError(
        '`proxy` needs Node and `undici` (npm install undici); Bun, Deno: HTTPS_PROXY',
      );
    const undici = requirePeer('undici', 'The `proxy` option') as {
      fetch: typeof undiciFetch;
      EnvHttpProxyAgent: typeof EnvHttpProxyAgent;
    };
    const agent = new undici.EnvHttpProxyAgent({ httpProxy: option, httpsProxy: option, noProxy });
    // ky hands over a standard Request; another undici's fetch cannot read it, so it is sent as its
    // parts (the body as bytes: the same Content-Length as without a proxy).
    const send = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      return (await undici.fetch(request.url, {
        method: request.method,
        headers: [...request.headers],
        body: request.body && (await request.arrayBuffer()),
        signal: init?.signal ?? request.signal,
        dispatcher: agent,
      })) as unknown as Response;
    };
    let closing: Promise<void> | undefined;
    return route(new URL(option), { fetch: send, close: () => (closing ??= agent.close()) });
  },
};
