import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { EXTRAS } from '../../src/sandbox/data/variations.js';
import { searchBody } from './helpers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
let child: ChildProcess | undefined;
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL');
      await once(c, 'exit');
    }
  }
});

/** Starts the CLI from source with `args`. */
function cli(args: string[]): ChildProcess {
  const proc = spawn(process.execPath, ['--loader', 'ts-node/esm', 'src/sandbox/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  return proc;
}

/** Resolves with the URL and key the CLI prints, or rejects if it exits first. */
function started(proc: ChildProcess): Promise<{ url: string; key: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const key = /API key: (\S+)/.exec(out)?.[1];
      if (url && key) resolve({ url, key });
    });
    proc.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    proc.once('exit', (code) => reject(new Error(`CLI exited with ${code}: ${err}`)));
  });
}

it('fareway-sandbox prints a URL and a working key, and stops on SIGTERM', async () => {
  child = cli(['--port', '0', '--seed', '3']);
  const { url, key } = await started(child);
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const res = await fetch(`${url}/v1/flights/search/`, {
    method: 'POST',
    headers: { Authorization: `Api-Key ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(searchBody({ preferred_departure_time: '2099-01-10T08:00:00' })),
  });
  expect(res.status).toBe(200);
  expect((await res.json()).outbound.length).toBeGreaterThan(0);
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const [code] = await exited;
  expect(code).toBe(0);
});

it('fareway-sandbox --variations varies the answers within the contract', async () => {
  const proc = cli(['--port', '0', '--seed', '3', '--variations', '--no-rate-limits']);
  const { url, key } = await started(proc);
  const res = await fetch(`${url}/v1/flights/search/`, {
    method: 'POST',
    headers: { Authorization: `Api-Key ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(searchBody({ preferred_departure_time: '2099-01-10T08:00:00' })),
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(EXTRAS.some(([name]) => text.includes(`"${name}":`))).toBe(true);
  const exited = once(proc, 'exit');
  proc.kill('SIGTERM');
  expect((await exited)[0]).toBe(0);
});
