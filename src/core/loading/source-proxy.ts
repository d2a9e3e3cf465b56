/**
 * The proxy half, imported directly by the sources only (vitest, tsx, ts-node). The build replaces
 * this module with `sourceProxy = undefined` (tsup.config.ts): the built client loads the
 * `fareway/proxy` entry at run time instead (core/loading/proxy.ts), so its bundle does not carry it.
 */
export { proxyHalf as sourceProxy } from './proxy-agent.js';
