import { Cache } from '../core/state/cache.js';
import type { ClientContext } from '../core/state/context.js';
import { withMeta } from '../core/state/context.js';
import type { RequestOptions } from '../core/options/options.js';
import { raceAbort } from '../core/wire/body.js';
import { SERVICE } from '../schemas/endpoints.js';
import { Call, type FarewayPromise } from '../core/call/call.js';
import type { HttpResponse } from '../core/wire/transport.js';
import { RequestValidationError } from '../errors.js';
import { runMethod } from './naming.js';
import type { AutocompleteResponse } from '../schemas/airport.js';

/** Longest query sent: a typeahead needs a few characters, not a paragraph. */
const MAX_QUERY_LENGTH = 100;

/**
 * `fareway.airports`: the typeahead. It is unauthenticated (the key is never sent), answers are
 * cached for the hour the service caches them, and identical queries in flight share one request.
 */
export class Airports {
  /** Answers with the response that brought them (`.withResponse()` of a cache hit gives it). */
  readonly #cache: Cache<string, Fetched>;
  readonly #inflight = new Map<string, Shared>();

  /** @internal The client builds it (`fareway.airports`). */
  static create(ctx: ClientContext): Airports {
    return new Airports(ctx);
  }

  /** Built by the client only (`fareway.airports`). */
  private constructor(private readonly ctx: ClientContext) {
    this.#cache = new Cache(ctx.autocompleteCacheSize, ctx.autocompleteCacheMs);
  }

  /**
   * Airports whose name, city or IATA code starts with `q`. Fewer than 2 characters: an empty
   * result, without a request.
   * @example
   * const { results } = await fareway.airports.autocomplete('del'); // [{ code: 'DEL', city: 'Delhi', … }]
   */
  autocomplete(q: string, options?: RequestOptions): FarewayPromise<AutocompleteResponse> {
    return runMethod(this.ctx, { endpoint: SERVICE.autocomplete }, options, (call) =>
      this.#autocomplete(q, call),
    );
  }

  async #autocomplete(q: string, call: Call): Promise<AutocompleteResponse> {
    if (typeof q !== 'string')
      throw new RequestValidationError([{ path: 'q', message: 'must be a string' }], 'Invalid autocomplete');
    const key = q.trim().toLowerCase();
    if (key.length > MAX_QUERY_LENGTH)
      throw new RequestValidationError(
        [{ path: 'q', message: `must be at most ${MAX_QUERY_LENGTH} characters` }],
        'Invalid autocomplete',
      );
    if (key.length < 2) return { results: [] };

    const cached = this.#cache.get(key);
    if (cached) return this.#answer(cached, call);

    // A caller with its own headers, timeout or retries sends its own request, in its own call.
    const { headers, timeout, maxRetries, signal } = call.settings;
    if (headers !== undefined || timeout !== undefined || maxRetries !== undefined)
      return this.#answer(await this.#fetch(key, call), call);

    let shared = this.#inflight.get(key);
    if (!shared) {
      // The shared request belongs to none of its callers: the client's settings, no caller's
      // signal (another caller may still want it), reported to each caller as its answer.
      const own = new Call();
      const promise = this.#fetch(key, own).finally(() => this.#inflight.delete(key));
      // Every caller may detach (abort) before it settles: the shared promise must never be
      // left without a handler, or its failure would be an unhandled rejection.
      promise.catch(() => undefined);
      shared = { promise, call: own };
      this.#inflight.set(key, shared);
    }
    try {
      return this.#answer(await (signal ? raceAbort(shared.promise, signal) : shared.promise), call);
    } finally {
      // What the shared request saw is each caller's too (its span's status code, its request id),
      // unless this caller left before it was answered.
      if (shared.call.status !== undefined && !signal?.aborted)
        call.responded(shared.call.status, shared.call.requestId);
    }
  }

  /** Forgets cached answers. */
  clearCache(): void {
    this.#cache.clear();
  }

  /** The caller's copy; its call reports the response that brought the answer. */
  #answer(fetched: Fetched, call: Call): AutocompleteResponse {
    // A request sent in this very call has reported its answer already.
    if (!call.answers.some((a) => a.response === fetched.response.response)) call.answered(fetched.response);
    return copyOf(fetched.data);
  }

  async #fetch(q: string, call: Call): Promise<Fetched> {
    const { data: read, response } = await this.ctx.requester.call(
      SERVICE.autocomplete,
      { query: { q } },
      call,
    );
    // Only the airports are kept (an unknown top-level field, however deep, is not cached).
    const data: AutocompleteResponse = { results: read.results };
    const fetched = { data: withMeta(data, { requestId: response.requestId }), response };
    this.#cache.set(q, fetched);
    return fetched;
  }
}

/** A request in flight shared by every caller of the same query, and the call it runs in. */
interface Shared {
  promise: Promise<Fetched>;
  call: Call;
}

interface Fetched {
  data: AutocompleteResponse;
  response: HttpResponse;
}

/** The caller's own copy (airports copied one level): a caller's change never reaches the cache. */
function copyOf(value: AutocompleteResponse): AutocompleteResponse {
  const copy: AutocompleteResponse = { results: value.results.map((a) => ({ ...a })) };
  const requestId = (value as { requestId?: string }).requestId;
  return requestId === undefined ? copy : withMeta(copy, { requestId });
}
