import { SERVICE } from '../../schemas/endpoints.js';
import type { ClientContext } from '../../core/state/context.js';
import type { Call } from '../../core/call/call.js';
import { classifyFailure, traceCall } from '../../core/wire/failure.js';
import { safeHook } from '../../core/observe/events.js';
import { poll } from '../../core/call/retry.js';
import { CreateOutcomeUnknownError, type UpstreamError } from '../../errors.js';
import { type CreateBookingResponse, type RetrieveBookingResponse } from '../../schemas/booking.js';
import type { PaxCount } from '../../schemas/common.js';
import { ledgerOf, type CreateCall } from './create-ledger.js';
import { lookForOwnBooking, type CallInfo, type Found, type OwnBooking, type Proof } from './create-match.js';
import { sharedCreates, type CreateState, type SharedCreates } from './create-claims.js';

/**
 * create-booking locks fares with the airline: it is never re-sent where the service may have
 * acted. The retry layer repeats it only after a 429 or a connection refused before sending; any
 * other failure is resolved here by reading: the newest bookings are listed and the one this call
 * made — same trace_id, same result indices, created during the call, not another create's — is
 * adopted (create-match.ts). When the service answered in its own envelope and made nothing:
 * a 502 is re-sent once (spec §7: "often transient, retry once"), any other status is thrown. When
 * the outcome cannot be decided, CreateOutcomeUnknownError names the trace_id and says a booking
 * may exist. The caller's abort: before the attempt left (a pre-aborted signal, or while queued for
 * the rate limit) it is the plain abort; once it may have reached the service, or while its outcome
 * is being read, CreateOutcomeUnknownError at once (the abort as its cause), and nothing more is
 * read: the caller asked to stop, and the trace_id is how to find the booking later.
 */

/** What a create call ended with: the service's answer, or its own booking found by reading. */
type CreateOutcome = ({ kind: 'made'; data: CreateBookingResponse } | ({ kind: 'adopted' } & OwnBooking)) & {
  requestId: string | undefined;
  receivedAt: number;
};

/**
 * Sends create-booking and settles every failure by reading (see above). `params` are the
 * checked wire fields. The one re-send (an enveloped 502 that made nothing) runs on p-retry like
 * every repeated attempt (core/call/retry.ts `poll`, no delay: the service already answered).
 */
export async function sendCreate(
  ctx: ClientContext,
  params: { trace_id: string; result_indices: string[] },
  op: Call,
): Promise<CreateOutcome> {
  const ledger = ledgerOf(ctx);
  const entry = ledger.begin(params.trace_id);
  const call: CallInfo = {
    traceId: params.trace_id,
    indices: params.result_indices,
    startedAtMs: ctx.clock.wallNow(), // compared with the service's created_at
  };
  // Across instances: Redis when configured (create-claims.ts); else the ledger, or no proof.
  const shared = await sharedCreates(ctx, params.trace_id, params.result_indices);
  const proof: Proof = shared ?? (ctx.createAdoption === 'shared-store' ? 'none' : 'ledger');
  let ended: CreateState = 'unknown';
  const mayResend = (op.settings.maxRetries ?? ctx.maxRetries) > 0;
  const { signal } = op.settings;
  const attempt = async (n: number): Promise<CreateOutcome | undefined> => {
    ledger.sending(entry);
    await shared?.mark('wire'); // before the request leaves: a create settling elsewhere waits for its answer
    // Per attempt: a re-send aborted while still queued sent nothing (the first one made nothing).
    const trace = traceCall(signal);
    try {
      const { data, response } = await ctx.requester.call(
        SERVICE.createBooking,
        { body: params, ids: { trace_id: params.trace_id } },
        op,
        { trace },
      );
      ledger.claim(data.booking_id); // before `answered`: a create waiting on this one must see it
      await claimAnswered(ctx, shared, data.booking_id);
      ended = 'held';
      return { kind: 'made', data, requestId: response.requestId, receivedAt: response.receivedAt };
    } catch (error) {
      ledger.answered(entry);
      ended = 'unknown';
      await shared?.mark('failed');
      const failure = classifyFailure(error, 'createBooking', trace);
      const requestId = requestIdOf(error);
      if (signal?.aborted && failure.sent !== 'no')
        throw abortedAfterSending(ctx, call, signal.reason, requestId);
      if (failure.reconcile === 'no') {
        ended = 'none'; // refused, or never sent: nothing was made
        throw error;
      }
      let found: Found;
      try {
        found = await resolveCreate(ctx, call, entry, failure.reconcile, op, proof);
      } catch (settling) {
        if (signal?.aborted) throw abortedAfterSending(ctx, call, signal.reason, requestId);
        throw settling;
      }
      if (found.kind === 'mine') {
        ctx.logger.info?.(
          `create-booking for trace ${call.traceId} had made booking ${found.booking.booking_id}`,
          { trace_id: call.traceId, booking_id: found.booking.booking_id },
        );
        ended = 'held';
        return { ...found, kind: 'adopted' };
      }
      if (found.kind === 'unknown')
        throw new CreateOutcomeUnknownError(call.traceId, found.candidates, { cause: error, requestId });
      // The service finished and this call made nothing: creating again is safe.
      ended = 'none';
      if (n > 1 || failure.retry !== 'once-if-nothing-made' || !mayResend) throw error;
      announceResend(ctx, error as UpstreamError);
      return undefined;
    }
  };
  try {
    const outcome = await poll(attempt, { looks: 2, firstDelayMs: 0, maxDelayMs: 0 });
    if (outcome === undefined) throw new Error('unreachable: the re-sent create settles'); // the second attempt never looks again
    return outcome;
  } finally {
    ledger.end(entry);
    await shared?.mark(ended);
  }
}

