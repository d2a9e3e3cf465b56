/**
 * Rate-limit throughput (goal (a)): how close the SDK's limiter gets to the best completion time a
 * strict sliding window allows, with no 429s.
 *
 *   node --import ./examples/register.mjs bench/throughput.ts
 *
 * The sandbox (over loopback, rate limits on) and the SDK both use search = 20 per 2000 ms. 100
 * searches (five windows' worth) are fired at once. Under a strict sliding window the first 20 go
 * at t = 0 and 20 more each window, so the last batch starts at 4 × windowMs: best ≈ 4 × windowMs
 * + one search's latency, measured in the same run. Ratio = best / achieved; goal ≥ 0.95 with
 * zero 429s. Scenarios: one process (default margin), one process with `marginMs: 0` (the cost of
 * the margin), and three child processes sharing one budget through a real redis-server.
 *
 * Child mode (internal): `bench/throughput.ts --child` with BENCH_* env; prints `ready`, waits for
 * `go` on stdin, fires BENCH_COUNT searches, prints one JSON line, closes and exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Fareway, type FarewayOptions } from '../src/index.js';
import { defaultMarginMs } from '../src/core/limiter.js';
import { createSandbox } from '../src/sandbox/index.js';
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
const GOAL = 0.95;
const MAX_RETRIES = 3;
const SCENARIO_DEADLINE_MS = 60_000;

const root = fileURLToPath(new URL('../', import.meta.url));
const self = fileURLToPath(import.meta.url);

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const SEARCH = { origin: 'DEL', destination: 'BOM', preferred_departure_time: day(21), adult_count: 1 } as const;

interface Served {
  sandbox: ReturnType<typeof createSandbox>;
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

async function serve(): Promise<Served> {
  const sandbox = createSandbox({ seed: 11, rateLimits: { search: { limit: LIMIT, windowMs: WINDOW_MS } } });
  const server = await sandbox.listen({ port: 0, rateLimits: true });
  return { sandbox, url: server.url, apiKey: server.apiKey, close: server.close };
}

/**
 * Latency of one search (median of 5 after a warm-up), and of a burst of LIMIT concurrent searches
 * (what the last batch really is), each on its own partner key so the measured run's budget is
 * untouched.
 */
async function latencies(s: Served): Promise<{ single: number; burst: number }> {
  const client = (apiKey: string) =>
    new Fareway({ apiKey, baseUrl: s.url, rateLimits: false, logger: null, maxRetries: 0 });
  const a = client(s.sandbox.control.addPartner({}));
  await a.flights.search(SEARCH);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await a.flights.search(SEARCH);
    times.push(performance.now() - t);
  }
  await a.close();
  const b = client(s.sandbox.control.addPartner({}));
  await b.flights.search(SEARCH); // connection + JIT warm-up
  await new Promise((r) => setTimeout(r, 10));
  const b2 = client(s.sandbox.control.addPartner({}));
  const t = performance.now();
  await Promise.all(Array.from({ length: LIMIT }, () => b2.flights.search(SEARCH)));
  const burst = performance.now() - t;
  await Promise.all([b.close(), b2.close()]);
  return { single: median(times), burst };
}

function sandbox429s(s: Served): { searches: number; refused: number } {
  const log = s.sandbox.control.requests().filter((r) => r.endpoint === 'search');
  return { searches: log.length, refused: log.filter((r) => r.status === 429).length };
}

