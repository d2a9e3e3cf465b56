import { FareExpiredError, RequestValidationError } from '../errors.js';
import type { ClientContext } from '../core/context.js';
import { parseInput, withMeta } from '../core/context.js';
import type { RequestOptions } from '../core/options.js';
import { Deadline } from '../model/deadline.js';
import { checkIndices } from '../model/index-roles.js';
import { parseSearchResponse } from '../model/parse-search.js';
import { isSelection, type SearchResults, type Selection } from '../model/search-results.js';
import { SERVICE } from '../schemas/endpoints.js';
import type { Call, FarewayPromise } from '../core/operation.js';
import {
  FareRulesParamsSchema,
  SearchParamsSchema,
  toSearchRequestBody,
  type FareRulesParams,
  type FareRulesResponse,
  type SearchParams,
} from '../schemas/search.js';
import { checkCall } from '../core/call-options.js';

/** Fare rules of one result index, with the fresh window the service reports. */
export type FareRules = FareRulesResponse & {
  /** The offer's window as reported by fare rules. */
  readonly deadline: Deadline;
  readonly requestId: string | undefined;
};

/** `fareway.flights`: search and fare rules. */
export class Flights {
  constructor(private readonly ctx: ClientContext) {}

  /**
   * Searches flights. Values are natural (numbers, booleans, Dates, cabin names) and sent as the
   * wire's strings. Returns {@link SearchResults}: the wire data plus `returnsFor`/`select`.
   * @example
   * const results = await fareway.flights.search({ origin: 'del', destination: 'BOM',
   *   preferred_departure_time: '2026-12-01', adult_count: 1 });
   */
  search(params: SearchParams, options?: RequestOptions): FarewayPromise<SearchResults> {
    return this.ctx.requester.operation(SERVICE.search, options, (call) =>
      this.#search(params, options, call),
    );
  }

  async #search(
    params: SearchParams,
    options: RequestOptions | undefined,
    call: Call,
  ): Promise<SearchResults> {
    checkCall(this.ctx, options);
    const parsed = parseInput(SearchParamsSchema, params, 'Invalid search');
    // The search's own reader (model/parse-search.ts): SERVICE.search's answer, behind its measured fast path.
    const { data: results } = await this.ctx.requester.call(
      SERVICE.search,
      { body: toSearchRequestBody(parsed) },
      call,
      {
        read: (response) =>
          parseSearchResponse(response.data, {
            source: parsed.source,
            requestId: response.requestId,
            receivedAt: response.receivedAt,
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
    return this.ctx.requester.operation(SERVICE.fareRules, options, (call) =>
      this.#fareRules(input, options, call),
    );
  }

  async #fareRules(
    input: Selection | FareRulesParams | { trace_id: string; result_indices: readonly string[] },
    options: RequestOptions | undefined,
    call: Call,
  ): Promise<FareRules> {
    checkCall(this.ctx, options, { objects: { input } });
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
      receivedAt: response.receivedAt,
      expiresAtZone: this.ctx.expiresAtZone,
    });
    this.ctx.registry.setTraceDeadline(params.trace_id, deadline);
    return withMeta(data, { deadline, requestId: response.requestId });
  }

  #refuseIfExpired(traceId: string) {
    const deadline = this.ctx.registry.traceDeadline(traceId);
    if (deadline?.isExpired(this.ctx.expiryMarginMs))
      throw FareExpiredError.local('The search', { trace_id: traceId });
  }
}
