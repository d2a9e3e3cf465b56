import { defineConfig } from 'tsup';

// ESM-only dependencies (ky, p-retry and what p-retry imports) are bundled into the CJS build:
// tsup's CJS output of an external ESM default import breaks at run time (see TOOLCHAIN.md).
const esmOnly = ['ky', 'p-retry', 'is-network-error'];

export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'sandbox/index': 'src/sandbox/index.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    splitting: true,
    treeshake: true,
  },
  {
    entry: { index: 'src/index.ts', 'sandbox/index': 'src/sandbox/index.ts' },
    format: ['cjs'],
    dts: true,
    sourcemap: true,
    target: 'node20',
    noExternal: esmOnly,
  },
  {
    entry: { 'sandbox/cli': 'src/sandbox/cli.ts' },
    format: ['esm'],
    sourcemap: false,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
