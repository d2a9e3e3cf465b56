/**
 * One SDK call (`fareway.bookings.book(...)`), however many requests it makes: the scope that the
 * requester reports each attempt to, and the promise the caller gets back, with
 * `.withResponse()` and `.asResponse()`. The span of the call (core/tracing.ts) and its log lines
 * are fed from the same scope, so there is one place where a call is observed.
 */
import { ResponseValidationError } from '../errors.js';
import type { RequestOptions } from './options.js';
import type { HttpResponse } from './transport.js';

/** Where a call's options carry its scope (a symbol: never a wire option, never validated as one). */
export const SCOPE: unique symbol = Symbol('fareway.call');

/**
 * A 2xx answer as a call keeps it: the fetch `Response` (body read) and the request id; the body
 * text only when `.asResponse()` was asked for (a search answer is megabytes: a promise kept
 * around must not keep it alive), the parsed body otherwise (the caller holds it anyway).
 */
interface KeptAnswer {
  response: Response;
  requestId: string | undefined;
  text?: string;
  data: unknown;
}

/** What a call saw: every 2xx exchange, its resends and its waits. */
export class CallScope {
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

  constructor(readonly parent: CallScope | undefined) {}

  answered(answer: HttpResponse): void {
    const { response, requestId } = answer;
    this.answers.push(
      this.keepText
        ? { response, requestId, text: answer.text, data: answer.data }
        : { response, requestId, data: answer.data },
    );
    this.parent?.answered(answer);
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

/** The scope a call's options carry, if any. */
export function scopeOf(options: RequestOptions | undefined): CallScope | undefined {
  return (options as { [SCOPE]?: CallScope } | undefined)?.[SCOPE];
}

/** `options` in the call that `from` belongs to (for a call's own follow-up requests). */
export function inScopeOf<O extends RequestOptions>(from: RequestOptions | undefined, options: O): O {
  const scope = scopeOf(from);
  return scope ? { ...options, [SCOPE]: scope } : options;
}

/** The options with a new scope (a child of the scope they already carry). */
export function withScope<O extends RequestOptions>(
  options: O | undefined,
): { options: O; scope: CallScope } {
  const scope = new CallScope(options !== null && typeof options === 'object' ? scopeOf(options) : undefined);
  if (options === undefined) return { options: { [SCOPE]: scope } as unknown as O, scope };
  // Anything but a plain readable object is left as it is, for the method's own check to refuse.
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return { options, scope };
  try {
    return { options: { ...options, [SCOPE]: scope }, scope };
  } catch {
    return { options, scope };
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
  static override get [Symbol.species]() {
    return Promise;
  }
  #scope: CallScope | undefined;
  #started: Promise<T> | undefined;

  /** @internal */
  static of<T>(scope: CallScope, run: () => Promise<T>): FarewayPromise<T> {
    const started = run();
    const promise = new FarewayPromise<T>((resolve, reject) => {
      started.then(resolve, reject);
    });
    promise.#scope = scope;
    promise.#started = started;
    return promise;
  }

  /** The data and the `Response` of the request that produced it. */
  async withResponse(): Promise<{ data: T; response: Response }> {
    const data = await this;
    return { data, response: this.#scope?.answerOf(data)?.response ?? localResponse(data) };
  }

  /** The raw response of the call, not checked against the contract. HTTP errors still throw. */
  async asResponse(): Promise<Response> {
    const scope = this.#scope;
    if (scope) scope.keepText = true;
    // The caller awaits this, not the data promise: its rejection is reported here, once.
    this.catch(() => undefined);
    try {
      const data = await (this.#started ?? this);
      const answer = scope?.answerOf(data);
      return answer ? rawResponse(answer) : localResponse(data);
    } catch (error) {
      // A 2xx the contract check refused: the raw answer is exactly what was asked for.
      const last = scope?.answers.at(-1);
      if (error instanceof ResponseValidationError && last) return rawResponse(last);
      throw error;
    }
  }
}
/** The class keeps its name in minified bundles (see errors.ts). */
Object.defineProperty(FarewayPromise, 'name', { value: 'FarewayPromise' });
