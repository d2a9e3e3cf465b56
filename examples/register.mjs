// Registers ts-node's ESM loader, transpile-only (TOOLCHAIN.md: `npx ts-node` fails in an ESM
// package on Node 20, and type errors print as `[Object: null prototype] {}`; `npm run typecheck`
// checks the examples' types instead). Usage: node --import ./examples/register.mjs file.ts
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

process.env.TS_NODE_TRANSPILE_ONLY ??= 'true';
process.env.TS_NODE_PROJECT ??= new URL('../tsconfig.json', import.meta.url).pathname;
register('ts-node/esm', pathToFileURL('./'));
