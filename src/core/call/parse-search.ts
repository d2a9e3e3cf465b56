import type { Hooks, Logger } from '../options/options.js';
import { readResponse } from './reader.js';
import { ResponseValidationError } from '../../errors.js';
import { SearchAnswer, type SearchResponse } from '../../schemas/search.js';
import { SearchResults, type SearchMeta } from '../../model/search-results.js';

/** Where drift is reported while reading a search (hooks and logger of the client). */
interface SearchReadInit {
  requestId?: string | undefined;
  endpoint?: string | undefined;
  hooks?: Hooks | undefined;
  logger?: Logger | undefined;
}

/**
 * Validates a search response against the contract and returns it, typed. No copy is made of a
 * valid response (the object becomes `SearchResults.data`), except that a missing `inbound` gets
 * its default `[]` on a shallow copy of the top level. Unknown fields are kept. An answer that
 * breaks the contract is read tolerantly (core/call/reader.ts): malformed options are dropped and
 * reported through `onContractDrift`; a required field missing or malformed (`trace_id`,
 * `journey_type`, `pax_count`, the `outbound` list…) is fatal.
 *
 * @throws ResponseValidationError (with the raw body) when the answer cannot be used at all.
 */
export function validateSearchResponse(json: unknown, init: SearchReadInit = {}): SearchResponse {
  const endpoint = init.endpoint ?? 'POST /v1/flights/search/';
  const [method, path] = endpoint.split(' ') as [string, string];
  const traceId =
    typeof json === 'object' && json !== null && typeof (json as { trace_id?: unknown }).trace_id === 'string'
      ? (json as { trace_id: string }).trace_id
      : undefined;
  return readResponse(SearchAnswer, json, {
    endpoint: 'search',
    method,
    path,
    status: 200,
    requestId: init.requestId,
    ids: { trace_id: traceId },
    hooks: init.hooks ?? {},
    logger: init.logger ?? {},
  });
}

/**
 * The whole search response path: JSON text or an already parsed body → validated →
 * `SearchResults`. Pass `receivedAt` (monotonic, `performance.now()` when the response arrived)
 * so the deadline counts from arrival, not from when parsing finished.
 *
 * @throws ResponseValidationError on invalid JSON or an unusable answer; never a TypeError later.
 */
export function parseSearchResponse(json: unknown, meta: SearchMeta & SearchReadInit): SearchResults {
  const receivedAt = meta.receivedAt ?? (meta.clock ?? { now: () => performance.now() }).now();
  let body = json;
  if (typeof json === 'string') {
    try {
      body = JSON.parse(json);
    } catch (cause) {
      throw new ResponseValidationError([{ path: '', message: 'the body is not valid JSON' }], {
        requestId: meta.requestId,
        status: 200,
        endpoint: meta.endpoint ?? 'POST /v1/flights/search/',
        body: json,
        cause,
      });
    }
  }
  const data = validateSearchResponse(body, meta);
  return SearchResults.create(data, { ...meta, receivedAt });
}
