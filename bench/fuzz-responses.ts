/**
 * Response fuzz, full run (issue 10 item 5): ≥ 2,800 mutated answers of the nine endpoints, taken
 * from a real sandbox flow and served over node:http on 127.0.0.1, each against a fresh client.
 * Counts, per kind (legal / required / random) and per endpoint: settled ok, typed error, crash
 * (a non-FarewayError), hang (not settled within timeout + 2 s), unhandled rejections; legal
 * variations accepted; required-field errors that carry the raw body and the ids.
 *
 *   node --import ./examples/register.mjs bench/fuzz-responses.ts [seed] [randomPerEndpoint]
 */
import { captureAnswers } from '../test/faults/fuzz/capture.js';
import { buildCases } from '../test/faults/fuzz/mutate.js';
import { carriesBodyAndIds, runCase, startFuzzServer, type CaseOutcome } from '../test/faults/fuzz/serve.js';
import { countUnhandled, pool } from '../test/faults/settle.js';
import { isMain, type BenchResult } from './_util.js';

/** Runs the fuzz and returns its counts. */
export async function fuzzResponses(seed = 20_261_123, randomPerEndpoint = 310): Promise<BenchResult> {
  const unhandled = countUnhandled();
  const captured = await captureAnswers();
  const cases = buildCases(captured.bodies, seed, randomPerEndpoint);
  const server = await startFuzzServer(captured);
  const started = performance.now();
  let outcomes: CaseOutcome[];
  try {
    // Book cases share one booking_id: one at a time, or the SDK's one-book-in-flight join
    // (correctly) hands one case another case's answer.
    outcomes = [
      ...(await pool(
        cases.filter((c) => c.endpoint !== 'book'),
        8,
        (c) => runCase(server, captured, c),
      )),
      ...(await pool(
        cases.filter((c) => c.endpoint === 'book'),
        1,
        (c) => runCase(server, captured, c),
      )),
    ];
  } finally {
    await server.close();
  }
  const seconds = (performance.now() - started) / 1000;
  // Late rejections (none expected) get a moment to surface before the count is read.
  await new Promise((r) => setTimeout(r, 500));
  unhandled.stop();

  const count = (f: (o: CaseOutcome) => boolean) => outcomes.filter(f).length;
  const legal = outcomes.filter((o) => o.c.kind === 'legal');
  const required = outcomes.filter((o) => o.c.kind === 'required');
  const legalAccepted = legal.filter(
    (o) =>
      o.result === 'ok' &&
      (o.c.minOutbound === undefined ||
        (o.value as { outbound: unknown[] }).outbound.length >= o.c.minOutbound),
  );
  const requiredGood = required.filter(
    (o) =>
      o.result === 'typed' &&
      carriesBodyAndIds(o.error, [
        o.c.endpoint === 'createBooking' ? captured.trace_id : captured.booking_id,
      ]),
  );
  const figures: Record<string, number | string> = {
    cases: outcomes.length,
    seed,
    ok: count((o) => o.result === 'ok'),
    typedErrors: count((o) => o.result === 'typed'),
    crashes: count((o) => o.result === 'crash'),
    hangs: count((o) => o.result === 'hang'),
    unhandledRejections: unhandled.count,
    legalCases: legal.length,
    legalAccepted: legalAccepted.length,
    requiredCases: required.length,
    requiredTypedWithBodyAndIds: requiredGood.length,
    seconds: Number(seconds.toFixed(1)),
  };
  const byEndpoint: Record<string, string> = {};
  for (const o of outcomes) {
    const e = o.c.endpoint;
    const [ok, typed, crash, hang] = (byEndpoint[e] ?? '0/0/0/0').split('/').map(Number) as [
      number,
      number,
      number,
      number,
    ];
    byEndpoint[e] = [
      ok + +(o.result === 'ok'),
      typed + +(o.result === 'typed'),
      crash + +(o.result === 'crash'),
      hang + +(o.result === 'hang'),
    ].join('/');
  }
  for (const [e, v] of Object.entries(byEndpoint)) figures[`${e} ok/typed/crash/hang`] = v;
  const failures = [
    ...outcomes.filter((o) => o.result === 'crash' || o.result === 'hang'),
    ...legal.filter((o) => !legalAccepted.includes(o)),
    ...required.filter((o) => !requiredGood.includes(o)),
  ];
  figures.examples = failures
    .slice(0, 12)
    .map(
      (o) =>
        `${o.c.kind}:${o.c.endpoint}/${o.c.name} → ${o.result}${o.error ? ` ${(o.error as Error).name}` : ''}`,
    )
    .join(' | ');
  const met =
    figures.crashes === 0 &&
    figures.hangs === 0 &&
    unhandled.count === 0 &&
    legalAccepted.length === legal.length &&
    requiredGood.length === required.length;
  return {
    name: 'fuzz-responses',
    figures,
    goal: '≥ 2,800 cases; 0 crashes, 0 hangs, 0 unhandled; every legal variation accepted; every required-field error typed with body and ids',
    met,
  };
}

if (isMain(import.meta.url)) {
  const [seed, per] = process.argv.slice(2).map(Number);
  const result = await fuzzResponses(seed || undefined, per || undefined);
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
