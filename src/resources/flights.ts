import { FareExpiredError, RequestValidationError, type FarewayIds } from '../errors.js';
import type { ClientContext } from '../core/state/context.js';
import { parseInput, withMeta } from '../core/state/context.js';
import type { RequestOptions } from '../core/options/options.js';
import { Deadline } from '../model/deadline.js';
import { checkIndices } from '../model/index-roles.js';
import { failSelection } from '../model/option-index.js';
import { parseSearchResponse } from '../core/call/parse-search.js';
import {
  isSelection,
  searchOfSelection,
  type SearchResults,
  type Selection,
} from '../model/search-results.js';
import { SelectionTokens } from '../model/selection-token.js';
import { SERVICE } from '../schemas/endpoints.js';
import type { Call, FarewayPromise } from '../core/call/call.js';
import {
  FareRulesParamsSchema,
  SearchParamsSchema,
  toSearchRequestBody,
  type FareRulesParams,
  type FareRulesResponse,
  type SearchParams,
} from '../schemas/search.js';
import { checkCall } from './check-call.js';
import { runMethod } from './naming.js';

/** Fare rules of one result index, with the fresh window the service reports. */
export type FareRules = FareRulesResponse & {
  /** The offer's window as reported by fare rules. */
  readonly deadline: Deadline;
  /** Every id the answer knows, as an error's `ids`: `request_id`, and `trace_id` when the answer names it. */
  readonly ids: FarewayIds;
  /**
   * The service's `X-Request-Id`.
   * @deprecated use `ids.request_id` (the spelling errors use too); removed in 2.0.
   */
  readonly requestId: string | undefined;
};

/** `fareway.flights`: search and fare rules. */
export class Flights {
  readonly #tokens: SelectionTokens;

  /**
   * @internal The client builds it; `tokenSecret` signs selection tokens (the key unless
   * `selectionTokenSecret`); `tokenBinding` (the API key) and the base URL bind them.
   */
  static create(ctx: ClientContext, tokenSecret: string | readonly string[], tokenBinding: string): Flights {
    return new Flights(ctx, tokenSecret, tokenBinding);
  }

  /** Built by the client only (`fareway.flights`). */
  private constructor(
    private readonly ctx: ClientContext,
    tokenSecret: string | readonly string[],
    tokenBinding: string,
  ) {
    const binding = { apiKey: tokenBinding, baseUrl: ctx.baseUrl };
    this.#tokens = new SelectionTokens(tokenSecret, binding, ctx.clock.deadlines);
  }

  /**
   * Searches flights. Values are natural (numbers, booleans, Dates, cabin names) and sent as the
   * wire's strings. Returns {@link SearchResults}: the wire data plus `returnsFor`/`select`.
   * @example
   * const results = await fareway.flights.search({ origin: 'del', destination: 'BOM',
   *   preferred_departure_time: '2026-12-01', adult_count: 1 });
   */
  search(params: SearchParams, options?: RequestOptions): FarewayPromise<SearchResults> {
    return runMethod(this.ctx, { endpoint: SERVICE.search }, options, (call) => this.#search(params, call));
  }

  async #search(params: SearchParams, call: Call): Promise<SearchResults> {
    const parsed = parseInput(SearchParamsSchema, params, 'Invalid search');
    // The search's own reader (core/call/parse-search.ts): SERVICE.search's answer, behind its measured fast path.
    const { data: results } = await this.ctx.requester.call(
      SERVICE.search,
      { body: toSearchRequestBody(parsed) },
      call,
      {
        read: (response) =>
          parseSearchResponse(response.data, {
            source: parsed.source,
            requestId: response.requestId,
            ...this.ctx.clock.arrived(response.receivedAt),
            expiresAtZone: this.ctx.expiresAtZone,
            hooks: this.ctx.hooks,
            logger: this.ctx.logger,
          }),
      },
    );
    this.ctx.registry.rememberSearch(results);
    return results;
  }

  /**
   * Fare rules for a selection (each of its result indices) or for one `{ trace_id, result_index }`.
   * Refused locally with FareExpiredError when the search is known to have expired.
   */
  fareRules(
    input: Selection | FareRulesParams | { trace_id: string; result_indices: readonly string[] },
    options?: RequestOptions,
  ): FarewayPromise<FareRules> {
    return runMethod(
      this.ctx,
      { endpoint: SERVICE.fareRules },
      options,
      (call) => this.#fareRules(input, call),
      {
        spec: { objects: { input } },
      },
    );
  }

