/**
 * The BUILT sandbox without msw installed (hidden by a preload): listen(), sandbox.fetch and the
 * fareway-sandbox bin need only Node; sandbox.handlers loads msw when read, and says how to get it.
 */
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));
const noMsw = ['--import', here('./no-msw.mjs')];
const MISSING = /needs the optional peer dependency 'msw'/;

async function flow(mode: 'esm' | 'cjs', hideMsw: boolean) {
  const args = [...(hideMsw ? noMsw : []), here('./sandbox-flow.cjs'), mode];
  const { stdout } = await run(process.execPath, args, { timeout: 120_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as {
    pnr: string;
    status: string;
    handlers: string;
    fetchStatus: number;
  };
}

describe.each(['esm', 'cjs'] as const)('fareway/sandbox (%s build)', (mode) => {
  it('books over listen() and answers sandbox.fetch without msw; handlers explains what is missing', async () => {
    const out = await flow(mode, true);
    expect(out).toMatchObject({ status: 'confirmed', fetchStatus: 200 });
    expect(out.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(out.handlers).toMatch(MISSING);
  });

  it('gives MSW handlers when msw is installed', async () => {
    const out = await flow(mode, false);
    expect(out.handlers).toMatch(/^ok:\d+$/);
  });
});

describe('the fareway-sandbox bin without msw', () => {
  it('prints a URL that serves the API, and stops on SIGTERM', async () => {
    const bin = here('../../dist/sandbox/cli.js');
    const child = spawn(process.execPath, [...noMsw, bin, '--port', '0', '--seed', '5'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d;
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m && /API key: \S+\n/.test(out)) resolve(m[1] as string);
        });
        void exited.then(() => reject(new Error(`bin exited early: ${out}${err}`)));
      });
      const key = /API key: (\S+)/.exec(out)?.[1];
      expect(key).toBeTruthy();
      const res = await fetch(`${url}/v1/bookings/?limit=1`, {
        headers: { Authorization: `Api-Key ${key}` },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ count: 0, results: [] });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(err).toBe('');
  });
});
