import type { Limiter, Ticket } from '../limiter/limiter.js';
import type { Hooks, Logger } from '../options/options.js';
import { safeHook } from '../observe/events.js';
import { bucketOf } from '../../schemas/plain/vocabulary.js';
import { withRetries } from './retry.js';
import { classifyFailure, markNotSent, QueueTimeout, type CallTrace } from '../wire/failure.js';
import type { HttpRequest, HttpResponse, Transport } from '../wire/transport.js';
import { pathOf, type EndpointDeclaration } from '../../schemas/endpoints.js';
import { readAnswer } from './reader.js';
import { Call, FarewayPromise, settingsOf } from './call.js';
import type { Tracing } from './tracing.js';

/** One call of a declared endpoint: its path parameter, query, body and the ids its errors carry. */
export interface CallInput {
  booking_id?: string;
  query?: HttpRequest['query'];
  body?: unknown;
  /** Ids attached to errors and drift reports (the booking_id is added by itself). */
  ids?: { trace_id?: string; booking_id?: string };
}

interface RequesterConfig {
  timeout: number;
  maxRetries: number;
  maxRetryAfterMs: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  logger: Logger;
  hooks: Hooks;
}

/**
 * The signal a queued attempt waits under: the caller's, plus the rest of the call's timeout.
 * `done()` (the token came, or the wait ended) drops the timer.
 */
function queueBound(bucket: string, leftMs: number, timeout: number, signal: AbortSignal | undefined) {
  const controller = new AbortController();
  const expire = () =>
    controller.abort(
      markNotSent(
        new QueueTimeout(
          `No '${bucket}' rate-limit token within the call's timeout (${timeout} ms); nothing was sent`,
        ),
      ),
    );
  const timer = leftMs > 0 ? setTimeout(expire, leftMs) : undefined;
  if (timer === undefined) expire();
  const both = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
  return { signal: both, done: () => clearTimeout(timer) };
}

/**
 * The call pipeline: retry (p-retry) → limiter (sliding-window log) → transport (ky). Every attempt
 * takes its own token. Hooks and logs see endpoint, path, attempt, status and request id only.
 */
export class Requester {
  constructor(
    private readonly transport: Transport,
    private readonly limiter: Limiter,
    private readonly config: RequesterConfig,
    private readonly tracing: Tracing,
  ) {}

