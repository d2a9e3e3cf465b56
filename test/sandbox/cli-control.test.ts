/**
 * The sandbox bins with `--control`: the scenario controls over HTTP on 127.0.0.1, as curl or a
 * suite in another language drives them; without the flag the control paths are a 404.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { searchBody } from './helpers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL');
      await once(c, 'exit');
    }
  }
});

/** Starts a bin from source (`src/sandbox/cli.ts` or `src/cli/index.ts sandbox`) with `args`. */
function start(entry: string[], args: string[]): ChildProcess {
  const proc = spawn(process.execPath, ['--loader', 'ts-node/esm', ...entry, ...args], {
    cwd: root,
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  return proc;
}

/** Resolves with what the bin printed once it listens (URL, key, the whole output so far). */
function started(proc: ChildProcess): Promise<{ url: string; key: string; out: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const key = /API key: (\S+)/.exec(out)?.[1];
      if (url && key && /Press Ctrl\+C/.test(out)) setTimeout(() => resolve({ url, key, out }), 50);
    });
    proc.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    proc.once('exit', (code) => reject(new Error(`bin exited with ${code}: ${err}`)));
  });
}

async function stop(proc: ChildProcess): Promise<void> {
  const exited = once(proc, 'exit');
  proc.kill('SIGTERM');
  expect((await exited)[0]).toBe(0);
}

const post = (url: string, body: unknown, key?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Api-Key ${key}` } : {}) },
    body: JSON.stringify(body),
  });

it('fareway-sandbox --control: controls over HTTP provoke the failure on the next call', async () => {
  const proc = start(['src/sandbox/cli.ts'], ['--port', '0', '--no-rate-limits', '--control']);
  const { url, key, out } = await started(proc);
  expect(out).toContain(`Control: POST ${url}/__sandbox/control/<method>`);

  const list = await fetch(`${url}/__sandbox/control`);
  expect(list.status).toBe(200);
  const { methods } = (await list.json()) as { methods: Record<string, unknown> };
  expect(Object.keys(methods)).toEqual(expect.arrayContaining(['failNext', 'advanceTime', 'reset']));

  const injected = await post(`${url}/__sandbox/control/failNext`, {
    endpoint: 'search',
    status: 503,
    detail: 'maintenance',
  });
  expect(injected.status).toBe(200);
  expect(await injected.json()).toEqual({ ok: true });
  const body = searchBody({ preferred_departure_time: '2099-01-10T08:00:00' });
  const failed = await post(`${url}/v1/flights/search/`, body, key);
  expect(failed.status).toBe(503);
  expect(((await failed.json()) as { errors: { detail: string[] }[] }).errors[0]?.detail).toEqual([
    'maintenance',
  ]);
  expect((await post(`${url}/v1/flights/search/`, body, key)).status).toBe(200);
  await stop(proc);
});

it('fareway sandbox without --control: the control paths are a 404', async () => {
  const proc = start(['src/cli/index.ts', 'sandbox'], ['--port', '0']);
  const { url, out } = await started(proc);
  expect(out).not.toContain('Control:');
  expect((await fetch(`${url}/__sandbox/control`)).status).toBe(404);
  expect((await post(`${url}/__sandbox/control/failNext`, { endpoint: 'search' })).status).toBe(404);
  await stop(proc);
});
