// Registers ts-node's ESM loader, transpile-only, for the benchmarks (bench/*.ts run as ESM under
// the root tsconfig). The examples do not need it: they are CommonJS (examples/package.json) and
// run with plain `npx ts-node examples/<name>.ts`. Usage: node --import ./examples/register.mjs file.ts
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

process.env.TS_NODE_TRANSPILE_ONLY ??= 'true';
process.env.TS_NODE_PROJECT ??= new URL('../tsconfig.json', import.meta.url).pathname;
register('ts-node/esm', pathToFileURL('./'));
