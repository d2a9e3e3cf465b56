/**
 * Response fuzz, fast subset (issue 10 item 5, issue 9 items 2 and 7): real sandbox answers of
 * the nine endpoints, mutated with a fixed seed and served over node:http on 127.0.0.1.
 * - no mutation crashes the call (non-FarewayError), hangs it, or leaves an unhandled rejection;
 * - every legal variation of the spec (§2) is accepted, and a search keeps its good options;
 * - what the SDK needs to act, missing, is a typed error that carries the raw body and the ids;
 * - property: a book answered 2xx with `confirmed`, a PNR and its pricing returns that PNR, whatever
 *   else varies (without the pricing, settled by reading: the PNR stays in the error's ids);
 * - types never lie: every resolved value has each field its public type requires (the type mirror
 *   is walked from the answer schemas themselves, so it cannot drift from them).
 * The full run (≥ 2,800 cases) is bench/fuzz-responses.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from './harness.js';
import { countUnhandled, pool } from './settle.js';
import { errorText } from './matrix-run.js';
import { captureAnswers } from './fuzz/capture.js';
import { buildCases, type FuzzCase } from './fuzz/mutate.js';
import { answerTypeMirror } from './fuzz/mirror.js';
import {
  FUZZ_API_KEY,
  carriesBodyAndIds,
  runCase,
  startFuzzServer,
  type CaseOutcome,
  type FuzzServer,
} from './fuzz/serve.js';

const SEED = 20_261_123;
const RANDOM_PER_ENDPOINT = 30;
const unhandled = countUnhandled();
const captured = await captureAnswers();
const cases = buildCases(captured.bodies, SEED, RANDOM_PER_ENDPOINT);
const outcomes = new Map<string, CaseOutcome>();
let server: FuzzServer;

beforeAll(async () => {
  server = await startFuzzServer(captured);
  // Every book case books the same booking_id: run them one at a time, or the SDK's
  // one-book-in-flight guarantee joins them (correctly) and a case sees another case's answer.
  const books = cases.filter((c) => c.endpoint === 'book');
  for (const o of await pool(
    cases.filter((c) => c.endpoint !== 'book'),
    8,
    (c) => runCase(server, captured, c),
  ))
    outcomes.set(o.c.id, o);
  for (const o of await pool(books, 1, (c) => runCase(server, captured, c))) outcomes.set(o.c.id, o);
}, 180_000);
afterAll(async () => {
  unhandled.stop();
  await server?.close();
});

const show = (o: CaseOutcome) =>
  `${o.c.endpoint} / ${o.c.name}: ${o.result}${o.error ? ` (${(o.error as Error).name}: ${(o.error as Error).message?.slice(0, 200)})` : ''}`;
const outcome = (c: FuzzCase) => outcomes.get(c.id)!;

describe('response fuzz: every mutated answer settles with a FarewayError or a valid result', () => {
  it(`ran ${cases.length} cases over the nine endpoints`, () => {
    expect(cases.length).toBeGreaterThan(300);
    expect(new Set(cases.map((c) => c.endpoint))).toEqual(new Set(ENDPOINTS));
    expect(outcomes.size).toBe(cases.length);
  });
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint}: zero crashes and zero hangs`, () => {
      const bad = cases
        .filter((c) => c.endpoint === endpoint)
        .map(outcome)
        .filter((o) => o.result === 'crash' || o.result === 'hang');
      expect(bad.map(show).join('\n') || 'none').toBe('none');
    });
  }
});

describe('legal variations (spec §2) are accepted', () => {
  for (const c of cases.filter((x) => x.kind === 'legal')) {
    it(`${c.endpoint} accepts: ${c.name}`, () => {
      const o = outcome(c);
      expect(o.result, show(o)).toBe('ok');
      if (c.minOutbound !== undefined)
        expect((o.value as { outbound: unknown[] }).outbound.length).toBeGreaterThanOrEqual(c.minOutbound);
    });
  }
});

describe('what the SDK needs to act, missing: a typed error with the raw body and the ids', () => {
  for (const c of cases.filter((x) => x.kind === 'required')) {
    it(`${c.endpoint} refuses: ${c.name}`, () => {
      const o = outcome(c);
      expect(o.result, show(o)).toBe('typed');
      const ids = c.endpoint === 'createBooking' ? [captured.trace_id] : [captured.booking_id];
      expect(carriesBodyAndIds(o.error, ids), `${show(o)}: no raw body or ids on the error`).toBe(true);
    });
  }
});

describe('types never lie: whatever resolves has every field its type requires', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint}: every resolved value has the required fields of its type, or the call is a typed error`, () => {
      const lying = cases
        .filter((c) => c.endpoint === endpoint)
        .map(outcome)
        .filter((o) => o.result === 'ok')
        .map((o) => ({ o, missing: answerTypeMirror(endpoint, o.value) }))
        .filter((x) => x.missing.length > 0);
      expect(lying.map((x) => `${show(x.o)} lacks ${x.missing.join(', ')}`).join('\n') || 'none').toBe(
        'none',
      );
      const settled = cases.filter((c) => c.endpoint === endpoint).map(outcome);
      expect(settled.every((o) => o.result === 'ok' || o.result === 'typed')).toBe(true);
    });
  }
});

describe('a confirmed book is a success, always', () => {
  it('a 2xx book with status confirmed and a PNR returns that PNR whatever else varies (property)', async () => {
    const base = JSON.parse(captured.bodies.book) as Record<string, unknown>;
    const optionalKeys = Object.keys(base).filter((k) => !['booking_id', 'status', 'pnr'].includes(k));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[A-Z0-9]{6}$/),
        fc.subarray(optionalKeys),
        fc.subarray(optionalKeys),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), {
          maxKeys: 4,
        }),
        async (pnr, dropped, nulled, extra) => {
          const body: Record<string, unknown> = { ...extra, ...base, pnr, status: 'confirmed' };
          for (const k of nulled) body[k] = null;
          for (const k of dropped) delete body[k];
          // The reconciling retrieve answers 503: only accepting the answer itself yields the PNR.
          const c: FuzzCase = {
            id: `prop${++n}`,
            endpoint: 'book',
            kind: 'legal',
            name: 'property',
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify(body),
            fallback: '503',
          };
          const o = await runCase(server, captured, c);
          // `pricing` is what a BookResult must carry (1.2, spec §4.6): an answer without it is
          // settled by reading, and with the retrieve down the outcome stays unknown, the PNR in
          // its ids (never lost; never booked again).
          if (body.pricing === null || body.pricing === undefined) {
            expect(o.result, show(o)).toBe('typed');
            expect(o.error).toMatchObject({ code: 'booking_outcome_unknown', ids: { pnr } });
            return;
          }
          expect(o.result, show(o)).toBe('ok');
          expect((o.value as { pnr: string }).pnr).toBe(pnr);
        },
      ),
      { numRuns: 40, seed: SEED },
    );
  }, 60_000);
});

describe('the whole file', () => {
  it('no error of the run holds the API key', () => {
    const leaks = [...outcomes.values()].filter(
      (o) => o.error !== undefined && errorText(o.error).includes(FUZZ_API_KEY),
    );
    expect(leaks.map(show)).toEqual([]);
  });

  it('produced zero unhandled rejections', () => {
    expect(unhandled.reasons.map(String)).toEqual([]);
  });
});
