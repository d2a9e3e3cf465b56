// Child process of the create-adoption suite: one worker's `bookings.create` from a fresh client in
// a fresh process, with the trace and result indices another process searched.
// Env: FW_URL, FW_KEY, FW_TRACE, FW_INDICES (comma-separated), optional FW_CELL (proxy cell header),
// FW_COMMIT_THEN (a status: the create reaches the service, which commits, and its answer is
// replaced by the service's envelope with that status), FW_WAIT_GO=1 (print 'ready', then wait for
// a line on stdin before creating, so a parent can line up two workers).
// Prints one JSON line: { ok, booking_id?, reconciled?, error?, message?, candidates? }.
import { Fareway } from '../../../src/index.ts';
import { commitThen, faultyFetch } from '../../helpers/create-faults.ts';

async function main(): Promise<void> {
  const env = process.env;
  const fareway = new Fareway({
    apiKey: env.FW_KEY,
    baseUrl: env.FW_URL,
    logger: null,
    timeout: 10_000,
    maxRetries: 1,
    bookReconcile: { intervalMs: 50, timeoutMs: 15_000 },
    rateLimits: false,
    defaultHeaders: env.FW_CELL ? { 'x-fault-cell': env.FW_CELL } : {},
    ...(env.FW_COMMIT_THEN ? { fetch: faultyFetch(commitThen(Number(env.FW_COMMIT_THEN))) } : {}),
  });
  if (env.FW_WAIT_GO === '1') {
    console.log('ready');
    await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
    process.stdin.pause();
  }
  try {
    const created = await fareway.bookings.create({
      trace_id: env.FW_TRACE as string,
      result_indices: (env.FW_INDICES as string).split(','),
    });
    console.log(JSON.stringify({ ok: true, booking_id: created.booking_id, reconciled: created.reconciled }));
  } catch (error) {
    const e = error as Error & { candidates?: string[] };
    console.log(JSON.stringify({ ok: false, error: e.name, message: e.message, candidates: e.candidates }));
  } finally {
    await fareway.close();
  }
}

void main();
