import { defineConfig } from 'tsup';

// ESM-only dependencies (ky, p-retry and what p-retry imports) are bundled into the CJS build:
// tsup's CJS output of an external ESM default import breaks at run time (see TOOLCHAIN.md).
const esmOnly = ['ky', 'p-retry', 'is-network-error'];

// keepNames: without it esbuild renames classes (`_FareExpiredError`), which shows in every
// uncaught error and breaks the cross-build `instanceof` (it compares class names).
const common = { keepNames: true, target: 'node20', sourcemap: true } as const;

export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'sandbox/index': 'src/sandbox/index.ts' },
    ...common,
    format: ['esm'],
    clean: true,
    // `__filename` from import.meta.url for the sandbox's lazy msw load (src/sandbox/msw.ts).
    shims: true,
    splitting: true,
    treeshake: true,
  },
  {
    entry: { index: 'src/index.ts', 'sandbox/index': 'src/sandbox/index.ts' },
    ...common,
    format: ['cjs'],
    noExternal: esmOnly,
  },
  {
    // Declarations once for both formats (.d.ts and .d.cts): one rollup of the types, not two.
    entry: { index: 'src/index.ts', 'sandbox/index': 'src/sandbox/index.ts' },
    format: ['esm', 'cjs'],
    dts: { only: true },
  },
  {
    entry: { 'sandbox/cli': 'src/sandbox/cli.ts' },
    ...common,
    format: ['esm'],
    sourcemap: false,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
