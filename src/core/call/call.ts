/**
 * One SDK call (`fareway.bookings.book(...)`), however many requests it makes: the `Call` that
 * owns its context, and the promise the caller gets back, with `.withResponse()` and
 * `.asResponse()`. A call's context is held by the call itself, never by the caller's options:
 * its settings (timeout, signal, retries, per-call headers, taken once from the options), and what
 * it saw (attempts, waits, answers). The requester creates it (core/call/requester.ts `operation`) and
 * hands it down explicitly; every request of the call, follow-ups included (book's reconcile
 * reads, create's settling list), runs in it or in a child of it, and reports to it. The span of
 * the call (core/call/tracing.ts) and its log lines are fed from it: one place where a call is observed.
 */
import { ResponseValidationError } from '../../errors.js';
import type { HttpResponse } from '../wire/transport.js';

/** What a call takes from its per-call options (already checked by resources/check-call.ts). */
export interface CallSettings {
  readonly timeout?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly maxRetries?: number | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

const NO_SETTINGS: CallSettings = Object.freeze({});

/**
 * The settings in a caller's per-call options. Read once, defensively: options that are not a
 * plain readable object give none (the method's own check refuses them before anything is sent).
 */
export function settingsOf(options: unknown): CallSettings {
  if (options === undefined || options === null || typeof options !== 'object') return NO_SETTINGS;
  try {
    const { timeout, signal, maxRetries, headers } = options as Record<string, unknown>;
    if (timeout === undefined && signal === undefined && maxRetries === undefined && headers === undefined)
      return NO_SETTINGS;
    const out: { -readonly [K in keyof CallSettings]: CallSettings[K] } = {};
    if (typeof timeout === 'number') out.timeout = timeout;
    if (signal instanceof AbortSignal) out.signal = signal;
    // A step that must outlive its parent's signal (book's reconcile reads) says so explicitly.
    else if (signal === undefined && 'signal' in options) out.signal = undefined;
    if (typeof maxRetries === 'number') out.maxRetries = maxRetries;
    if (headers !== null && typeof headers === 'object') out.headers = headers as Record<string, string>;
    return out;
  } catch {
    return NO_SETTINGS;
  }
}

/**
 * A 2xx answer as a call keeps it: the fetch `Response` (body read) and the request id; the body
 * text only when `.asResponse()` was asked for (a search answer is megabytes: a promise kept
 * around must not keep it alive), the parsed body otherwise (the caller holds it anyway).
 */
export interface KeptAnswer {
  response: Response;
  requestId: string | undefined;
  text?: string;
  data: unknown;
}

/** One call: its settings and what it saw (every 2xx exchange, its resends and its waits). */
export class Call {
  /** 2xx answers in arrival order (one per request that produced data). */
  readonly answers: KeptAnswer[] = [];
  /** Set by `.asResponse()`: keep the body text of the answers that arrive from now on. */
  keepText = false;
  /** Attempts after the first of each request (p-retry's repeats). */
  resends = 0;
  /** Time spent waiting for the rate limiter, ms. */
  rateLimitWaitMs = 0;
  /** The status of the last response, 2xx or not. */
  status: number | undefined;
  /** The request id of the last response. */
  requestId: string | undefined;

  constructor(
    readonly settings: CallSettings = NO_SETTINGS,
    /** The call this one is a step of (bookFlight's steps, book's reads): it sees what this one sees. */
    readonly parent?: Call,
  ) {}

  /**
   * A step of this call (a nested method call or a follow-up request): this call's settings, its
   * signal and headers included, with `overrides` on top; what the step sees is reported here too.
   */
  child(overrides: CallSettings = NO_SETTINGS): Call {
    return new Call(overrides === NO_SETTINGS ? this.settings : { ...this.settings, ...overrides }, this);
  }

  answered(answer: HttpResponse): void {
    const { response, requestId, data } = answer;
    let keep = this.keepText;
    for (let c = this.parent; c && !keep; c = c.parent) keep = c.keepText;
    this.adopt(keep ? { response, requestId, text: answer.text, data } : { response, requestId, data });
  }
  /** Records an answer this call did not request itself (a joined book, a cached autocomplete). */
  adopt(answer: KeptAnswer): void {
    this.answers.push(answer);
    this.parent?.adopt(answer);
  }
  attempted(attempt: number): void {
    if (attempt > 1) this.resends++;
    this.parent?.attempted(attempt);
  }
  waited(ms: number): void {
    this.rateLimitWaitMs += ms;
    this.parent?.waited(ms);
  }
  responded(status: number, requestId: string | undefined): void {
    this.status = status;
    this.requestId = requestId;
    this.parent?.responded(status, requestId);
  }

