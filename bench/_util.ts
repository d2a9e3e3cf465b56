/**
 * Shared helpers for the benchmarks: the result shape, statistics, a throwaway redis-server, and
 * "run me when executed directly".
 */
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';

/** What every benchmark module returns (one entry per measured figure set). */
export interface BenchResult {
  name: string;
  /** The headline ratio (dimensionless), when the benchmark has one. */
  ratio?: number;
  figures: Record<string, number | string>;
  goal?: string;
  met?: boolean;
}

/** True when `metaUrl` is the script node was started with. */
export function isMain(metaUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && metaUrl === pathToFileURL(entry).href;
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (pos - lo);
}

export const round = (n: number, digits = 3) => Number(n.toFixed(digits));

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Machine description for the report. */
export function machine(): { node: string; cpu: string; cores: number; platform: string } {
  const list = cpus();
  return {
    node: process.version,
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    platform: `${process.platform}-${process.arch}`,
  };
}

/** Prints results as a compact table plus their figures. */
export function printResults(results: readonly BenchResult[]): void {
  for (const r of results) {
    const head = r.ratio === undefined ? '' : ` ratio ${round(r.ratio, 3)}`;
    const goal = r.goal ? `  goal ${r.goal}: ${r.met ? 'MET' : 'NOT MET'}` : '';
    console.log(`\n● ${r.name}${head}${goal}`);
    const width = Math.max(...Object.keys(r.figures).map((k) => k.length));
    for (const [k, v] of Object.entries(r.figures)) console.log(`    ${k.padEnd(width)}  ${v}`);
  }
}

/** Rejects after `ms` unless `promise` settles first (every benchmark must stop by itself). */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// The redis-server launcher and the sliding-window check are shared with the limiter tests.
export {
  freePort,
  hasRedisServer,
  maxInAnyWindow,
  startRedisServer,
  type RedisServer,
} from '../test/helpers/redis.js';
