import { defineConfig } from 'vitest/config';

// Three projects, so `npm test` stays fast on a loaded machine:
//   unit     everything in-process (npm run test:unit)
//   package  the BUILT package: exports, class names, docs' code blocks (npm run test:package, after build)
//   slow     child processes and real servers: examples, redis, the CLI, fault matrix and fuzz,
//            the loaded-machine limiter check, the memory bound (npm run test:slow; .ci/run)
//   consumers  fresh projects installing the packed tarball (npm run test:consumers; .ci/run)
//   reach    Bun, Deno, workerd, miniflare and a registry rehearsal (npm run test:reach; once per .ci/run)
// Each run writes its JSON report to .tmp/vitest/ for .ci/run's closing "N passed, N failed" line.
const slow = [
  'test/examples/**/*.test.ts',
  'test/redis/**/*.test.ts',
  'test/sandbox/cli.test.ts',
  // the sandbox bins with --control (controls over HTTP)
  'test/sandbox/cli-control.test.ts',
  // FAREWAY_LOG in a child process running the built package
  'test/logs/env.test.ts',
  // the fareway CLI as child processes
  'test/cli/**/*.test.ts',
  // real sockets with faults, response fuzz, a CPU hog, a 300-search memory bound
  'test/faults/**/*.test.ts',
  'test/memory/**/*.test.ts',
  'test/core/limiter-exact.test.ts',
  // two processes carrying a selection token, over a sandbox on 127.0.0.1
  'test/integration/selection-two-processes.test.ts',
  // NODE_USE_ENV_PROXY in a child process running the built package, through a real proxy
  'test/proxy/env.test.ts',
  // the built package under launchers, other working directories and forked workers (issue 30)
  'test/launch/**/*.test.ts',
];
const built = ['test/package/**/*.test.ts', 'test/docs/**/*.test.ts'];

export default defineConfig({
  test: {
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    reporters: ['default', ['json', { outputFile: `.tmp/vitest/run-${Date.now()}-${process.pid}.json` }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...slow, ...built, 'test/consumers/**', 'test/reach/**'],
        },
      },
      {
        extends: true,
        test: { name: 'package', include: built, testTimeout: 180_000, hookTimeout: 180_000 },
      },
      { extends: true, test: { name: 'slow', include: slow, testTimeout: 180_000, hookTimeout: 180_000 } },
      // Fixture projects installed from the packed tarball (network to the npm registry): .ci/run only.
      {
        extends: true,
        test: {
          name: 'consumers',
          include: ['test/consumers/*.test.ts'],
          testTimeout: 900_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
      // Bun, Deno, workerd and miniflare consumers and the registry rehearsal, from the packed
      // tarball with runtimes installed from the npm registry: once per .ci/run (npm run test:reach).
      {
        extends: true,
        test: {
          name: 'reach',
          include: ['test/reach/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
