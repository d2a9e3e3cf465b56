/**
 * Helpers for the limiter tests: a throwaway redis-server on 127.0.0.1, TypeScript child
 * processes, and the sliding-window property check.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The largest number of timestamps inside any half-open window [t, t + windowMs). */
export function maxInAnyWindow(timestamps: readonly number[], windowMs: number): number {
  const t = [...timestamps].sort((a, b) => a - b);
  let best = 0;
  let j = 0;
  for (let i = 0; i < t.length; i++) {
    while (j < t.length && (t[j] as number) - (t[i] as number) < windowMs) j++;
    best = Math.max(best, j - i);
  }
  return best;
}

export interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript script with node + ts-node/esm (transpile only); resolves when it exits by itself. */
export function runTsChild(script: string, env: Record<string, string> = {}): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--no-warnings', '--loader', 'ts-node/esm', script], {
      cwd: root,
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A port nothing listens on (bound, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, or SIGKILL to simulate a crash) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Sends a signal and returns at once (SIGSTOP hangs the server, SIGCONT resumes it). */
  signal(signal: NodeJS.Signals): void;
}

/**
 * Starts redis-server on 127.0.0.1 (a free port, or `port` to restart one) without persistence;
 * resolves once it answers PING. `extra` adds server arguments (cluster mode).
 */
export async function startRedisServer(
  port?: number,
  extra: string[] = [],
  cwd?: string,
): Promise<RedisServer> {
  port ??= await freePort();
  const proc: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extra],
    { stdio: 'ignore', cwd },
  );
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    await exited;
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      if ((await probe.ping()) === 'PONG') {
        probe.disconnect();
        break;
      }
    } catch {
      probe.disconnect();
    }
    if (Date.now() > deadline || proc.exitCode !== null) {
      await stop();
      throw new Error(`redis-server did not answer PING on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop, signal: (sig) => void proc.kill(sig) };
}

export interface RedisCluster {
  /** Startup nodes for `new Cluster(nodes)`. */
  nodes: Array<{ host: string; port: number }>;
  stop(): Promise<void>;
}

/** Starts a 3-master Redis Cluster on 127.0.0.1 (no replicas); resolves once cluster_state is ok. */
export async function startRedisCluster(): Promise<RedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'fareway-cluster-'));
  const servers: RedisServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      servers.push(
        await startRedisServer(
          port,
          ['--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--dir', dir],
          dir,
        ),
      );
    }
    const create = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...servers.map((s) => `127.0.0.1:${s.port}`), '--cluster-yes'],
      { encoding: 'utf8', timeout: 30_000 },
    );
    if (create.status !== 0)
      throw new Error(`redis-cli --cluster create failed: ${create.stdout} ${create.stderr}`);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const states = servers.map(
        (s) => spawnSync('redis-cli', ['-p', String(s.port), 'cluster', 'info'], { encoding: 'utf8' }).stdout,
      );
      if (states.every((info) => info.includes('cluster_state:ok'))) break;
      if (Date.now() > deadline) throw new Error('Redis Cluster did not reach cluster_state:ok');
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes: servers.map((s) => ({ host: '127.0.0.1', port: s.port })), stop };
}
