/**
 * Rate-limit throughput: how close the SDK's limiter gets to the best completion time a strict
 * sliding window allows, with no 429s, judged by an independent strict sliding-window service on
 * 127.0.0.1 (test/redis/strict-server.ts: counts each search when it arrives, 429 beyond the limit).
 *
 *   npm run bench:throughput   (node --import ./examples/register.mjs bench/throughput.ts)
 *
 * 100 searches fired at once under search = 20 per 2000 ms (SDK and service), default options.
 * Under a strict sliding window the first 20 go at t = 0 and 20 more each window, so the best
 * time is 4 × windowMs + one search's latency (measured in the same run). Ratio = best/achieved.
 * Scenarios: one process quiet and next to two busy-loop processes (load); three processes
 * (34/33/33) sharing one budget through one redis-server (quiet and loaded) and through a 3-node
 * Redis Cluster. Loaded scenarios' goal is 0 × 429 only.
 * Clients run in child processes (test/redis/search-child.ts); the service runs here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Fareway } from '../src/index.js';
import {
  captureSearchBody,
  SEARCH,
  startStrictServer,
  type StrictServer,
} from '../test/redis/strict-server.js';
import { startRedisCluster } from '../test/helpers/redis.js';
import {
  hasRedisServer,
  isMain,
  maxInAnyWindow,
  median,
  printResults,
  round,
  startRedisServer,
  withDeadline,
  type BenchResult,
} from './_util.js';

const LIMIT = 20;
const WINDOW_MS = 2000;
const WINDOWS = 5;
const TOTAL = LIMIT * WINDOWS;
const GOAL_QUIET = 0.97;
const GOAL_SHARED = 0.95;
const root = fileURLToPath(new URL('../', import.meta.url));

interface ChildOut {
  goAt: number;
  lastAt: number;
  sends: number[];
  rateLimited: number;
  failures: number;
  warnings: string[];
}

function startChild(env: Record<string, string>) {
  const proc = spawn(
    process.execPath,
    ['--no-warnings', '--import', './examples/register.mjs', 'test/redis/search-child.ts'],
    {
      cwd: root,
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', WAIT_GO: '1', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: proc.stdout });
  let ready!: () => void;
  let done!: (o: ChildOut) => void;
  let fail!: (e: Error) => void;
  const readyP = new Promise<void>((r, j) => ((ready = r), (fail = j)));
  const outP = new Promise<ChildOut>((r, j) => {
    done = r;
    const prev = fail;
    fail = (e) => (prev(e), j(e));
  });
  readyP.catch(() => undefined);
  outP.catch(() => undefined);
  lines.on('line', (line) => {
    if (line === 'ready') ready();
    else if (line.startsWith('{')) done(JSON.parse(line) as ChildOut);
  });
  proc.on(
    'exit',
    (code) => code !== 0 && fail(new Error(`child exited with ${code}: ${stderr.slice(-1500)}`)),
  );
  return { proc, ready: readyP, output: outP };
}

function busyLoops(n: number): ChildProcess[] {
  return Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

/**
 * Median latency of one search against the service, and the time of a burst of LIMIT concurrent
 * searches (what the last batch really is); the service then forgets them.
 */
async function latency(server: StrictServer): Promise<{ single: number; burst: number }> {
  const client = new Fareway({
    apiKey: 'latency-probe-key',
    baseUrl: server.url,
    rateLimits: false,
    logger: null,
    maxRetries: 0,
  });
  await client.flights.search(SEARCH);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await client.flights.search(SEARCH);
    times.push(performance.now() - t);
  }
  server.reset();
  const t = performance.now();
  await Promise.all(Array.from({ length: LIMIT }, () => client.flights.search(SEARCH)));
  const burst = performance.now() - t;
  await client.close();
  server.reset();
  return { single: median(times), burst };
}

