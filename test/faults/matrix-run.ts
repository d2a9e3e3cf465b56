/**
 * The fault matrix as data: runs every (endpoint × fault) cell against a stack and judges each
 * against the target behaviour of issues 9 and 10, returning the rules it broke (empty = good).
 * Used by test/faults/matrix.test.ts (one named test per cell) and bench/faults.ts (counts).
 */
import { BookingFailedError, BookingOutcomeUnknownError, FarewayError } from '../../src/index.js';
import { FAULTS, type Fault, type ProxyEndpoint } from '../helpers/fault-proxy.js';
import {
  CLIENT,
  ENDPOINTS,
  callEndpoint,
  describeSettled,
  pool,
  prepare,
  settle,
  type Precondition,
  type Settled,
  type Stack,
} from './harness.js';

/** A proxy fault, or the sandbox's own "commit, then drop the connection". */
export type MatrixFault = Fault | 'drop-after-commit';
export const ALL_FAULTS: readonly MatrixFault[] = [...FAULTS, 'drop-after-commit'];
/** Delay of the delay faults: past the client's timeout. */
export const DELAY_MS = 2_500;
/** Faults on book that say nothing about the outcome and never reach the service. */
const UNKNOWN_ON_BOOK: readonly MatrixFault[] = ['reset-before', 'html-502', 'delay-drop'];

/** Faults after which a create may have locked fares: it must not be re-sent (only 429 and refused connections may be). */
const UNKNOWN_ON_CREATE: readonly MatrixFault[] = [
  'reset-before',
  'reset-after',
  'html-502',
  'delay-forward',
  'delay-drop',
  'truncate',
  'stall',
  'trickle',
  'gzip-lie',
  'drop-after-commit',
];

/** Bound of a call: every attempt's timeout (savePassengers may retrieve first: ×2), a Retry-After of 1 s, 5 s of slack; book adds its reconcile window. */
export const boundOf = (endpoint: ProxyEndpoint) =>
  2 * (CLIENT.maxRetries + 1) * CLIENT.timeout +
  1_000 +
  5_000 +
  (endpoint === 'book' ? CLIENT.bookReconcile.timeoutMs : 0);

/** One cell's run. */
export interface CellResult {
  endpoint: ProxyEndpoint;
  fault: MatrixFault;
  pre: Precondition;
  settled: Settled;
}

export const cellName = (e: ProxyEndpoint, f: MatrixFault) => `${e}/${f}`;

async function runCell(stack: Stack, endpoint: ProxyEndpoint, fault: MatrixFault): Promise<CellResult> {
  const cell = cellName(endpoint, fault);
  const pre = await prepare(stack, endpoint);
  if (fault === 'drop-after-commit') stack.sandbox.control.commitThenDrop(endpoint);
  else stack.proxy.plan(cell, endpoint, fault);
  const settled = await settle(callEndpoint(stack.client(cell), endpoint, pre), boundOf(endpoint));
  return { endpoint, fault, pre, settled };
}

/** Runs all cells: proxy faults with bounded concurrency, then the drop-after-commit cells one at a time. */
export async function runMatrix(stack: Stack, concurrency = 8): Promise<CellResult[]> {
  const cells = ENDPOINTS.flatMap((e) => FAULTS.map((f) => [e, f] as const));
  const out = await pool(cells, concurrency, ([e, f]) => runCell(stack, e, f));
  // commitThenDrop is one knob per endpoint in the sandbox: those cells run one at a time.
  for (const e of ENDPOINTS) out.push(await runCell(stack, e, 'drop-after-commit'));
  // Let late forwards (delay-forward) land before final states are read.
  await new Promise((r) => setTimeout(r, DELAY_MS + 500));
  return out;
}

/** Create-booking answers that created a draft for this trace (answered or dropped). */
export function draftsOf(stack: Stack, trace: string): number {
  return stack.sandbox.control
    .requests()
    .filter(
      (r) =>
        r.endpoint === 'createBooking' &&
        r.status >= 200 &&
        r.status < 300 &&
        (r.body as { trace_id?: string })?.trace_id === trace,
    ).length;
}

function validValue(endpoint: ProxyEndpoint, value: unknown, pre: Precondition): boolean {
  const v = (value ?? {}) as Record<string, unknown>;
  switch (endpoint) {
    case 'search':
      return Array.isArray(v.outbound) && v.outbound.length > 0;
    case 'fareRules':
      return Array.isArray(v.rules);
    case 'createBooking':
      return v.status === 'draft';
    case 'savePassengers':
    case 'retrieve':
      return v.booking_id === pre.booking_id;
    case 'reprice':
      return v.status === 'priced';
    case 'book':
      return v.status === 'confirmed' && typeof v.pnr === 'string';
    case 'list':
    case 'autocomplete':
      return Array.isArray(v.results);
  }
}

