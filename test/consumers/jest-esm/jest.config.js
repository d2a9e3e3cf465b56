// jest 30 in ESM mode: ts-jest's ESM preset (TypeScript files run as ES modules, so ESM-only
// packages such as NestJS 12 and msw 3 load), run with `NODE_OPTIONS=--experimental-vm-modules`.
import { createDefaultEsmPreset } from 'ts-jest';

/** @type {import('jest').Config} */
export default {
  ...createDefaultEsmPreset(),
  testEnvironment: 'node',
  // Relative imports name the `.js` a build would emit (NodeNext); jest finds the `.ts` beside it.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
