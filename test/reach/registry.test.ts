/**
 * Release rehearsal through a real registry (issue 26 item 3): a local Verdaccio 6.8.0 on 127.0.0.1,
 * the release's own publish command (`.ci/publish`, which .github/workflows/release.yml runs with
 * provenance), then a fresh project installs `fareway` BY NAME with README's install lines exactly as
 * written, runs README's quickstart against the sandbox bin over HTTP, and `npx fareway doctor`.
 * A second publish of the same version is refused and `latest` points at the published version.
 *
 * Verdaccio serves `fareway` only from its own storage (never proxied, so the public registry's
 * package of that name cannot answer) and every other package through its uplink to the npm
 * registry. Verdaccio 6.8.0 installs with `overrides: { "node-fetch": "2.7.0" }` (issue 26).
 * Runs once per .ci/run (the `reach` project). Needs a built dist/ and the npm registry.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const work = mkdtempSync(join(tmpdir(), 'fareway-registry-'));
const VERDACCIO = '6.8.0';

/** A free port on 127.0.0.1 (closed again before Verdaccio takes it). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

/** The environment of every child: this Node first on PATH, npm pointed at the local registry. */
function childEnv(npmrc: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', NO_COLOR: '1', NODE_OPTIONS: '' };
  for (const name of Object.keys(env)) if (/^(npm_|VITEST|FAREWAY_)/i.test(name)) delete env[name];
  env.PATH = [dirname(process.execPath), env.PATH ?? ''].join(delimiter);
  env.npm_config_userconfig = npmrc;
  return env;
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 300_000 });
}
const out = (r: SpawnSyncReturns<string>) =>
  `${r.stdout ?? ''}\n${r.stderr ?? ''}${r.error ? `\n${String(r.error)}` : ''}${r.signal ? `\nsignal ${r.signal}` : ''}`;

