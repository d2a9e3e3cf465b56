// Bundles worker.js as a Workers build does with `nodejs_compat`: ES module output, the worker
// conditions, every Node builtin (with or without `node:`) left to the runtime.
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

const result = await build({
  entryPoints: ['worker.js'],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  conditions: ['workerd', 'worker', 'browser'],
  external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
  outfile: 'out/worker.js',
  logLevel: 'silent',
});
if (result.warnings.length)
  throw new Error(`esbuild warned:\n${result.warnings.map((w) => w.text).join('\n')}`);
console.log('bundled out/worker.js');
