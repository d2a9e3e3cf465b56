/**
 * Cloudflare Workers (issue 26): an app bundled with esbuild books through `sandbox.fetch` inside
 * the worker and through a sandbox over HTTP, in workerd itself with `nodejs_compat` on
 * compatibility date 2024-09-23 — the date from which a bare `timers/promises` would load, and on
 * which setTimeout returns a number — with no line logged (no call interrupted, no warning); and
 * the same bundle loads under miniflare 4's default configuration (no `import(expression)`).
 * workerd, miniflare and esbuild are the registry's packages, pinned.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { freePort, installProject, run, type Project } from './project.js';

const WORKERD = '1.20261117.1';
const MINIFLARE = '4.20260730.0';
const ESBUILD = '0.28.2';
const COMPATIBILITY_DATE = '2024-09-23';

interface Answer {
  status?: string;
  pnr?: string;
  booked?: number;
  timer?: string;
  logs?: string[];
  error?: string;
}

let project: Project;
let server: { url: string; apiKey: string; close(): Promise<void> };

beforeAll(async () => {
  project = installProject('workers', { workerd: WORKERD, miniflare: MINIFLARE, esbuild: ESBUILD }, [
    'workerd',
    'esbuild',
  ]);
  for (const file of ['worker.js', 'build.mjs', 'miniflare.mjs'])
    copyFileSync(join(import.meta.dirname, 'worker', file), join(project.dir, file));
  const bundled = await run(process.execPath, ['build.mjs'], { cwd: project.dir, env: project.env });
  if (bundled.status !== 0) throw new Error(`the worker did not bundle:\n${bundled.output}`);
  server = await createSandbox({ seed: 26 }).listen({ port: 0 });
  Object.assign(project.env, {
    FAREWAY_API_KEY: server.apiKey,
    FAREWAY_BASE_URL: server.url,
    COMPATIBILITY_DATE,
  });
}, 600_000);
afterAll(async () => {
  await server?.close();
  project?.remove();
});

/** Booked on the normal path: confirmed with a PNR, nothing logged. */
function expectBooked(answer: Answer, context: string) {
  expect(answer.error, context).toBeUndefined();
  expect(answer, context).toMatchObject({ status: 'confirmed', booked: 200, logs: [] });
  expect(answer.pnr).toMatch(/^[A-Z0-9]{5,8}$/);
}

/** workerd's config: the bundle, nodejs_compat on the date, a network that reaches 127.0.0.1. */
function capnp(port: number): string {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "out/worker.js") ],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  compatibilityFlags = ["nodejs_compat"],
  bindings = [
    (name = "FAREWAY_BASE_URL", text = ${JSON.stringify(server.url)}),
    (name = "FAREWAY_API_KEY", text = ${JSON.stringify(server.apiKey)}),
  ],
  globalOutbound = "internet",
);
`;
}

describe.concurrent('Cloudflare Workers', () => {
  it(`workerd ${WORKERD}, nodejs_compat at ${COMPATIBILITY_DATE}: books through sandbox.fetch and over HTTP, nothing logged`, async () => {
    const version = await run(join(project.dir, 'node_modules/.bin/workerd'), ['--version'], {
      cwd: project.dir,
      env: project.env,
    });
    expect(version.stdout).toContain('2026-11-17');
    const port = await freePort();
    writeFileSync(join(project.dir, 'config.capnp'), capnp(port));
    let output = '';
    const workerd: ChildProcess = spawn(
      join(project.dir, 'node_modules/.bin/workerd'),
      ['serve', 'config.capnp'],
      {
        cwd: project.dir,
        env: project.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    workerd.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    workerd.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        const up = await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (i > 300 || workerd.exitCode !== null) throw new Error(`workerd did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      for (const path of ['/in-worker', '/over-http']) {
        const answer = (await (await fetch(`${base}${path}`)).json()) as Answer;
        expectBooked(answer, `${path}\n${output}`);
        // the condition this runs under: workerd's setTimeout returns a number on this date
        expect(answer.timer).toBe('number');
      }
      expect(output).not.toMatch(/interrupted|warn|uncaught|error/i);
    } finally {
      workerd.kill();
    }
  });

  it(`miniflare ${MINIFLARE}, default configuration: the bundle loads and books through both paths`, async () => {
    const out = await run(process.execPath, ['miniflare.mjs'], { cwd: project.dir, env: project.env });
    expect(out.status, out.output).toBe(0);
    const answers = out.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Answer & { path: string; code: number });
    expect(answers.map((a) => a.path)).toEqual(['/in-worker', '/over-http']);
    for (const answer of answers) expectBooked(answer, `${answer.path}\n${out.output}`);
    expect(out.output).not.toMatch(/ERR_MODULE|interrupted/);
  });
});