/** An error's message, own properties and causes as one string (what a logger or JSON.stringify could show). */
export function errorText(error: unknown): string {
  let text = '';
  for (
    let e = error as Record<string, unknown> | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as Record<string, unknown> | undefined, depth++
  ) {
    try {
      text += ` ${String(e.message)} ${String(e.stack)} ${JSON.stringify({ ...e, cause: undefined })}`;
    } catch {
      text += ` ${String(e.message)}`;
    }
  }
  return text;
}

/** The rules a cell broke, as sentences; empty when it behaved. */
export function judge(stack: Stack, r: CellResult): string[] {
  const { endpoint, fault, pre, settled } = r;
  const how = describeSettled(settled);
  const broken: string[] = [];
  const control = stack.sandbox.control;
  if (settled.kind === 'hang') broken.push(`did not settle within ${boundOf(endpoint)} ms`);
  if (settled.kind === 'error' && !(settled.error instanceof FarewayError))
    broken.push(`threw a non-FarewayError: ${how}`);
  if (settled.kind === 'ok' && !validValue(endpoint, settled.value, pre))
    broken.push('resolved with an invalid result');
  if (settled.kind === 'error') {
    // The key never; passenger data may come back inside a body the service sent, so only logs are checked for it.
    if (errorText(settled.error).includes(stack.sandbox.apiKey)) broken.push('the error holds the API key');
  }

  if (endpoint === 'book') {
    const booking = control.getBooking(pre.booking_id!)!;
    const sent = control
      .requests()
      .filter((q) => q.endpoint === 'book' && q.path.includes(pre.booking_id!)).length;
    const retrieves = stack.proxy.forwarded(cellName(endpoint, fault), 'retrieve').length;
    if (sent > 1) broken.push(`double booking: ${sent} book requests reached the service`);
    if (booking.debits.length > 1) broken.push(`double debit: ${booking.debits.length} debits`);
    if (
      settled.kind === 'error' &&
      settled.error instanceof BookingFailedError &&
      booking.status !== 'failed'
    )
      broken.push(`reported failed while the service says ${booking.status}`);
    // The service confirmed: the call returned that PNR — or, when the book reached the service
    // only after the call's budget was spent (delay-forward: 2.5 s against a 1.5 s timeout, plus
    // settling's 1 s floor), said the outcome is unknown (do not book again), never anything else.
    const lateCommit =
      fault === 'delay-forward' &&
      settled.kind === 'error' &&
      settled.error instanceof BookingOutcomeUnknownError;
    if (
      booking.status === 'confirmed' &&
      !lateCommit &&
      !(settled.kind === 'ok' && (settled.value as { pnr?: string }).pnr === booking.pnr)
    )
      broken.push(`the service confirmed ${booking.pnr} but the call ${how}`);
    if (settled.kind === 'ok' && booking.status !== 'confirmed')
      broken.push(`resolved while the service says ${booking.status}`);
    if (UNKNOWN_ON_BOOK.includes(fault) && sent === 0) {
      if (retrieves < 1) broken.push('unknown outcome not reconciled by retrieving');
      if (!(settled.kind === 'error' && settled.error instanceof BookingOutcomeUnknownError))
        broken.push(`unknown outcome on a bookable booking ended as: ${how}`);
    }
    if (fault === 'envelope-500') {
      if (retrieves !== 1)
        broken.push(`a 500 with the envelope should be decided by one retrieve, not ${retrieves}`);
      if (settled.kind === 'error' && settled.error instanceof BookingOutcomeUnknownError)
        broken.push('a 500 with the envelope ended as outcome unknown');
    }
  }

  if (endpoint === 'createBooking') {
    const drafts = draftsOf(stack, pre.trace_id!);
    if (drafts > 1) broken.push(`one create call made ${drafts} drafts`);
    const attempts = stack.proxy
      .records()
      .filter((q) => q.cell === cellName(endpoint, fault) && q.endpoint === 'createBooking').length;
    if (UNKNOWN_ON_CREATE.includes(fault) && attempts > 1)
      broken.push(`create was re-sent after an outcome it could not know (${attempts} attempts)`);
    if (settled.kind === 'ok') {
      const id = (settled.value as { booking_id: string }).booking_id;
      if (control.getBooking(id)?.traceId !== pre.trace_id)
        broken.push('returned a booking of another trace');
    }
    if (settled.kind === 'error' && drafts === 1) {
      const message = (settled.error as Error).message ?? '';
      if (!message.includes(pre.trace_id!) || !/may (already )?exist|may have been created/i.test(message))
        broken.push(
          `a draft exists but the error does not name the trace and say a booking may exist: ${how}`,
        );
    }
  }
  return broken;
}
