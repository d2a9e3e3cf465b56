// Development helper, never published and never a lifecycle script: builds dist/ when it is
// missing or older than src/, so a fresh clone can run `npx ts-node examples/<name>.ts` right
// after `npm ci` (examples/tsconfig.json requires this file through ts-node's `require` option),
// and `npm run test:slow` / `test:consumers` never run a stale build. `npm run build` always
// rebuilds. Usage: node .ci/ensure-built.cjs (or require it).
'use strict';
const { execSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

// The last file the build writes (.ci/optional-peer-types.mjs runs after tsup).
const marker = join(root, 'dist/sandbox/index.d.cts');
const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
if (built < Math.max(newest(join(root, 'src')), statSync(join(root, 'tsup.config.ts')).mtimeMs)) {
  process.stderr.write(
    built
      ? 'fareway: src/ changed since the last build; rebuilding dist/\n'
      : 'fareway: dist/ is missing; building it (npm run build)\n',
  );
  execSync('npm run build --silent', { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
}