/**
 * The service's answer made this booking: claim it for this call in the shared store, so no
 * settling create elsewhere adopts it. A claim already taken (an instance adopted it while the
 * store missed this call's attempt) does not change whose it is: the answer proves it; warned.
 */
async function claimAnswered(
  ctx: ClientContext,
  shared: SharedCreates | undefined,
  id: string,
): Promise<void> {
  let held: boolean;
  try {
    held = (await shared?.claim(id)) ?? true;
  } catch {
    return; // the store is away: the state `held` is written when it answers again, if it does
  }
  if (!held)
    ctx.logger.warn?.(`booking ${id} made by this create was claimed by another create; it is this call's`, {
      booking_id: id,
    });
}

/** The caller aborted once the create may have reached the service: a booking may exist. */
function abortedAfterSending(
  ctx: ClientContext,
  call: CallInfo,
  reason: unknown,
  requestId: string | undefined,
): CreateOutcomeUnknownError {
  ctx.logger.warn?.(
    `create-booking for trace ${call.traceId} was aborted by the caller after it was sent; a booking may exist (list bookings for this trace_id)`,
    { trace_id: call.traceId },
  );
  return new CreateOutcomeUnknownError(call.traceId, [], { cause: reason, requestId });
}

/** The `X-Request-Id` of the attempt's answer, when one came (a cut 2xx body, an envelope, a proxy page with one). */
function requestIdOf(error: unknown): string | undefined {
  const id = (error as { requestId?: unknown } | null)?.requestId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function announceResend(ctx: ClientContext, error: UpstreamError): void {
  const req = {
    endpoint: SERVICE.createBooking.name,
    method: SERVICE.createBooking.method,
    path: SERVICE.createBooking.template,
  };
  ctx.logger.info?.(
    `retrying ${req.method} ${req.path} once after ${error.name}: the service made no booking`,
    { endpoint: req.endpoint, attempt: 1, requestId: error.requestId },
  );
  safeHook(ctx.logger, () =>
    ctx.hooks.onRetry?.({
      endpoint: req.endpoint,
      method: req.method,
      path: req.path,
      attempt: 1,
      error,
      requestId: error.requestId,
      delayMs: 0,
    }),
  );
}

/**
 * Looks for the booking a failed attempt made: once after the service's own envelope (it
 * finished), up to three times, spaced, when the attempt may still land (timeout, reset, proxy
 * page, unreadable 2xx). `none` only when the service finished and the listing proves it. The
 * listings page back as deep as the look-back needs while `bookReconcile.timeoutMs` lasts.
 */
async function resolveCreate(
  ctx: ClientContext,
  call: CallInfo,
  entry: CreateCall,
  mode: 'once' | 'until-settled',
  op: Call,
  proof: Proof,
): Promise<Found> {
  ctx.logger.warn?.(
    `create-booking for trace ${call.traceId} was interrupted; looking for the booking it may have made`,
    { trace_id: call.traceId },
  );
  // The settling budget runs on the monotonic clock: a wall-clock jump neither cuts nor stretches it.
  const untilMs = performance.now() + ctx.bookReconcile.timeoutMs;
  const look = async (): Promise<Found | undefined> => {
    try {
      const found = await lookForOwnBooking(ctx, call, { ledger: ledgerOf(ctx), entry, proof }, untilMs, op);
      if (found.kind === 'mine' || (found.kind === 'unknown' && found.candidates.length > 0)) return found;
      if (found.kind === 'none' && mode === 'once') return found;
    } catch (error) {
      ctx.logger.info?.(
        `could not list bookings to resolve create for ${call.traceId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return undefined;
  };
  // Spaced 2·intervalMs, then 4·intervalMs (at most 2 s).
  const found = await poll(look, {
    looks: mode === 'once' ? 1 : 3,
    firstDelayMs: ctx.bookReconcile.intervalMs * 2,
    maxDelayMs: 2_000,
    signal: op.settings.signal,
  });
  return found ?? { kind: 'unknown', candidates: [] };
}

/**
 * An adopted booking's `pax_count`: the service's when get-booking sent one (spec §4.7 does not
 * list it), else the search's when this client knows the search; otherwise left absent, which the
 * adopted type allows.
 */
export function withPaxCount(
  booking: RetrieveBookingResponse,
  fromSearch: PaxCount | undefined,
): RetrieveBookingResponse {
  if (booking.pax_count == null && fromSearch) booking.pax_count = { ...fromSearch };
  return booking;
}