function score(
  name: string,
  achieved: number,
  lat: { single: number; burst: number },
  marginMs: number,
  clientRateLimited: number,
  s: Served,
  sends: number[],
  extra: Record<string, number | string> = {},
): BenchResult {
  const best = (WINDOWS - 1) * WINDOW_MS + lat.single;
  const server = sandbox429s(s);
  const ratio = best / achieved;
  // Token release lag: the i-th send can go at the earliest one hold (window + margin) after the
  // (i − LIMIT)-th; how much later did it go?
  const sorted = [...sends].sort((a, b) => a - b);
  const lags: number[] = [];
  for (let i = LIMIT; i < sorted.length; i++) lags.push((sorted[i] as number) - (sorted[i - LIMIT] as number) - (WINDOW_MS + marginMs));
  return {
    name,
    ratio,
    goal: `best/achieved ≥ ${GOAL} with 0 × 429`,
    met: ratio >= GOAL && clientRateLimited === 0 && server.refused === 0,
    figures: {
      'searches fired': TOTAL,
      'limit (SDK and sandbox)': `${LIMIT} / ${WINDOW_MS} ms`,
      'SDK marginMs in use': marginMs,
      'single search latency ms (median of 5)': round(lat.single, 1),
      'burst of 20 concurrent searches ms': round(lat.burst, 1),
      'best ms = 4×window + latency': round(best, 1),
      'achieved ms': round(achieved, 1),
      'ratio best/achieved': round(ratio, 3),
      'ratio vs margin-adjusted best (4×(window+margin) + latency)': round(((WINDOWS - 1) * (WINDOW_MS + marginMs) + lat.single) / achieved, 3),
      'ratio vs 4×window + burst-of-20 time': round(((WINDOWS - 1) * WINDOW_MS + lat.burst) / achieved, 3),
      'last send ms after start': sends.length ? round(Math.max(...sends), 1) : 'n/a',
      'ideal last send ms = 4×(window+margin)': (WINDOWS - 1) * (WINDOW_MS + marginMs),
      'token release lag ms (send i − send i−20 − hold): median / max': lags.length
        ? `${round(median(lags), 1)} / ${round(Math.max(...lags), 1)}`
        : 'n/a',
      '429s seen by client (hooks.onRateLimited)': clientRateLimited,
      '429s answered by sandbox (control.requests)': server.refused,
      'search requests at sandbox': server.searches,
      ...extra,
    },
  };
}

/** (i) One process, all searches at once. */
async function singleProcess(marginMs: number | undefined): Promise<BenchResult> {
  const s = await serve();
  try {
    const lat = await latencies(s);
    s.sandbox.control.clearRequests();
    let rateLimited = 0;
    let t0 = 0;
    const sends: number[] = [];
    const fareway = new Fareway({
      apiKey: s.apiKey,
      baseUrl: s.url,
      rateLimits: { search: { limit: LIMIT, windowMs: WINDOW_MS }, ...(marginMs === undefined ? {} : { marginMs }) },
      maxRetries: MAX_RETRIES,
      logger: null,
      hooks: {
        onRateLimited: () => rateLimited++,
        onRequest: (e) => {
          if (e.endpoint === 'search') sends.push(performance.now() - t0);
        },
      },
    });
    await fareway.ready();
    t0 = performance.now();
    await withDeadline(
      Promise.all(Array.from({ length: TOTAL }, () => fareway.flights.search(SEARCH))),
      SCENARIO_DEADLINE_MS,
      'single-process throughput run',
    );
    const achieved = performance.now() - t0;
    await fareway.close();
    const margin = marginMs ?? defaultMarginMs(WINDOW_MS);
    const name = marginMs === undefined ? 'throughput: 1 process, default margin' : `throughput: 1 process, marginMs ${marginMs}`;
    return score(name, achieved, lat, margin, rateLimited, s, sends);
  } finally {
    await s.close();
  }
}

interface ChildOutput {
  goAt: number;
  lastAt: number;
  sends: number[];
  rateLimited: number;
  warnings: string[];
  failures: number;
}

function startChild(env: Record<string, string>): { proc: ChildProcess; ready: Promise<void>; output: Promise<ChildOutput> } {
  const proc = spawn(process.execPath, ['--no-warnings', '--import', './examples/register.mjs', self, '--child'], {
    cwd: root,
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: proc.stdout! });
  let onReady: () => void;
  let onOutput: (o: ChildOutput) => void;
  let fail: (e: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve;
    fail = reject;
  });
  const output = new Promise<ChildOutput>((resolve, reject) => {
    onOutput = resolve;
    const prev = fail;
    fail = (e) => {
      prev(e);
      reject(e);
    };
  });
  ready.catch(() => undefined);
  output.catch(() => undefined);
  lines.on('line', (line) => {
    if (line === 'ready') onReady();
    else if (line.startsWith('{')) onOutput(JSON.parse(line) as ChildOutput);
  });
  proc.on('exit', (code) => {
    if (code !== 0) fail(new Error(`throughput child exited with ${code}: ${stderr.slice(-2000)}`));
  });
  return { proc, ready, output };
}

