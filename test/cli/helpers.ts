/** Runs the BUILT `fareway` bin as a child process (see test/cli/*.test.ts). */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../dist/cli/index.js', import.meta.url));
/** Preload that makes msw unresolvable (a project without the optional peer). */
export const NO_MSW = ['--import', fileURLToPath(new URL('../package/no-msw.mjs', import.meta.url))];

/** Builds dist/ when src/ is newer (as `npm run test:slow` does first). */
export function ensureBuilt(): void {
  execFileSync(process.execPath, ['.ci/ensure-built.cjs'], { cwd: root, stdio: 'inherit' });
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Every output of every run of this file: checked for the key at the end. */
export const outputs: string[] = [];

/**
 * Runs `fareway args` with only `env` set (plus PATH): no FAREWAY_* or REDIS_URL leaks in from the
 * test's own environment. stdout is a pipe (not a TTY): no colours expected.
 */
export function fareway(
  args: string[],
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const clean: Record<string, string> = { PATH: process.env.PATH ?? '' };
    for (const [k, v] of Object.entries(env)) if (v !== undefined) clean[k] = v;
    const child = spawn(process.execPath, [...nodeArgs, BIN, ...args], {
      cwd: root,
      env: clean,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      outputs.push(stdout, stderr);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts a long-running command; resolves once `ready` matches its stdout. */
export function startFareway(
  args: string[],
  nodeArgs: string[],
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, BIN, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) resolve({ child, match: m, output: () => out });
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`fareway exited (${code}) before it was ready: ${out}`)));
  });
}