  /** The answer that produced `data`: the one with its request id, else the last one. */
  answerOf(data: unknown): KeptAnswer | undefined {
    const id =
      data !== null && typeof data === 'object' ? (data as { requestId?: unknown }).requestId : undefined;
    if (typeof id === 'string') {
      for (let i = this.answers.length - 1; i >= 0; i--)
        if (this.answers[i]!.requestId === id) return this.answers[i];
    }
    return this.answers.at(-1);
  }
}

/**
 * A 2xx answer as a fresh `Response` whose body can be read: the text as it came, or (when
 * `.asResponse()` was asked for only after the answer arrived) its parsed body serialised again.
 */
function rawResponse(answer: KeptAnswer): Response {
  const { response } = answer;
  return new Response(answer.text ?? JSON.stringify(answer.data), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** The response of a call that made no request: 200, the data as JSON. */
function localResponse(data: unknown): Response {
  return new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
}

/**
 * What every method that returns one answer returns: a promise of the data, plus
 * - `.withResponse()`: the data and the fetch `Response` that produced it (status and headers
 *   readable, body already read);
 * - `.asResponse()`: the raw response, not checked against the contract (its body readable; ask
 *   for it on the promise the method returns, before it settles, to get the body as it came).
 * A call answered without a request (an autocomplete under 2 characters) gets a response built
 * here: status 200, the data as its JSON body, no `x-request-id`.
 */
export class FarewayPromise<T> extends Promise<T> {
  /** Derived promises (`.then`, `.catch`) are plain Promises. */
  static override get [Symbol.species]() {
    return Promise;
  }
  #call: Call | undefined;
  #started: Promise<T> | undefined;
  /** Set on a lazy promise until it is first awaited (`then`): starts the call. */
  #start: (() => void) | undefined;

  /**
   * The promise of `call`, running `run`: at once, or (`lazy`) only when it is first awaited,
   * iterated or asked for its response (a list sends nothing until then).
   * @internal
   */
  static create<T, P extends FarewayPromise<T>>(
    this: new (executor: (resolve: (value: T) => void, reject: (reason: unknown) => void) => void) => P,
    call: Call,
    run: () => Promise<T>,
    lazy = false,
  ): P {
    let settle!: { resolve: (value: T) => void; reject: (reason: unknown) => void };
    const promise = new this((resolve, reject) => {
      settle = { resolve, reject };
    });
    promise.#call = call;
    const start = () => {
      promise.#start = undefined;
      let started: Promise<T>;
      try {
        started = run();
      } catch (error) {
        // Whatever threw before the call's first await (a tracer provider, say) rejects the call.
        started = Promise.reject(error);
      }
      promise.#started = started;
      started.then(settle.resolve, settle.reject);
    };
    if (lazy) promise.#start = start;
    else start();
    return promise;
  }

  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    this.#start?.();
    return super.then(onfulfilled, onrejected);
  }

  /** The data and the `Response` of the request that produced it. */
  async withResponse(): Promise<{ data: T; response: Response }> {
    const data = await this;
    return { data, response: this.#call?.answerOf(data)?.response ?? localResponse(data) };
  }

  /** The raw response of the call, not checked against the contract. HTTP errors still throw. */
  async asResponse(): Promise<Response> {
    const call = this.#call;
    if (call) call.keepText = true;
    this.#start?.();
    // The caller awaits this, not the data promise: its rejection is reported here, once.
    this.catch(() => undefined);
    try {
      const data = await (this.#started ?? this);
      const answer = call?.answerOf(data);
      return answer ? rawResponse(answer) : localResponse(data);
    } catch (error) {
      // A 2xx the contract check refused: the raw answer is exactly what was asked for.
      const last = call?.answers.at(-1);
      if (error instanceof ResponseValidationError && last) return rawResponse(last);
      throw error;
    }
  }
}
/** The class keeps its name in minified bundles (see errors.ts). */
Object.defineProperty(FarewayPromise, 'name', { value: 'FarewayPromise' });
