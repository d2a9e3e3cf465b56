// Bundles app.ts with esbuild (platform node, ESM) — no warnings allowed, nothing from ioredis or
// msw inside — and runs the bundle from an empty temp directory (no node_modules to fall back on).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, version } from 'esbuild';

for (const peer of ['ioredis', 'msw'])
  if (existsSync(`node_modules/${peer}`))
    throw new Error(`${peer} is installed: this fixture must build without it`);
const result = await build({
  entryPoints: ['app.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: 'out/app.mjs',
  metafile: true,
  logLevel: 'silent',
});
if (result.warnings.length)
  throw new Error(`esbuild warned:\n${result.warnings.map((w) => w.text).join('\n')}`);
const inputs = Object.keys(result.metafile.inputs);
if (!inputs.some((i) => i.includes('node_modules/fareway/dist/sandbox/')))
  throw new Error('the sandbox is not in the bundle');
const peers = inputs.filter((i) => /node_modules\/(ioredis|msw)\//.test(i));
if (peers.length) throw new Error(`optional peers in the bundle: ${peers.join(', ')}`);
console.log(`esbuild ${version}: ${inputs.length} inputs bundled into out/app.mjs`);

const dir = mkdtempSync(join(tmpdir(), 'fareway-bundle-'));
try {
  copyFileSync('out/app.mjs', join(dir, 'app.mjs'));
  execFileSync(process.execPath, [join(dir, 'app.mjs')], { cwd: dir, stdio: 'inherit', timeout: 60_000 });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
