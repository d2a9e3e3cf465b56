import { ResponseValidationError } from '../../errors.js';
import { markCutBody } from './failure.js';
import { headersOf } from '../options/headers.js';
import type { Endpoint } from '../options/options.js';

/** A 2xx answer: the parsed JSON body and what the SDK keeps of the response. */
export interface HttpResponse {
  data: unknown;
  status: number;
  requestId: string | undefined;
  /** Lower-cased response headers (built on first read). */
  readonly headers: Record<string, string>;
  /** `performance.now()` when the response arrived, for deadlines. */
  receivedAt: number;
  /** The fetch `Response` of this attempt (its body already read). */
  readonly response: Response;
  /** The body as it came, for `.asResponse()`. */
  readonly text: string;
}

/** A 2xx answer; `headers` is built on first read (iterating undici's headers sorts them). */
class WireResponse implements HttpResponse {
  #raw: Headers;
  #headers: Record<string, string> | undefined;
  constructor(
    readonly data: unknown,
    readonly status: number,
    readonly requestId: string | undefined,
    readonly receivedAt: number,
    readonly response: Response,
    readonly text: string,
  ) {
    this.#raw = response.headers;
  }
  get headers(): Record<string, string> {
    return (this.#headers ??= headersOf(this.#raw));
  }
}

/** What a 2xx answer is read for: the request it answers. */
interface Answered {
  endpoint: Endpoint;
  method: string;
  path: string;
  context?: Record<string, unknown> | undefined;
}

/**
 * A 2xx answer whose body was read in full (`text`, parsed once, never copied). A body that is
 * empty or not JSON was cut short on its way (a proxy, a dropped stream): a ResponseValidationError
 * marked as a cut body (failure.ts: a repeatable request is re-sent once), carrying the text as it
 * came and the call's ids. Valid JSON is returned whatever it holds: the reader checks the contract.
 */
export function wireResponse(
  req: Answered,
  response: Response,
  text: string,
  requestId: string | undefined,
  receivedAt: number,
): HttpResponse {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (cause) {
    const message = text === '' ? 'body is empty' : 'body is not valid JSON';
    throw markCutBody(
      new ResponseValidationError([{ path: '', message }], {
        requestId,
        status: response.status,
        endpoint: `${req.method} ${req.path}`,
        body: text,
        ids: (req.context ?? {}) as ResponseValidationError['ids'],
        ...(text === '' ? {} : { cause }),
      }),
    );
  }
  return new WireResponse(data, response.status, requestId, receivedAt, response, text);
}
