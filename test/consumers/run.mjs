#!/usr/bin/env node
// Consumer fixture projects, installed from the packed tarball as a partner would install the
// package: `node test/consumers/run.mjs [name …]` (all when none). For each fixture it copies the
// directory to a temp dir, points its `fareway` dependency at the tarball, runs
// `npm install --no-audit --no-fund --prefer-offline` and then `npm run consumer`.
// Needs a built dist/ (`npm run build`) and the npm registry. Exits non-zero if any fixture fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const here = import.meta.dirname;
const root = resolve(here, '../..');
export const fixtures = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'package.json')))
  .map((d) => d.name);

/** Packs the package once (dist/ must be built) and returns the tarball's absolute path. */
export function pack(dest) {
  if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], { cwd: root, encoding: 'utf8' });
  return join(dest, JSON.parse(out)[0].filename);
}

/** Installs and runs one fixture; returns { ok, output }. */
export function runFixture(name, tarball, work) {
  const dir = join(work, name);
  cpSync(join(here, name), dir, { recursive: true });
  const pkgPath = join(dir, 'package.json');
  writeFileSync(pkgPath, readFileSync(pkgPath, 'utf8').replace('FAREWAY_TARBALL', tarball));
  const env = { ...process.env, CI: 'true', NO_COLOR: '1', NODE_OPTIONS: '', FAREWAY_BASE_URL: '', FAREWAY_API_KEY: '' };
  delete env.FORCE_COLOR;
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  delete env.NODE_ENV;
  const steps = [
    ['npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']],
    ['npm', ['run', '--silent', 'consumer']],
  ];
  let output = '';
  for (const [cmd, args] of steps) {
    const r = spawnSync(cmd, args, { cwd: dir, env, encoding: 'utf8', timeout: 600_000 });
    // eslint-disable-next-line no-control-regex
    output += `$ ${cmd} ${args.join(' ')}\n${r.stdout ?? ''}${r.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
    if (r.status !== 0) return { ok: false, output: `${output}\n(exit ${r.status ?? r.signal})` };
  }
  return { ok: true, output };
}

if (process.argv[1] === import.meta.filename) {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : fixtures;
  const work = mkdtempSync(join(tmpdir(), 'fareway-consumers-'));
  let failed = 0;
  try {
    const tarball = pack(work);
    for (const name of names) {
      const { ok, output } = runFixture(name, tarball, work);
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
      if (!ok || process.env.VERBOSE) console.log(output);
      if (!ok) failed++;
    }
  } finally {
    if (!process.env.KEEP) rmSync(work, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}
