import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { defineConfig, type Options } from 'tsup';

// ESM-only dependencies (ky, p-retry and what p-retry imports) are bundled into the CJS build:
// tsup's CJS output of an external ESM default import breaks at run time (see TOOLCHAIN.md).
const esmOnly = ['ky', 'p-retry', 'is-network-error'];

// No keepNames: it wraps every function in `__name(...)` (2.4 KiB gzipped of each app's bundle).
// The exported classes set their own names instead (errors.ts, Deadline, Page, …): without that
// esbuild renames some (`_APIError`), and the cross-build `instanceof` compares class names.
// `removeNodeProtocol: false`: dist/ keeps `node:timers/promises` (tsup strips the prefix by default), which
// Cloudflare Workers load with `nodejs_compat` on any compatibility date (test/package/node-prefix.test.ts).
// The build has no `import(expression)` (miniflare refuses a bundle with one): the sources' native
// `import()` (src/core/loading/source-import.ts) becomes `undefined`, and run-time-import.ts uses `require`.
// Likewise the sources' own import of the proxy half (src/core/loading/source-proxy.ts): the build loads the
// `fareway/proxy` entry at run time instead (src/core/loading/proxy.ts).
const noSourceImport: Plugin = {
  name: 'fareway-no-source-import',
  setup(build) {
    build.onResolve({ filter: /\/source-(import|proxy)\.js$/ }, (args) => ({
      path: args.path.includes('proxy') ? 'source-proxy' : 'source-import',
      namespace: 'fareway',
    }));
    build.onLoad({ filter: /^source-(import|proxy)$/, namespace: 'fareway' }, (args) => ({
      contents: `export const ${args.path === 'source-proxy' ? 'sourceProxy' : 'sourceImport'} = undefined;`,
      loader: 'js',
    }));
  },
};
// `fareway/health` (src/health/) runs on the main entry's client: its imports of src/client.ts and
// src/errors.ts are the built main entry (one Fareway, one set of error classes, and the main
// entry's chunks stay as they are; sharing them through splitting made the Redis half's chunk a
// bare import, which bundlers drop with a warning).
const src = resolve(dirname(fileURLToPath(import.meta.url)), 'src');
const onMainEntry = (main: string): Plugin => ({
  name: 'fareway-health-on-main-entry',
  setup(build) {
    build.onResolve({ filter: /\/(client|errors)\.js$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      return target === resolve(src, 'client.js') || target === resolve(src, 'errors.js')
        ? { path: main, external: true }
        : undefined;
    });
  },
});
const common = {
  keepNames: false,
  target: 'node22',
  sourcemap: true,
  removeNodeProtocol: false,
  esbuildPlugins: [noSourceImport],
} satisfies Options;

// The Redis half of the limiter is its own entry (`fareway/redis`), loaded from the package's own
// location (by name, or beside the built entry) only when `rateLimits.redis` is set
// (src/core/limiter/load-redis.ts); so is the proxy half (`fareway/proxy`), only when a proxy is
// in use (src/core/loading/proxy.ts). Never from process.argv[1] or the working directory (issue 30).
const entry = {
  index: 'src/index.ts',
  redis: 'src/redis.ts',
  proxy: 'src/proxy.ts',
  http: 'src/http.ts',
  health: 'src/health.ts',
  'sandbox/index': 'src/sandbox/index.ts',
};
const redisEntry = (file: string) => ({
  __FAREWAY_REDIS_ENTRY__: JSON.stringify(file),
  __FAREWAY_PROXY_ENTRY__: JSON.stringify(file.replace('redis', 'proxy')),
});
// The module format, for src/core/loading/run-time-import.ts (`require` in the CommonJS build only).
const format = (name: 'esm' | 'cjs') => ({ __FAREWAY_FORMAT__: JSON.stringify(name) });

export default defineConfig([
  {
    // The client and its Redis and proxy halves share chunks (one LocalTokens, one registry of the Redis store).
    entry: { index: entry.index, redis: entry.redis, proxy: entry.proxy },
    ...common,
    format: ['esm'],
    define: { ...redisEntry('./redis.js'), ...format('esm') },
    clean: true,
    splitting: true,
    treeshake: true,
  },
  {
    // `fareway/http` on its own, no chunk shared with the client: it maps errors by their `code`
    // (its own copy of FarewayError recognises errors of any build by their brand), so an app
    // that never imports it carries none of it, and bundlers see no shared chunk between entries.
    entry: { http: entry.http },
    ...common,
    format: ['esm'],
    treeshake: true,
  },
  {
    // The sandbox on its own (it shares nothing with the client but GST_FIELDS). No `shims`: an
    // `import.meta.url` shim breaks apps bundled to CommonJS (src/sandbox/serve/msw.ts does without).
    entry: { 'sandbox/index': entry['sandbox/index'] },
    ...common,
    format: ['esm'],
    treeshake: true,
  },
  {
    entry: { health: entry.health },
    ...common,
    esbuildPlugins: [noSourceImport, onMainEntry('./index.js')],
    format: ['esm'],
    define: { ...redisEntry('./redis.js'), ...format('esm') },
    treeshake: true,
  },
  {
    entry: {
      index: entry.index,
      redis: entry.redis,
      proxy: entry.proxy,
      http: entry.http,
      'sandbox/index': entry['sandbox/index'],
    },
    ...common,
    format: ['cjs'],
    define: { ...redisEntry('./redis.cjs'), ...format('cjs') },
    noExternal: esmOnly,
  },
  {
    entry: { health: entry.health },
    ...common,
    esbuildPlugins: [noSourceImport, onMainEntry('./index.cjs')],
    format: ['cjs'],
    define: { ...redisEntry('./redis.cjs'), ...format('cjs') },
    noExternal: esmOnly,
  },
  {
    // Declarations once for both formats (.d.ts and .d.cts): one rollup of the types, not two.
    entry,
    format: ['esm', 'cjs'],
    dts: { only: true },
  },
  {
    // The two bins: `fareway` (src/cli/) and its alias `fareway-sandbox`. Split, so that the sandbox
    // is a chunk `fareway` imports only for `fareway sandbox` (doctor and bookings never load it).
    // The client is bundled into the `fareway` bin (it does not use the Redis half of the limiter).
    entry: { 'sandbox/cli': 'src/sandbox/cli.ts', 'cli/index': 'src/cli/index.ts' },
    ...common,
    format: ['esm'],
    define: { ...redisEntry('../redis.js'), ...format('esm') },
    splitting: true,
    // The bins' shared chunks stay out of the library's dist/ root.
    esbuildOptions: (options) => {
      options.chunkNames = 'cli/chunks/[name]-[hash]';
    },
    sourcemap: false,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