async function scenario(
  name: string,
  body: string,
  split: number[],
  env: Record<string, string>,
  goal: number,
  hogs = 0,
): Promise<BenchResult> {
  const server = await startStrictServer({ limit: LIMIT, windowMs: WINDOW_MS, body });
  const apiKey = `bench-key-${name.length}-${Date.now()}`; // one key: one shared budget
  const children = split.map((count) =>
    startChild({
      ...env,
      URL: server.url,
      API_KEY: apiKey,
      LIMIT: String(LIMIT),
      WINDOW_MS: String(WINDOW_MS),
      COUNT: String(count),
    }),
  );
  const load = busyLoops(hogs);
  try {
    await withDeadline(Promise.all(children.map((c) => c.ready)), 120_000, 'children start-up');
    const lat = await latency(server);
    const load1 = loadavg()[0] as number;
    const goAt = Date.now();
    for (const c of children) c.proc.stdin.write('go\n');
    const outs = await withDeadline(Promise.all(children.map((c) => c.output)), 90_000, `${name} run`);
    const achieved = Math.max(...outs.map((o) => o.lastAt)) - goAt;
    const best = (WINDOWS - 1) * WINDOW_MS + lat.single;
    const ratio = best / achieved;
    const client429 = outs.reduce((n, o) => n + o.rateLimited, 0);
    const failures = outs.reduce((n, o) => n + o.failures, 0);
    // How long after the window each token was used again, at the service (0 = ideal).
    const arrivals = [...server.accepted].sort((a, b) => a - b);
    const hops: number[] = [];
    for (let i = LIMIT; i < arrivals.length; i++)
      hops.push((arrivals[i] as number) - (arrivals[i - LIMIT] as number) - WINDOW_MS);
    const warnings = outs.flatMap((o) => o.warnings);
    return {
      name,
      ratio,
      goal: `best/achieved ≥ ${goal} with 0 × 429`,
      met: ratio >= goal && client429 === 0 && server.refused() === 0 && failures === 0,
      figures: {
        'searches fired (processes)': `${TOTAL} (${split.join('/')})`,
        'limit (SDK and service)': `${LIMIT} / ${WINDOW_MS} ms, default margin`,
        'busy-loop processes next to it': hogs,
        'load average (1 min) at start': round(load1, 2),
        'single search latency ms (median of 5)': round(lat.single, 1),
        'burst of 20 concurrent searches ms': round(lat.burst, 1),
        'best ms = 4 × window + latency': round(best, 1),
        'achieved ms': achieved,
        'ratio best/achieved': round(ratio, 3),
        'ratio vs 4 × window + burst-of-20 time (for information)': round(
          ((WINDOWS - 1) * WINDOW_MS + lat.burst) / achieved,
          3,
        ),
        '429s answered by the service': server.refused(),
        '429s seen by the clients': client429,
        'max accepted in any window at the service': maxInAnyWindow(server.accepted, WINDOW_MS),
        'token reuse lag at the service ms (arrival i − arrival i−20 − window): median / max': hops.length
          ? `${round(median(hops), 1)} / ${round(Math.max(...hops), 1)}`
          : 'n/a',
        'failed searches': failures,
        'limiter warnings': warnings.length ? warnings.join(' | ') : 'none',
      },
    };
  } finally {
    for (const p of [...children.map((c) => c.proc), ...load])
      if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    await server.close();
  }
}

export async function run(only?: string): Promise<BenchResult[]> {
  const body = await captureSearchBody();
  const results: BenchResult[] = [];
  if (only !== 'shared') {
    results.push(await scenario('throughput: 1 process, quiet', body, [TOTAL], {}, GOAL_QUIET));
    results.push(await scenario('throughput: 1 process, 2 busy loops', body, [TOTAL], {}, 0, 2));
  }
  if (only === 'local') return results;
  if (!hasRedisServer()) {
    results.push({
      name: 'throughput: 3 processes via Redis',
      figures: { skipped: 'redis-server not on PATH' },
    });
    return results;
  }
  const redis = await startRedisServer();
  try {
    const env = { REDIS_PORT: String(redis.port) };
    results.push(
      await scenario('throughput: 3 processes, one redis-server', body, [34, 33, 33], env, GOAL_SHARED),
    );
    results.push(
      await scenario(
        'throughput: 3 processes, one redis-server, 2 busy loops',
        body,
        [34, 33, 33],
        env,
        0,
        2,
      ),
    );
  } finally {
    await redis.stop();
  }
  const cluster = await startRedisCluster();
  try {
    const ports = cluster.nodes.map((n) => n.port).join(',');
    results.push(
      await scenario(
        'throughput: 3 processes, 3-node Redis Cluster',
        body,
        [34, 33, 33],
        { CLUSTER_PORTS: ports },
        GOAL_SHARED,
      ),
    );
  } finally {
    await cluster.stop();
  }
  return results;
}

// `-- local` or `-- shared` runs only those scenarios.
if (isMain(import.meta.url)) printResults(await run(process.argv[2]));
