/**
 * The fault matrix (issue 10 item 5, issue 9 item 7): 9 endpoints × every transport fault, over
 * real sockets on 127.0.0.1 (client → fault proxy → sandbox). The first attempt of the faulted
 * endpoint gets the fault; later attempts and other endpoints pass through. Every cell must settle
 * within its bound with a FarewayError or a valid result; book and create must never double book,
 * double debit, or report "failed" a booking the service still holds bookable (see matrix-run.ts
 * for every rule).
 *
 * Cells run in beforeAll with bounded concurrency; each cell's verdict is a named test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, countUnhandled, describeSettled, secretsOf, startStack, type Stack } from './harness.js';
import { ALL_FAULTS, DELAY_MS, cellName, judge, runMatrix, type CellResult } from './matrix-run.js';

const unhandled = countUnhandled();
let stack: Stack;
const results = new Map<string, CellResult>();

beforeAll(async () => {
  stack = await startStack({}, { delayMs: DELAY_MS, trickleMs: 300 });
  for (const r of await runMatrix(stack)) results.set(cellName(r.endpoint, r.fault), r);
}, 240_000);

afterAll(async () => {
  unhandled.stop();
  await stack?.close();
});

for (const endpoint of ENDPOINTS) {
  describe(`${endpoint} under faults`, () => {
    for (const fault of ALL_FAULTS) {
      it(`${endpoint} × ${fault} settles with a FarewayError or a valid result, with no double effect`, () => {
        const r = results.get(cellName(endpoint, fault));
        expect(r, 'cell did not run').toBeDefined();
        // The broken rules as one string, so a failure reads as sentences.
        expect(judge(stack, r!).join('; ') || 'no rule broken', describeSettled(r!.settled)).toBe(
          'no rule broken',
        );
      });
    }
  });
}

describe('the whole matrix', () => {
  it('drop after commit on book returns the PNR (reconciled)', () => {
    const r = results.get(cellName('book', 'drop-after-commit'))!;
    expect(r.settled.kind, describeSettled(r.settled)).toBe('ok');
    const value = (r.settled as { value: { pnr: string; reconciled: boolean } }).value;
    expect(value.reconciled).toBe(true);
    expect(value.pnr).toBe(stack.sandbox.control.getBooking(r.pre.booking_id!)!.pnr);
  });

  it('no double debit anywhere: every booking of the run was debited at most once', () => {
    const ids = [...results.values()].map((r) => r.pre.booking_id).filter((id): id is string => !!id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(stack.sandbox.control.getBooking(id)!.debits.length).toBeLessThanOrEqual(1);
  });

  it('no log line of the whole run holds the API key or passenger data', () => {
    const leaks = stack.logLines.filter((line) => secretsOf(stack).some((s) => line.includes(s)));
    expect(leaks).toEqual([]);
  });

  it('produced zero unhandled rejections', () => {
    expect(unhandled.reasons.map(String)).toEqual([]);
  });
});
