/**
 * The fault matrix as counts (issue 10 item 5): 9 endpoints × 15 faults over real sockets on
 * 127.0.0.1 (client → fault proxy → sandbox), judged by the same rules as
 * test/faults/matrix.test.ts. Reports, over all cells: settled ok / typed error / crash / hang,
 * unhandled rejections, double bookings, double debits, "failed" reports on bookable bookings,
 * and the cells that broke a rule. Then, with the client's default options, how long a book takes
 * to settle under each fault that leaves its outcome to the SDK.
 *
 *   node --import ./examples/register.mjs bench/faults.ts
 */
import { BookingFailedError, FarewayError } from '../src/index.js';
// The SDK's internal defaults table (not part of the public API).
import { DEFAULTS } from '../src/core/options/options.js';
import { prepare, settle, startStack } from '../test/faults/harness.js';
import { ALL_FAULTS, DELAY_MS, cellName, judge, runMatrix } from '../test/faults/matrix-run.js';
import { countUnhandled } from '../test/faults/settle.js';
import { isMain, type BenchResult } from './_util.js';

/** Runs the matrix once and returns its counts. */
export async function faultMatrix(concurrency = 8): Promise<BenchResult> {
  const unhandled = countUnhandled();
  const stack = await startStack({}, { delayMs: DELAY_MS, trickleMs: 300 });
  const started = performance.now();
  try {
    const results = await runMatrix(stack, concurrency);
    await new Promise((r) => setTimeout(r, 500));
    unhandled.stop();
    const control = stack.sandbox.control;
    const bookCells = results.filter((r) => r.endpoint === 'book');
    const verdicts = results.map((r) => ({ cell: cellName(r.endpoint, r.fault), broken: judge(stack, r) }));
    const figures: Record<string, number | string> = {
      cells: results.length,
      faults: ALL_FAULTS.length,
      ok: results.filter((r) => r.settled.kind === 'ok').length,
      typedErrors: results.filter(
        (r) => r.settled.kind === 'error' && r.settled.error instanceof FarewayError,
      ).length,
      crashes: results.filter((r) => r.settled.kind === 'error' && !(r.settled.error instanceof FarewayError))
        .length,
      hangs: results.filter((r) => r.settled.kind === 'hang').length,
      unhandledRejections: unhandled.count,
      doubleBookings: bookCells.filter(
        (r) =>
          control.requests().filter((q) => q.endpoint === 'book' && q.path.includes(r.pre.booking_id!))
            .length > 1,
      ).length,
      doubleDebits: results.filter(
        (r) => r.pre.booking_id && control.getBooking(r.pre.booking_id)!.debits.length > 1,
      ).length,
      failedWhileBookable: bookCells.filter(
        (r) =>
          r.settled.kind === 'error' &&
          r.settled.error instanceof BookingFailedError &&
          control.getBooking(r.pre.booking_id!)!.status !== 'failed',
      ).length,
      createCellsWithTwoDrafts: verdicts.filter(
        (v) => v.cell.startsWith('createBooking/') && v.broken.some((b) => b.includes('drafts')),
      ).length,
      cellsBreakingARule: verdicts.filter((v) => v.broken.length > 0).length,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    };
    figures.broken = verdicts
      .filter((v) => v.broken.length)
      .map((v) => `${v.cell}: ${v.broken[0]}`)
      .join(' | ');
    return {
      name: 'fault-matrix',
      figures,
      goal: '0 crashes, 0 hangs, 0 unhandled, 0 double bookings/debits, 0 failed-while-bookable, every cell within its rules',
      met: figures.cellsBreakingARule === 0 && unhandled.count === 0,
    };
  } finally {
    await stack.close();
  }
}

/** Faults after which book's outcome must be established by the SDK itself. */
const BOOK_FAULTS = [
  'reset-before',
  'reset-after',
  'html-502',
  'envelope-500',
  'envelope-502',
  'delay-drop',
  'drop-after-commit',
] as const;

/**
 * How long a book takes to settle with the client's DEFAULT options (timeout, retries, reconcile)
 * under each fault — the "with default options a book settles within 15 s". Cells run at once.
 */
export async function bookSettleWithDefaults(): Promise<BenchResult> {
  const stack = await startStack({ seed: 45 }, { delayMs: DELAY_MS });
  try {
    const defaults = {
      timeout: DEFAULTS.timeout,
      maxRetries: DEFAULTS.maxRetries,
      retryBackoff: {},
      bookReconcile: {},
    };
    const runs = await Promise.all(
      BOOK_FAULTS.map(async (fault) => {
        const pre = await prepare(stack, 'book');
        const cell = `default/${fault}`;
        if (fault === 'drop-after-commit') stack.sandbox.control.commitThenDrop('book');
        else stack.proxy.plan(cell, 'book', fault);
        const s = await settle(stack.client(cell, defaults).bookings.book(pre.booking_id!), 120_000);
        const ended = s.kind === 'hang' ? 'hang' : s.kind === 'ok' ? 'PNR' : (s.error as Error).name;
        return [
          fault,
          `${(s.ms / 1000).toFixed(1)} s → ${ended} (service: ${stack.sandbox.control.getBooking(pre.booking_id!)!.status})`,
        ] as const;
      }),
    );
    const slowest = Math.max(...runs.map(([, v]) => Number.parseFloat(v)));
    return {
      name: 'book-settle-default-options',
      figures: { ...Object.fromEntries(runs), slowestSeconds: slowest },
      goal: 'every book settles within 15 s with default options',
      met: slowest <= 15,
    };
  } finally {
    await stack.close();
  }
}

if (isMain(import.meta.url)) {
  console.log(JSON.stringify(await faultMatrix(), null, 2));
  console.log(JSON.stringify(await bookSettleWithDefaults(), null, 2));
  process.exit(0);
}