/** The shell lines of README's "## Install" block, comments dropped. */
function readmeInstallLines(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /## Install\s+```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no "## Install" sh block');
  return block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** README's quickstart (the first ```ts block after "## Quickstart"). */
function readmeQuickstart(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const code = /## Quickstart[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!code) throw new Error('README.md has no quickstart block');
  return code;
}

let registry: ChildProcess | undefined;
let url = '';
let npmrc = '';
let env: NodeJS.ProcessEnv = {};
let published: SpawnSyncReturns<string> | undefined;

beforeAll(async () => {
  // 1. Verdaccio, installed from the registry with the node-fetch override it needs.
  const regDir = join(work, 'registry');
  mkdirSync(regDir);
  writeFileSync(
    join(regDir, 'package.json'),
    JSON.stringify({
      name: 'rehearsal-registry',
      private: true,
      dependencies: { verdaccio: VERDACCIO },
      overrides: { 'node-fetch': '2.7.0' },
    }),
  );
  const baseEnv = childEnv(join(work, 'none.npmrc'));
  writeFileSync(join(work, 'none.npmrc'), 'fund=false\naudit=false\nupdate-notifier=false\n');
  const installed = run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'],
    regDir,
    baseEnv,
  );
  if (installed.status !== 0) throw new Error(`verdaccio install failed:\n${out(installed)}`);

  const port = await freePort();
  url = `http://127.0.0.1:${port}/`;
  writeFileSync(
    join(regDir, 'config.yaml'),
    [
      `storage: ${join(regDir, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(regDir, 'htpasswd')}`,
      'uplinks:',
      '  npmjs:',
      '    url: https://registry.npmjs.org/',
      '    timeout: 60s',
      'packages:',
      "  'fareway':",
      '    access: $all',
      '    publish: $authenticated',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      '    proxy: npmjs',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  registry = spawn(
    process.execPath,
    [
      join(regDir, 'node_modules/verdaccio/bin/verdaccio'),
      '--config',
      'config.yaml',
      '--listen',
      `127.0.0.1:${port}`,
    ],
    { cwd: regDir, env: baseEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  registry.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  registry.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}-/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 120 || registry.exitCode !== null) throw new Error(`verdaccio did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  // 2. A publisher account (Verdaccio's htpasswd plugin creates it on first login) and its token.
  const user = await fetch(`${url}-/user/org.couchdb.user:release`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release', password: 'rehearsal-only-9f3', type: 'user', roles: [] }),
  });
  const { token } = (await user.json()) as { token?: string };
  if (!token) throw new Error(`verdaccio gave no token (${user.status})`);
  npmrc = join(work, 'rehearsal.npmrc');
  writeFileSync(
    npmrc,
    [
      `registry=${url}`,
      `//127.0.0.1:${port}/:_authToken=${token}`,
      'fund=false',
      'audit=false',
      'update-notifier=false',
      '',
    ].join('\n'),
  );
  env = childEnv(npmrc);

  // 3. The release's own publish command.
  published = run('bash', ['.ci/publish'], root, env);
}, 600_000);

afterAll(() => {
  registry?.kill();
  rmSync(work, { recursive: true, force: true });
});

describe('release rehearsal through a local registry (Verdaccio)', () => {
  it("publishes with the release workflow's command; latest points at it", () => {
    expect(published?.status, out(published!)).toBe(0);
    const view = run('npm', ['view', 'fareway', 'dist-tags.latest', 'version', '--json'], work, env);
    expect(view.status, out(view)).toBe(0);
    expect(JSON.parse(view.stdout)).toEqual({ 'dist-tags.latest': version, version });
  }, 120_000);

  it('refuses a second publish of the same version', () => {
    const again = run('bash', ['.ci/publish'], root, env);
    expect(again.status).not.toBe(0);
    expect(out(again)).toMatch(/E403|EPUBLISHCONFLICT|cannot publish over|already present|forbidden/i);
  }, 120_000);

  it("installs by name with README's install lines, runs the quickstart and `npx fareway doctor`", async () => {
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'rehearsal-app', private: true, type: 'module' }, null, 2),
    );
    for (const line of readmeInstallLines()) {
      const [cmd, ...args] = line.split(/\s+/);
      const r = run(cmd!, [...args, '--no-audit', '--no-fund'], app, env);
      expect(r.status, `${line}\n${out(r)}`).toBe(0);
    }
    const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies.fareway).toBe(`^${version}`);
    const lock = readFileSync(join(app, 'package-lock.json'), 'utf8');
    expect(lock).toContain(`127.0.0.1`); // resolved from the local registry, by name

    // The sandbox bin of the installed package, over HTTP.
    const sandbox = spawn(join(app, 'node_modules/.bin/fareway'), ['sandbox', '--port', '0'], {
      cwd: app,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let text = '';
      sandbox.stdout?.on('data', (d: Buffer) => (text += d.toString()));
      for (let i = 0; !/API key: \S+/.test(text); i++) {
        if (i > 200 || sandbox.exitCode !== null) throw new Error(`sandbox did not start:\n${text}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const baseUrl = /listening on (\S+)/.exec(text)![1]!;
      const apiKey = /API key: (\S+)/.exec(text)![1]!;
      const appEnv = { ...env, FAREWAY_BASE_URL: baseUrl, FAREWAY_API_KEY: apiKey };

      // README's quickstart, as a TypeScript file run by Node's type stripping.
      writeFileSync(join(app, 'quickstart.ts'), readmeQuickstart());
      const quick = run(process.execPath, ['quickstart.ts'], app, appEnv);
      expect(quick.status, out(quick)).toBe(0);
      expect(quick.stdout).toMatch(/^[A-Z0-9]{6}$/m);

      const doctor = run('npx', ['fareway', 'doctor'], app, appEnv);
      expect(doctor.status, out(doctor)).toBe(0);
      expect(out(doctor)).not.toContain(apiKey);
    } finally {
      sandbox.kill();
    }
  }, 600_000);
});