/** (ii) Three processes sharing one budget through a real redis-server, one sandbox. */
async function redisProcesses(): Promise<BenchResult> {
  const redis = await startRedisServer();
  const s = await serve();
  const children: ChildProcess[] = [];
  try {
    const lat = await latencies(s);
    s.sandbox.control.clearRequests();
    const split = [34, 33, 33];
    const started = split.map((count) =>
      startChild({
        BENCH_URL: s.url,
        BENCH_API_KEY: s.apiKey,
        BENCH_REDIS_PORT: String(redis.port),
        BENCH_COUNT: String(count),
      }),
    );
    children.push(...started.map((c) => c.proc));
    await withDeadline(Promise.all(started.map((c) => c.ready)), 60_000, 'throughput children start-up');
    const goAt = Date.now();
    for (const c of started) c.proc.stdin!.write('go\n');
    const outputs = await withDeadline(Promise.all(started.map((c) => c.output)), SCENARIO_DEADLINE_MS, 'redis throughput run');
    const achieved = Math.max(...outputs.map((o) => o.lastAt)) - goAt;
    const sends = outputs.flatMap((o) => o.sends.map((t) => t - goAt));
    const rateLimited = outputs.reduce((n, o) => n + o.rateLimited, 0);
    const warnings = outputs.flatMap((o) => o.warnings);
    const failures = outputs.reduce((n, o) => n + o.failures, 0);
    await Promise.all(children.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)))));
    return score(
      'throughput: 3 processes sharing one budget via Redis',
      achieved,
      lat,
      defaultMarginMs(WINDOW_MS),
      rateLimited,
      s,
      sends,
      {
        'split across processes': split.join('/'),
        'go → first send ms (max over children)': round(Math.max(...outputs.map((o) => o.goAt - goAt)), 1),
        'max sends in any window (client side, all processes)': maxInAnyWindow(sends, WINDOW_MS),
        'failed searches': failures,
        'limiter warnings': warnings.length ? warnings.join(' | ') : 'none',
      },
    );
  } finally {
    for (const p of children) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    await s.close();
    await redis.stop();
  }
}

async function child(): Promise<void> {
  const env = (name: string) => {
    const v = process.env[name];
    if (v === undefined) throw new Error(`${name} missing`);
    return v;
  };
  const warnings: string[] = [];
  let rateLimited = 0;
  const sends: number[] = [];
  const options: FarewayOptions = {
    apiKey: env('BENCH_API_KEY'),
    baseUrl: env('BENCH_URL'),
    rateLimits: { search: { limit: LIMIT, windowMs: WINDOW_MS }, redis: { host: '127.0.0.1', port: Number(env('BENCH_REDIS_PORT')) } },
    maxRetries: MAX_RETRIES,
    logger: { warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
    hooks: {
      onRateLimited: () => rateLimited++,
      onRequest: (e) => {
        if (e.endpoint === 'search') sends.push(Date.now());
      },
    },
  };
  const fareway = new Fareway(options);
  await fareway.ready();
  const lines = createInterface({ input: process.stdin });
  const go = new Promise<void>((resolve) => lines.on('line', (l) => l === 'go' && resolve()));
  process.stdout.write('ready\n');
  await go;
  lines.close();
  const goAt = Date.now();
  const count = Number(env('BENCH_COUNT'));
  let failures = 0;
  await Promise.all(
    Array.from({ length: count }, () =>
      fareway.flights.search(SEARCH).catch((e: unknown) => {
        failures++;
        warnings.push(`search failed: ${e instanceof Error ? e.message : String(e)}`);
      }),
    ),
  );
  const lastAt = Date.now();
  process.stdout.write(`${JSON.stringify({ goAt, lastAt, sends, rateLimited, warnings, failures } satisfies ChildOutput)}\n`);
  await fareway.close();
  process.stdin.destroy();
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  results.push(await singleProcess(undefined));
  results.push(await singleProcess(0));
  results.push(await singleProcess(25));
  if (hasRedisServer()) results.push(await redisProcesses());
  else results.push({ name: 'throughput: 3 processes via Redis', figures: { skipped: 'redis-server not on PATH' } });
  return results;
}

if (isMain(import.meta.url)) {
  if (process.argv.includes('--child')) {
    await child();
  } else {
    printResults(await run());
  }
}
