import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The unit project, flattened for Stryker (npm run test:mutation, stryker.config.json): the same
// files as `vitest run --project unit`, read from vitest.config.ts so the two never drift apart.
// `isolate: false` reuses one module graph across test files (a mutation run re-runs the tests
// that cover each mutant, hundreds of times: re-importing the SDK for every file would dominate).
type Project = { test?: { name?: string; include?: string[]; exclude?: string[] } };
const unit = (base.test?.projects as Project[] | undefined)?.find((p) => p.test?.name === 'unit')?.test;
if (!unit?.include) throw new Error('vitest.mutation.config.ts: no unit project in vitest.config.ts');

export default defineConfig({
  test: {
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    isolate: false,
    include: unit.include,
    exclude: [...(unit.exclude ?? []), ...(process.env.FAREWAY_MUTATION_EXCLUDE?.split(',') ?? [])],
  },
});
