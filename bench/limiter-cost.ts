/**
 * The limiter's own cost per call with 1k, 10k and 100k calls queued in one bucket (local mode):
 *
 *   node --import ./examples/register.mjs bench/limiter-cost.ts
 *
 * The bucket is paused, N calls are scheduled (enqueue cost), the pause ends and every call runs
 * and reports its answer on its ticket (dispatch cost: take, run, settle, return log). The same
 * N async functions called directly give the floor; ratios are limiter/direct in one run.
 */
import { createLimiter } from '../src/core/limiter/limiter.js';
import { isMain, median, printResults, round, type BenchResult } from './_util.js';

const SIZES = [1_000, 10_000, 100_000];
const ROUNDS = 5;

async function direct(n: number): Promise<number> {
  const fn = async () => performance.now();
  const t = performance.now();
  const calls: Promise<number>[] = new Array(n);
  for (let i = 0; i < n; i++) calls[i] = fn();
  await Promise.all(calls);
  return performance.now() - t;
}

async function limited(n: number): Promise<{ enqueue: number; dispatch: number; total: number }> {
  const limiter = createLimiter('bench-key', { search: { limit: n, windowMs: 60_000 }, maxQueue: n + 1 });
  limiter.pause('search', 5);
  let first = 0;
  const t0 = performance.now();
  const calls: Promise<number>[] = new Array(n);
  for (let i = 0; i < n; i++) {
    calls[i] = limiter.schedule('search', async (ticket) => {
      const now = performance.now();
      if (first === 0) first = now;
      ticket.answered(now);
      return now;
    });
  }
  const enqueue = performance.now() - t0;
  await Promise.all(calls);
  const end = performance.now();
  await limiter.close();
  return { enqueue, dispatch: end - first, total: enqueue + (end - first) };
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const n of SIZES) {
    const d: number[] = [];
    const l: Array<{ enqueue: number; dispatch: number; total: number }> = [];
    for (let r = 0; r < ROUNDS + 1; r++) {
      // Interleaved; the first round of each is a warm-up.
      const dt = await direct(n);
      const lt = await limited(n);
      if (r > 0) {
        d.push(dt);
        l.push(lt);
      }
    }
    const us = (ms: number) => round((ms * 1000) / n, 2);
    const directMs = median(d);
    const totalMs = median(l.map((x) => x.total));
    results.push({
      name: `limiter cost: ${n.toLocaleString('en')} calls queued`,
      ratio: totalMs / directMs,
      figures: {
        'direct call µs/call (median of 5)': us(directMs),
        'enqueue µs/call (paused bucket)': us(median(l.map((x) => x.enqueue))),
        'dispatch µs/call (take, run, answered, settle)': us(median(l.map((x) => x.dispatch))),
        'limiter total µs/call': us(totalMs),
        'limiter total / direct': round(totalMs / directMs, 2),
        'limiter overhead µs/call': us(totalMs - directMs),
      },
    });
  }
  return results;
}

if (isMain(import.meta.url)) printResults(await run());
