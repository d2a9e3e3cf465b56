/**
 * Issue 19 (part 3) across two processes: two workers create from one search with different
 * result indices, against one sandbox served on 127.0.0.1. The second worker's create ends in the
 * service's envelope (500 or 502), before the service acted (the fault proxy answers for it) or
 * after it committed (the child's fetch swaps the answer). Each worker gets its own booking or a
 * typed error — never the other's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildResult } from '../helpers/redis.js';
import { countUnhandled, SEARCH, startStack, type Stack } from './harness.js';

const CHILD = fileURLToPath(new URL('./children/create-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const unhandled = countUnhandled();
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ seed: 44 });
});
afterAll(async () => {
  unhandled.stop();
  await stack?.close();
});

interface Answer {
  ok: boolean;
  booking_id?: string;
  reconciled?: boolean;
  error?: string;
  message?: string;
  candidates?: string[];
}

/** Starts a create child; `ready` once it has loaded, `go()` lets it create, `done` when it exits. */
function startChild(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--no-warnings', '--loader', 'ts-node/esm', CHILD], {
    cwd: ROOT,
    env: {
      ...process.env,
      TS_NODE_TRANSPILE_ONLY: 'true',
      FW_WAIT_GO: '1',
      FW_URL: stack.proxy.url,
      FW_KEY: stack.sandbox.apiKey,
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (stdout.includes('ready')) markReady();
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<ChildResult>((resolve) =>
    child.on('exit', (code) => (markReady(), resolve({ code, stdout, stderr }))),
  );
  return { ready, done, go: () => child.stdin.end('go\n') };
}

/** Runs children together (all loaded first, then let go at once) and returns their answers. */
async function together(...envs: Record<string, string>[]): Promise<Answer[]> {
  const children = envs.map(startChild);
  await Promise.all(children.map((c) => c.ready));
  children.forEach((c) => c.go());
  const results = await Promise.all(children.map((c) => c.done));
  return results.map((r) => {
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as Answer;
  });
}

const indicesOf = (id: string) => stack.sandbox.control.getBooking(id)?.items.map((i) => i.result_index);
const bookingsOfTrace = (trace: string) =>
  stack.sandbox.control
    .requests()
    .filter(
      (r) =>
        r.endpoint === 'createBooking' &&
        r.status === 200 &&
        (r.body as { trace_id?: string }).trace_id === trace,
    ).length;

/** Two indices of one fresh search. */
async function search() {
  const results = await stack.direct.flights.search(SEARCH);
  return {
    trace: results.trace_id,
    a: results.outbound[0]!.result_index,
    b: results.outbound[1]!.result_index,
  };
}

/** B's fault: the proxy answers with the envelope (the service never sees it), or the service commits first. */
type Case = {
  name: string;
  fault: { proxy: 'envelope-500' | 'envelope-502' } | { commitThen: '500' | '502' };
  b: Partial<Answer>;
  made: number;
};

const CASES: Case[] = [
  {
    name: 'enveloped 500 before the service acted: B gets the 500',
    fault: { proxy: 'envelope-500' },
    b: { ok: false, error: 'InternalServerError' },
    made: 1,
  },
  {
    name: 'enveloped 500 after the service committed: B adopts its own booking',
    fault: { commitThen: '500' },
    b: { ok: true, reconciled: true },
    made: 2,
  },
  {
    name: 'enveloped 502 before the service acted: B re-sends once and gets its own booking',
    fault: { proxy: 'envelope-502' },
    b: { ok: true, reconciled: false },
    made: 2,
  },
  {
    name: 'enveloped 502 after the service committed: B adopts its own booking',
    fault: { commitThen: '502' },
    b: { ok: true, reconciled: true },
    made: 2,
  },
];

describe('two processes create from one search with different result indices', () => {
  it.each(CASES)(
    '$name; A keeps its own, neither gets the other’s',
    async ({ name, fault, b: expectedB, made }) => {
      const { trace, a: indexA, b: indexB } = await search();
      const cell = `create-adoption/${name}`;
      if ('proxy' in fault) stack.proxy.plan(cell, 'createBooking', fault.proxy);
      const [a, b] = (await together(
        { FW_TRACE: trace, FW_INDICES: indexA, FW_CELL: 'create-adoption/a' },
        {
          FW_TRACE: trace,
          FW_INDICES: indexB,
          FW_CELL: cell,
          ...('commitThen' in fault ? { FW_COMMIT_THEN: fault.commitThen } : {}),
        },
      )) as [Answer, Answer];
      expect(a, a.message).toMatchObject({ ok: true, reconciled: false });
      expect(indicesOf(a.booking_id!)).toEqual([indexA]);
      expect(b, b.message).toMatchObject(expectedB);
      if (b.ok) {
        expect(b.booking_id).not.toBe(a.booking_id);
        expect(indicesOf(b.booking_id!)).toEqual([indexB]);
      }
      expect(bookingsOfTrace(trace)).toBe(made);
    },
    120_000,
  );

  it('the same indices, both made, B answered with a 500: CreateOutcomeUnknownError naming both, never a guess', async () => {
    const { trace, a: index } = await search();
    const [a] = (await together({
      FW_TRACE: trace,
      FW_INDICES: index,
      FW_CELL: 'create-adoption/same-a',
    })) as [Answer];
    const [b] = (await together({
      FW_TRACE: trace,
      FW_INDICES: index,
      FW_CELL: 'create-adoption/same-b',
      FW_COMMIT_THEN: '500',
    })) as [Answer];
    expect(a).toMatchObject({ ok: true });
    expect(b).toMatchObject({ ok: false, error: 'CreateOutcomeUnknownError' });
    expect(b.candidates).toHaveLength(2);
    expect(b.candidates).toContain(a.booking_id);
    expect(b.message).toContain(trace);
  }, 120_000);

  it('produced zero unhandled rejections', () => {
    expect(unhandled.reasons.map(String)).toEqual([]);
  });
});
