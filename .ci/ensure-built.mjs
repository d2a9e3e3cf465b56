// `prepare`: build once after `npm ci` on a fresh clone, so `npx fareway-sandbox` and the smoke
// test find dist/. Skipped when dist/ is already there (npm pack runs prepare too; `npm run build`
// always rebuilds).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/sandbox/cli.js', import.meta.url))) {
  execSync('npm run build', { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
}