  async #fareRules(
    input: Selection | FareRulesParams | { trace_id: string; result_indices: readonly string[] },
    call: Call,
  ): Promise<FareRules> {
    // A selection (live, or one that went through JSON) asks for the rules of each of its indices.
    const selectionLike = (typeof input === 'object' && input !== null ? input : {}) as {
      trace_id?: unknown;
      result_indices?: unknown;
    };
    const targets: FareRulesParams[] =
      isSelection(input) || Array.isArray(selectionLike.result_indices)
        ? (selectionLike.result_indices as unknown[]).map((result_index, i) =>
            parseInput(
              FareRulesParamsSchema,
              { trace_id: selectionLike.trace_id, result_index },
              'Invalid fare rules request',
              `result_indices[${i}]`,
            ),
          )
        : [parseInput(FareRulesParamsSchema, input, 'Invalid fare rules request')];
    if (targets.length === 0)
      throw new RequestValidationError(
        [{ path: 'result_indices', message: 'must hold 1 or 2 result indices' }],
        'Invalid fare rules request',
      );
    const traceId = targets[0]!.trace_id;
    // Indices the client can check (a search it saw) are checked like create-booking's.
    const roles = this.ctx.registry.search(traceId)?.roles;
    if (roles) {
      const issues = checkIndices(
        roles,
        targets.map((t) => t.result_index),
        { anyCount: true },
      );
      if (issues.length) throw new RequestValidationError(issues, 'Invalid fare rules request');
    }
    this.#refuseIfExpired(traceId);
    const answers = await Promise.all(targets.map((t) => this.#one(t, call)));
    if (answers.length === 1) return answers[0]!;
    // An independent round trip: one answer per leg, merged; the window is the earlier one.
    const merged = { ...answers[0]!, rules: answers.flatMap((a) => a.rules) };
    return withMeta(merged, {
      deadline: Deadline.earliest(...answers.map((a) => a.deadline))!,
      requestId: answers[0]!.requestId,
      legs: answers,
    }) as FareRules;
  }

  async #one(params: FareRulesParams, call: Call): Promise<FareRules> {
    const { data, response } = await this.ctx.requester.call(
      SERVICE.fareRules,
      { body: params, ids: { trace_id: params.trace_id } },
      call,
    );
    const search = this.ctx.registry.search(params.trace_id);
    const deadline = Deadline.fromResponse(data, {
      kind: 'offer',
      ...(search ? { source: search.source } : {}),
      ...this.ctx.clock.arrived(response.receivedAt),
      expiresAtZone: this.ctx.expiresAtZone,
    });
    this.ctx.registry.setTraceDeadline(params.trace_id, deadline);
    return withMeta(data, { deadline, requestId: response.requestId });
  }

  /**
   * A selection as a compact opaque string (base64url, HMAC-SHA256 signed; a few hundred
   * characters) for another request, process or instance: store it in a session, a form field or
   * your own store, and turn it back with `selectionFromToken` on any client of the same API
   * key and base URL (and `selectionTokenSecret`, when set). Fit for a browser: it holds the flights
   * and the billed amounts only — no markup, no pre-markup (`raw`) amounts, no passenger data, no key
   * (docs/selections.md, "What a token reveals"). Nothing is sent.
   * @throws RequestValidationError when `selection` is not one `results.select` returned (or a copy of one)
   * @throws FareExpiredLocallyError when its deadline has passed (`expiryMarginMs` included)
   * @example
   * const token = await fareway.flights.selectionToken(results.select(out, back));
   * // …next request, any instance:
   * const booking = await fareway.bookings.create(await fareway.flights.selectionFromToken(token));
   */
  selectionToken(selection: Selection): Promise<string>;
  /**
   * @deprecated `options` does nothing here (nothing is sent): it is still checked (an invalid
   * option or an aborted `signal` refuses) but otherwise ignored; the parameter is removed in 2.0.
   */
  selectionToken(selection: Selection, options?: RequestOptions): Promise<string>;
  async selectionToken(selection: Selection, options?: RequestOptions): Promise<string> {
    checkCall(this.ctx, options, { objects: { selection } });
    const known = isSelection(selection);
    const live = known ? searchOfSelection(selection) : undefined;
    const origin = live
      ? { roles: live.indexRoles(), source: live.source, pax_count: live.pax_count }
      : known && this.ctx.registry.search(selection.trace_id);
    if (!origin)
      failSelection('selection', 'must be a selection of a search this client made (results.select)');
    if (selection.deadline.isExpired(this.ctx.expiryMarginMs))
      throw selection.deadline.expiredError({ trace_id: selection.trace_id });
    return this.#tokens.encode(selection, origin);
  }

  /**
   * The {@link Selection} a token from `selectionToken` stands for, on this client: ready
   * for `bookings.create`, `fareRules` and `bookFlight`, with the same `result_indices`, the same
   * billed `pricing` (without `markup_percent` and `raw`, which a token never carries) and a
   * `deadline` that passes at the same instant. A string longer than 8,192 characters is refused
   * before any work. Nothing is sent.
   * @throws SelectionTokenError (`invalid_selection_token`) for a garbled, cut, altered or
   * foreign token (another API key or secret) or another token format
   * @throws FareExpiredLocallyError when its deadline has passed (`expiryMarginMs` included)
   */
  selectionFromToken(token: string): Promise<Selection>;
  /**
   * @deprecated `options` does nothing here (nothing is sent): it is still checked (an invalid
   * option or an aborted `signal` refuses) but otherwise ignored; the parameter is removed in 2.0.
   */
  selectionFromToken(token: string, options?: RequestOptions): Promise<Selection>;
  async selectionFromToken(token: string, options?: RequestOptions): Promise<Selection> {
    checkCall(this.ctx, options);
    const selection = await this.#tokens.decode(token);
    const { trace_id, deadline } = selection;
    if (deadline.isExpired(this.ctx.expiryMarginMs)) throw deadline.expiredError({ trace_id });
    // What create-booking checks, as on the client that searched: the search's deadline.
    if (!this.ctx.registry.traceDeadline(trace_id)) this.ctx.registry.setTraceDeadline(trace_id, deadline);
    return selection;
  }

  #refuseIfExpired(traceId: string) {
    const deadline = this.ctx.registry.traceDeadline(traceId);
    if (deadline?.isExpired(this.ctx.expiryMarginMs))
      throw FareExpiredError.local('The search', { trace_id: traceId });
  }
}
