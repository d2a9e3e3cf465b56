/**
 * The fault matrix as counts (issue 10 item 5): 9 endpoints × 15 faults over real sockets on
 * 127.0.0.1 (client → fault proxy → sandbox), judged by the same rules as
 * test/faults/matrix.test.ts. Reports, over all cells: settled ok / typed error / crash / hang,
 * unhandled rejections, double bookings, double debits, "failed" reports on bookable bookings,
 * and the cells that broke a rule.
 *
 *   node --import ./examples/register.mjs bench/faults.ts
 */
import { BookingFailedError, FarewayError } from '../src/index.js';
import { startStack } from '../test/faults/harness.js';
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
      typedErrors: results.filter((r) => r.settled.kind === 'error' && r.settled.error instanceof FarewayError).length,
      crashes: results.filter((r) => r.settled.kind === 'error' && !(r.settled.error instanceof FarewayError)).length,
      hangs: results.filter((r) => r.settled.kind === 'hang').length,
      unhandledRejections: unhandled.count,
      doubleBookings: bookCells.filter((r) => control.requests().filter((q) => q.endpoint === 'book' && q.path.includes(r.pre.booking_id!)).length > 1).length,
      doubleDebits: results.filter((r) => r.pre.booking_id && control.getBooking(r.pre.booking_id)!.debits.length > 1).length,
      failedWhileBookable: bookCells.filter(
        (r) => r.settled.kind === 'error' && r.settled.error instanceof BookingFailedError && control.getBooking(r.pre.booking_id!)!.status !== 'failed',
      ).length,
      createCellsWithTwoDrafts: verdicts.filter((v) => v.cell.startsWith('createBooking/') && v.broken.some((b) => b.includes('drafts'))).length,
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

if (isMain(import.meta.url)) {
  console.log(JSON.stringify(await faultMatrix(), null, 2));
  process.exit(0);
}
