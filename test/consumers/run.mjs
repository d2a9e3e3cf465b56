#!/usr/bin/env node
// Consumer fixture projects, installed from the packed tarball as a partner would install the
// package: `node test/consumers/run.mjs [name …]` (all when none). For each fixture it copies the
// directory to a temp dir and, with the Node that runs this script first on PATH (npm and every
// script it starts resolve `node` from PATH):
//   1. `npm version --json`: npm must run on that same Node;
//   2. `npm install`: the fixture's own dependencies (peers such as msw and ioredis), without fareway;
//   3. `npm install <tarball>`: fareway last, so npm resolves its peer ranges against what is there;
//   4. `npm run consumer`.
// Both installs use `--prefer-offline` and neither `--force` nor `--legacy-peer-deps`; an install
// whose output mentions a peer problem (ERESOLVE, "peer dep", peerOptional, "conflicting peer", an
// `npm warn` line about peers) fails the fixture. Other npm warnings (deprecations) are printed.
// Needs a built dist/ (`npm run build`) and the npm registry. Exits non-zero if any fixture fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';

const here = import.meta.dirname;
const root = resolve(here, '../..');
export const fixtures = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'package.json')))
  .map((d) => d.name);

/** Packs the package once (dist/ must be built) and returns the tarball's absolute path. */
export function pack(dest) {
  if (!existsSync(join(root, 'dist/index.js')))
    throw new Error('dist/ is missing: run `npm run build` first');
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], {
    cwd: root,
    encoding: 'utf8',
  });
  return join(dest, JSON.parse(out)[0].filename);
}

/** Lines of an install's output that report a peer dependency problem. */
export function peerProblems(output) {
  return output
    .split('\n')
    .filter(
      (line) =>
        /ERESOLVE|peer dep|peerOptional|conflicting peer/i.test(line) || /^npm warn\b.*\bpeer/i.test(line),
    );
}

/** The child environment: this Node first on PATH, no colours, nothing inherited from vitest. */
function childEnv() {
  const env = {
    ...process.env,
    CI: 'true',
    NO_COLOR: '1',
    NODE_OPTIONS: '',
    FAREWAY_BASE_URL: '',
    FAREWAY_API_KEY: '',
  };
  env.PATH = [dirname(process.execPath), env.PATH ?? ''].join(delimiter);
  for (const name of [
    'FORCE_COLOR',
    'VITEST',
    'VITEST_POOL_ID',
    'VITEST_WORKER_ID',
    'VITEST_MODE',
    'NODE_ENV',
    'TEST',
    'JEST_WORKER_ID',
  ])
    delete env[name];
  // npm_* variables of an outer `npm run` (npm_config_*, npm_package_*) must not steer the fixture's npm.
  for (const name of Object.keys(env)) if (/^npm_/i.test(name)) delete env[name];
  return env;
}

/** Installs and runs one fixture; returns { ok, output }. */
export function runFixture(name, tarball, work) {
  const dir = join(work, name);
  cpSync(join(here, name), dir, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const env = childEnv();
  let output = '';
  const fail = (why) => ({ ok: false, output: `${output}\nFAILED: ${why}` });
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'])
    if (pkg[field]?.fareway)
      return fail(
        `package.json ${field} names fareway: the fixture installs its own dependencies first, then the tarball`,
      );

  const run = (args, { quiet = false } = {}) => {
    const r = spawnSync('npm', args, { cwd: dir, env, encoding: 'utf8', timeout: 600_000 });
    // eslint-disable-next-line no-control-regex
    const text = `${r.stdout ?? ''}${r.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
    output += `$ npm ${args.join(' ')}\n`;
    if (!quiet || r.status !== 0) output += `${text}${text.endsWith('\n') || !text ? '' : '\n'}`;
    return { status: r.status ?? r.signal, text, stdout: r.stdout ?? '' };
  };

  // 1. npm itself runs on this Node (npm's `#!/usr/bin/env node` resolves it from PATH).
  const version = run(['version', '--json'], { quiet: true });
  if (version.status !== 0) return fail(`npm version exited ${version.status}`);
  const npmNode = `v${JSON.parse(version.stdout).node}`;
  output += `npm runs on node ${npmNode}\n`;
  if (npmNode !== process.version) return fail(`npm runs on node ${npmNode}, not on ${process.version}`);

  // 2. and 3. The fixture's own dependencies, then the tarball.
  const install = ['install', '--no-audit', '--no-fund', '--prefer-offline'];
  for (const args of [install, [...install, tarball]]) {
    const r = run(args);
    if (r.status !== 0) return fail(`npm ${args.join(' ')} exited ${r.status}`);
    const peers = peerProblems(r.text);
    if (peers.length) return fail(`peer dependency problems while installing:\n${peers.join('\n')}`);
    // The published package.json has no lifecycle script: npm 11 would flag it (allowScripts).
    const ours = r.text
      .split('\n')
      .filter((line) => /install-scripts/i.test(line) && /\bfareway@/.test(line));
    if (ours.length) return fail(`npm flags a lifecycle script of fareway:\n${ours.join('\n')}`);
    const warnings = r.text.split('\n').filter((line) => /^npm warn/i.test(line));
    if (warnings.length) output += `(npm warnings, not about peers: ${warnings.length})\n`;
  }
  const installed = JSON.parse(readFileSync(join(dir, 'node_modules/fareway/package.json'), 'utf8')).version;
  output += `fareway ${installed} installed from ${tarball}\n`;

  // 4. The fixture's own booking flow.
  const consumer = run(['run', '--silent', 'consumer']);
  if (consumer.status !== 0) return fail(`npm run consumer exited ${consumer.status}`);
  return { ok: true, output };
}

if (process.argv[1] === import.meta.filename) {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : fixtures;
  const work = mkdtempSync(join(tmpdir(), 'fareway-consumers-'));
  let failed = 0;
  try {
    const tarball = pack(work);
    for (const name of names) {
      const started = Date.now();
      const { ok, output } = runFixture(name, tarball, work);
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
      if (!ok || process.env.VERBOSE) console.log(output);
      if (!ok) failed++;
    }
  } finally {
    if (!process.env.KEEP) rmSync(work, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}
