/**
 * TypeScript child processes started from another directory (a temporary one, as a launcher or
 * process manager would): the script, the loader and the tsconfig are named by absolute paths.
 * Lines the child prints are readable as they come (`line(predicate)`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const loader = pathToFileURL(join(root, 'node_modules/ts-node/esm.mjs')).href;

export interface ElsewhereChild {
  child: ChildProcess;
  /** Resolves with the first line the child prints that `match` accepts. */
  line(match: (line: string) => boolean): Promise<string>;
  /** Every line printed so far. */
  readonly lines: string[];
  readonly stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts `script` (relative to the repository) with its working directory in a fresh temp folder. */
export function startElsewhere(script: string, env: Record<string, string>): ElsewhereChild {
  const cwd = mkdtempSync(join(tmpdir(), 'fareway-launcher-'));
  const child = spawn(process.execPath, ['--no-warnings', '--loader', loader, join(root, script)], {
    cwd,
    env: {
      ...process.env,
      TS_NODE_TRANSPILE_ONLY: 'true',
      TS_NODE_PROJECT: join(root, 'tsconfig.json'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines: string[] = [];
  const waiting = new Set<{ match: (l: string) => boolean; resolve: (l: string) => void }>();
  createInterface({ input: child.stdout! }).on('line', (l) => {
    lines.push(l);
    for (const w of waiting)
      if (w.match(l)) {
        waiting.delete(w);
        w.resolve(l);
      }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    line(match) {
      const seen = lines.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiting.add({ match, resolve });
        void exited.then((code) => reject(new Error(`child exited (${code}) before the line: ${stderr}`)));
      });
    },
  };
}
