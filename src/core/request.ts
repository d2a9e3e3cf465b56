import type { Limiter, Ticket } from './limiter.js';
import type { Hooks, Logger, RequestOptions } from './options.js';
import { safeHook } from './events.js';
import { bucketOf } from '../schemas/vocabulary.js';
import { withRetries } from './retry.js';
import { classifyFailure, type CallTrace } from './failure.js';
import type { HttpRequest, HttpResponse, Transport } from './transport.js';
import { pathOf, type EndpointDeclaration } from '../schemas/endpoints.js';
import { readAnswer } from './reader.js';
import { FarewayPromise, scopeOf, withScope } from './operation.js';
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
   * `operation`, e.g. `bookings.book`) or a named composite call (`'bookFlight'`). Its span, and
   * the promise with `.withResponse()` / `.asResponse()`. `run` gets the options carrying the
   * call's scope, which every request of the call reports to.
   */
  operation<T, O extends RequestOptions>(
    what: EndpointDeclaration | string,
    options: O | undefined,
    run: (options: O) => Promise<T>,
  ): FarewayPromise<T> {
    const { options: scoped, scope } = withScope(options);
    const declaration = typeof what === 'string' ? undefined : what;
    const name = declaration ? declaration.operation : (what as string);
    return FarewayPromise.of(scope, () => this.tracing.span(name, declaration, scope, () => run(scoped)));
  }

  /**
   * Executes a declared endpoint (schemas/endpoints.ts): builds the request from the declaration,
   * sends it through retry, limiter and transport, and reads the answer with the declaration's
   * reader rules (or with `read`, for the search's own reader).
   */
  async call<T, R = T>(
    declaration: EndpointDeclaration<T>,
    input: CallInput,
    options: RequestOptions = {},
    extra: { trace?: CallTrace; read?: (response: HttpResponse, req: HttpRequest) => R } = {},
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
    const response = await this.send(req, options, extra.trace);
    const data = extra.read
      ? extra.read(response, req)
      : (readAnswer(this.config, declaration.answer, response, req, ids) as unknown as R);
    return { data, response };
  }

  /** `trace`, when given, records whether an attempt got past the limiter (see failure.ts). */
  async send(req: HttpRequest, options: RequestOptions = {}, trace?: CallTrace): Promise<HttpResponse> {
    const { logger, hooks } = this.config;
    const bucket = bucketOf(req.endpoint);
    const timeout = options.timeout ?? this.config.timeout;
    const path = req.path;
    const scope = scopeOf(options);
    const attemptOnce = async (attempt: number): Promise<HttpResponse> => {
      const queued = performance.now();
      // The limiter hands a ticket: the wire's send and answer times anchor its token.
      const run = async (ticket?: Ticket) => {
        const started = performance.now();
        const waitMs = Math.round(started - queued);
        scope?.waited(started - queued);
        scope?.attempted(attempt);
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
          const response = await this.transport.send(req, {
            timeout,
            signal: options.signal,
            headers: options.headers,
            onSent: ticket && ((at) => ticket.sent(at)),
            onAnswered: ticket && ((at) => ticket.answered(at)),
          });
          this.#responded(req, attempt, response.status, response.requestId, started);
          scope?.responded(response.status, response.requestId);
          scope?.answered(response);
          return response;
        } catch (error) {
          // Refused before the wire (bad input, refused connection, pre-aborted): the token may come back.
          if (classifyFailure(error, req.endpoint).sent === 'no') ticket?.notSent();
          const status = (error as { status?: number }).status;
          if (typeof status === 'number' && status > 0) {
            this.#responded(req, attempt, status, (error as { requestId?: string }).requestId, started);
            scope?.responded(status, (error as { requestId?: string }).requestId);
          }
          throw error;
        }
      };
      return bucket ? this.limiter.schedule(bucket, run, { signal: options.signal }) : run();
    };

    return withRetries(attemptOnce, {
      endpoint: req.endpoint,
      maxRetries: options.maxRetries ?? this.config.maxRetries,
      signal: options.signal,
      baseDelayMs: this.config.retryBaseDelayMs,
      maxDelayMs: this.config.retryMaxDelayMs,
      maxRetryAfterMs: this.config.maxRetryAfterMs,
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