  /**
   * One SDK call, however many requests it makes: the call of a declared endpoint's method (its
   * `operation`, e.g. `bookings.book`) or a named composite call (`'bookFlight'`). Creates the
   * call's `Call` (its settings from `options`, read once; a step of `parent` when given), its
   * span, and the promise with `.withResponse()` / `.asResponse()`. `run` gets the call: every
   * request of the call is sent in it (`call`, `send`), or in a child of it.
   */
  operation<T>(
    what: EndpointDeclaration | string,
    options: unknown,
    run: (call: Call) => Promise<T>,
    parent?: Call,
  ): FarewayPromise<T> {
    return this.#operation(
      (c, r) => FarewayPromise.create<T, FarewayPromise<T>>(c, r),
      what,
      options,
      run,
      parent,
    );
  }

  /** `operation` with a promise of its own kind (a list's lazy `PagePromise`, `kind` creates it). */
  lazyOperation<T, P extends FarewayPromise<T>>(
    kind: (call: Call, run: () => Promise<T>) => P,
    what: EndpointDeclaration,
    options: unknown,
    run: (call: Call) => Promise<T>,
  ): P {
    return this.#operation(kind, what, options, run, undefined);
  }

  #operation<T, P extends FarewayPromise<T>>(
    kind: (call: Call, run: () => Promise<T>) => P,
    what: EndpointDeclaration | string,
    options: unknown,
    run: (call: Call) => Promise<T>,
    parent: Call | undefined,
  ): P {
    const settings = settingsOf(options);
    const call = parent ? parent.child(settings) : new Call(settings);
    const declaration = typeof what === 'string' ? undefined : what;
    const name = declaration ? declaration.operation : (what as string);
    return kind(call, () => this.tracing.span(name, declaration, call, () => run(call)));
  }

  /**
   * Executes a declared endpoint (schemas/endpoints.ts): builds the request from the declaration,
   * sends it through retry, limiter and transport, and reads the answer with the declaration's
   * reader rules (or with `read`, for the search's own reader).
   */
  async call<T, R = T>(
    declaration: EndpointDeclaration<T>,
    input: CallInput,
    call: Call,
    extra: {
      trace?: CallTrace;
      read?: (response: HttpResponse, req: HttpRequest) => R;
      /** Runs as each attempt is about to leave (after its token); a throw there sends nothing. */
      beforeSend?: () => void;
      /**
       * Runs before re-sending after an attempt that may have reached the service (not after a
       * 429 or a failure before sending); false: not re-sent, that attempt's error is thrown.
       */
      beforeResend?: (error: Error) => Promise<boolean>;
    } = {},
  ): Promise<{ data: R; response: HttpResponse }> {
    const ids = { ...(input.booking_id !== undefined ? { booking_id: input.booking_id } : {}), ...input.ids };
    const req: HttpRequest = {
      endpoint: declaration.name,
      method: declaration.method,
      path: pathOf(declaration, input),
      auth: declaration.auth,
      ...(input.query ? { query: input.query } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(Object.keys(ids).length ? { context: ids } : {}),
    };
    const response = await this.send(req, call, extra.trace, extra.beforeSend, extra.beforeResend);
    const data = extra.read
      ? extra.read(response, req)
      : (readAnswer(this.config, declaration.answer, response, req, ids) as unknown as R);
    return { data, response };
  }

  /** `trace`, when given, records whether an attempt got past the limiter (see failure.ts). */
  async send(
    req: HttpRequest,
    call: Call,
    trace?: CallTrace,
    beforeSend?: () => void,
    beforeResend?: (error: Error) => Promise<boolean>,
  ): Promise<HttpResponse> {
    const { logger, hooks } = this.config;
    const bucket = bucketOf(req.endpoint);
    const {
      signal,
      headers,
      timeout = this.config.timeout,
      maxRetries = this.config.maxRetries,
    } = call.settings;
    const path = req.path;
    // The call's queue waits (every attempt's together) end within its timeout: a call that gets
    // no token by then sends nothing and says so (APITimeoutError, not retried).
    const queueUntil = performance.now() + timeout;
    const attemptOnce = async (attempt: number): Promise<HttpResponse> => {
      const queued = performance.now();
      const bound = bucket ? queueBound(bucket, queueUntil - queued, timeout, signal) : undefined;
      // The limiter hands a ticket: the wire's send and answer times anchor its token.
      const run = async (ticket?: Ticket) => {
        bound?.done();
        const started = performance.now();
        const waitMs = Math.round(started - queued);
        call.waited(started - queued);
        call.attempted(attempt);
        if (trace) trace.attempted = true;
        if (hooks.onRequest)
          safeHook(logger, () =>
            hooks.onRequest?.({ endpoint: req.endpoint, method: req.method, path, attempt }),
          );
        logger.debug?.(`→ ${req.method} ${path}`, {
          endpoint: req.endpoint,
          attempt,
          rateLimitWaitMs: waitMs,
        });
        try {
          beforeSend?.();
          const response = await this.transport.send(req, {
            timeout,
            signal,
            headers,
            onSent: ticket && ((at) => ticket.sent(at)),
            onAnswered: ticket && ((at) => ticket.answered(at)),
          });
          this.#responded(req, attempt, response.status, response.requestId, started);
          call.responded(response.status, response.requestId);
          call.answered(response);
          return response;
        } catch (error) {
          // Refused before the wire (bad input, refused connection, pre-aborted): the token may come back.
          if (classifyFailure(error, req.endpoint).sent === 'no') ticket?.notSent();
          const status = (error as { status?: number }).status;
          if (typeof status === 'number' && status > 0) {
            this.#responded(req, attempt, status, (error as { requestId?: string }).requestId, started);
            call.responded(status, (error as { requestId?: string }).requestId);
          }
          throw error;
        }
      };
      if (!bucket || !bound) return run();
      return this.limiter.schedule(bucket, run, { signal: bound.signal }).finally(bound.done);
    };

    return withRetries(attemptOnce, {
      endpoint: req.endpoint,
      maxRetries,
      signal,
      baseDelayMs: this.config.retryBaseDelayMs,
      maxDelayMs: this.config.retryMaxDelayMs,
      maxRetryAfterMs: this.config.maxRetryAfterMs,
      ...(beforeResend ? { beforeResend } : {}),
      onRetry: ({ error, attempt, delayMs, kind }) => {
        const requestId = (error as { requestId?: string }).requestId;
        if (kind === 'rate-limited' && bucket) {
          this.limiter.pause(bucket, delayMs);
          safeHook(logger, () =>
            hooks.onRateLimited?.({
              endpoint: req.endpoint,
              method: req.method,
              path,
              attempt,
              bucket,
              requestId,
              pauseMs: delayMs,
            }),
          );
        }
        logger.info?.(`retrying ${req.method} ${path} in ${delayMs} ms after ${error.name}`, {
          endpoint: req.endpoint,
          attempt,
          requestId,
          // The class, the stable code and the status; never the message, which may quote the
          // service's detail (and so, some day, a partner's input).
          status: (error as { status?: number }).status,
          code: (error as { code?: string }).code,
          systemCode: (error as { systemCode?: string }).systemCode,
        });
        safeHook(logger, () =>
          hooks.onRetry?.({
            endpoint: req.endpoint,
            method: req.method,
            path,
            attempt,
            error,
            requestId,
            delayMs,
          }),
        );
      },
    });
  }

  #responded(
    req: HttpRequest,
    attempt: number,
    status: number,
    requestId: string | undefined,
    started: number,
  ) {
    if (!this.config.logger.debug && !this.config.hooks.onResponse) return;
    const durationMs = Math.round(performance.now() - started);
    this.config.logger.debug?.(`← ${status} ${req.method} ${req.path}`, {
      status,
      requestId,
      attempt,
      durationMs,
    });
    safeHook(this.config.logger, () =>
      this.config.hooks.onResponse?.({
        endpoint: req.endpoint,
        method: req.method,
        path: req.path,
        attempt,
        status,
        requestId,
        durationMs,
      }),
    );
  }
}
