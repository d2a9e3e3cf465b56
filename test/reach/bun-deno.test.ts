/**
 * Bun and Deno, from the packed tarball (issue 26): the quickstart flow against a sandbox over HTTP
 * (search → create → passengers → book → PNR, `.withResponse()`), ESM and CommonJS, and
 * `fareway doctor`, each in the runtime itself. The runtimes are the registry's `bun` and `deno`
 * packages, pinned. Deno runs with the permissions README names: `--allow-net --allow-env`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { installProject, quickstartFlow, run, type Project } from './project.js';

const BUN = '1.4.5';
const DENO = '2.9.6';

const esm = `import { Fareway } from 'fareway';
// apiKey and baseUrl default to FAREWAY_API_KEY and FAREWAY_BASE_URL
const fareway = new Fareway();
const flow = async () => {${quickstartFlow()}};
console.log(JSON.stringify(await flow()));
`;
const cjs = `const { Fareway } = require('fareway');
const fareway = new Fareway();
const flow = async () => {${quickstartFlow()}};
flow().then(
  (r) => console.log(JSON.stringify(r)),
  (e) => { console.error(e); process.exitCode = 1; },
);
`;

let project: Project;
let server: { url: string; apiKey: string; close(): Promise<void> };

beforeAll(async () => {
  project = installProject('bun-deno', { bun: BUN, deno: DENO }, ['bun', 'deno']);
  writeFileSync(join(project.dir, 'app.mjs'), esm);
  writeFileSync(join(project.dir, 'app.cjs'), cjs);
  server = await createSandbox({ seed: 26 }).listen({ port: 0 });
  project.env.FAREWAY_API_KEY = server.apiKey;
  project.env.FAREWAY_BASE_URL = server.url;
}, 600_000);
afterAll(async () => {
  await server?.close();
  project?.remove();
});

const bin = (name: string) => join(project.dir, 'node_modules/.bin', name);
const cli = 'node_modules/fareway/dist/cli/index.js';
const exec = (cmd: string, args: string[]) => run(bin(cmd), args, { cwd: project.dir, env: project.env });

/** The flow's JSON line: booked, with a PNR, the raw responses' statuses and request id. */
function expectBooked(out: { status: number | null; stdout: string; output: string }) {
  expect(out.status, out.output).toBe(0);
  const result = JSON.parse(out.stdout.trim().split('\n').pop()!) as Record<string, unknown>;
  expect(result).toMatchObject({ status: 'confirmed', created: 200, booked: 200 });
  expect(result.pnr).toMatch(/^[A-Z0-9]{5,8}$/);
  expect(result.requestId).toBeTruthy();
  expect(out.output).not.toMatch(/interrupted|warn/i);
}

/** `fareway doctor --json`: exit 0, no check failed. */
function expectDoctorOk(out: { status: number | null; stdout: string; output: string }) {
  expect(out.status, out.output).toBe(0);
  const report = JSON.parse(out.stdout) as { ok: boolean; checks: Array<{ status: string }> };
  expect(report.ok, out.output).toBe(true);
  expect(report.checks.filter((c) => c.status === 'fail')).toEqual([]);
}

describe.concurrent(`Bun ${BUN}`, () => {
  it('is the pinned version', async () => {
    expect((await exec('bun', ['--version'])).stdout.trim()).toBe(BUN);
  });
  it('ESM: the quickstart books and returns a PNR', async () => {
    expectBooked(await exec('bun', ['app.mjs']));
  });
  it('CommonJS: the quickstart books and returns a PNR', async () => {
    expectBooked(await exec('bun', ['app.cjs']));
  });
  it('fareway doctor passes', async () => {
    expectDoctorOk(await exec('bun', [cli, 'doctor', '--json']));
  });
});

describe.concurrent(`Deno ${DENO}`, () => {
  const allow = ['--allow-net', '--allow-env'];
  it('is the pinned version', async () => {
    expect((await exec('deno', ['--version'])).stdout).toContain(`deno ${DENO}`);
  });
  it('ESM: the quickstart books and returns a PNR (--allow-net --allow-env)', async () => {
    expectBooked(await exec('deno', ['run', ...allow, 'app.mjs']));
  });
  it('CommonJS: the quickstart books and returns a PNR (--allow-net --allow-env)', async () => {
    expectBooked(await exec('deno', ['run', ...allow, 'app.cjs']));
  });
  it('fareway doctor passes (--allow-net --allow-env)', async () => {
    expectDoctorOk(await exec('deno', ['run', ...allow, cli, 'doctor', '--json']));
  });
  it('without --allow-env the SDK cannot read its settings: Deno refuses, it does not hang', async () => {
    const out = await exec('deno', ['run', '--allow-net', 'app.mjs']);
    expect(out.status).not.toBe(0);
    expect(out.output).toMatch(/allow-env|NotCapable|PermissionDenied/);
  });
});
