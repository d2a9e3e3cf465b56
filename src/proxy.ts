/**
 * `fareway/proxy`: the code that runs only when requests go through an egress proxy (the `proxy`
 * option, or Node's `NODE_USE_ENV_PROXY=1`).
 *
 * You do not need to import it: a client loads it when a proxy is in use. Import it once
 * (`import 'fareway/proxy';`) only when you **bundle** your application (esbuild, webpack, …) and
 * use a proxy, so that the bundle carries it. Applications that never use a proxy do not pay for it.
 * @packageDocumentation
 * @module fareway/proxy
 */
import { proxyHalf } from './core/loading/proxy-agent.js';
import { registerProxy } from './core/loading/proxy.js';

registerProxy(proxyHalf);
