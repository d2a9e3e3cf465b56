/**
 * `fareway/http`: Fareway's errors as answers of the partner's own HTTP API, for any framework
 * (Express, Fastify, NestJS, a bare `node:http` server). One call in the app's error handler:
 *
 * ```ts
 * import { toHttpAnswer } from 'fareway/http';
 * const answer = toHttpAnswer(err); // { status, headers, body }
 * res.status(answer.status).set(answer.headers).json(answer.body);
 * ```
 *
 * The answer routes on the error's stable `code` (one table, src/http/table.ts): passenger
 * problems 422, a moved price or an expired fare 409, the service's refusals 4xx (never 500),
 * "busy" 503 with `Retry-After`; the body carries the answer's code, a message for the traveller
 * and every id support needs (`request_id`, `trace_id`, `booking_id`, `pnr`), never the API key,
 * a passenger's data or the error's own text. Anything that is not a Fareway error is a bare 500.
 * Errors from any build of Fareway (ESM, CommonJS, another copy) are recognised.
 * @packageDocumentation
 * @module fareway/http
 */
import { FarewayError, type FarewayErrorCode, type FarewayIds } from './errors/base.js';
import { parseConfig } from './core/options/rules.js';
import { z } from './schemas/zod.js';
import { ANSWERS, UNKNOWN, type AnswerRule } from './http/table.js';

/** The body of an error answer: `{ error: { code, message, …ids, …details } }`. */
export interface HttpErrorBody {
  error: {
    /**
     * The answer's public code, stable within a major version: `invalid_request`,
     * `request_refused`, `invalid_selection`, `fare_expired`, `price_changed`, `invalid_state`,
     * `duplicate_booking`, `booking_failed`, `not_found`, `confirmation_pending`, `hold_pending`,
     * `unavailable`, `upstream_failed`, `upstream_timeout`, `internal` (or one set in `answers`).
     */
    code: string;
    /** A message for the traveller (never the error's own text). */
    message: string;
    /** The service's `X-Request-Id` of the answer the error came from. */
    request_id?: string;
    /** The search the call was about. */
    trace_id?: string;
    /** The booking the call was about. */
    booking_id?: string;
    /** The booking's PNR, when the error knows the booking is confirmed. */
    pnr?: string;
    /** On a 503: seconds to wait before trying again (also the `Retry-After` header). */
    retry_after_seconds?: number;
    /** `invalid_request`: every field and rule (`passengers[0].email`, `must be an email`). */
    issues?: { path: string; message: string }[];
    /** `request_refused`: the service's reasons, as it gave them (passenger data redacted). */
    details?: string[];
    /** `price_changed`: the fare the caller agreed to, when known. */
    previous_fare?: number;
    /** `price_changed`: the fare book would charge now. */
    new_fare?: number;
    /** `invalid_state`: the booking's status (`confirmed`, `failed`, …). */
    booking_status?: string;
    [detail: string]: unknown;
  };
}

/** What to send: the status, the headers (`retry-after` on a 503) and the JSON body. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: HttpErrorBody;
}

const AnswerOverrideSchema = z.strictObject({
  /** The status to answer with instead (100–599). */
  status: z.optional(z.int().check(z.gte(100), z.lte(599))),
  /** The answer's code instead (`body.error.code`). */
  code: z.optional(z.string().check(z.minLength(1))),
  /** The message instead (`body.error.message`). */
  message: z.optional(z.string()),
});

const CODES = Object.keys(ANSWERS) as [FarewayErrorCode, ...FarewayErrorCode[]];

/** The options of `toHttpAnswer` (checked on each call: a bad one is a `ConfigurationError`). */
const HttpAnswerOptionsSchema = z.strictObject({
  /**
   * Per Fareway error code, what to answer instead of the default: `status`, `code`, `message`
   * (each optional; the body keeps its ids and details). E.g.
   * `{ insufficient_balance: { message: 'Bookings are paused' } }`.
   */
  answers: z.optional(z.partialRecord(z.enum(CODES), AnswerOverrideSchema)),
  /**
   * `Retry-After` (seconds) of a 503 when the error does not say how long to wait (a rate limit
   * from the service says; a full queue does not). Default 5.
   */
  retryAfterSeconds: z.optional(z.int().check(z.gte(1))),
});

/** Options of {@link toHttpAnswer}. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the type derived from its schema (ARCHITECTURE, "Each contract once")
export interface HttpAnswerOptions extends z.input<typeof HttpAnswerOptionsSchema> {}

const DEFAULT_RETRY_AFTER_S = 5;

/**
 * The HTTP answer to `error` for the partner's own API: Fareway errors by their `code` (see
 * {@link HttpErrorBody} for the answer codes), anything else a 500 `internal` that shows nothing
 * of the error. Never throws for any `error`; throws a `ConfigurationError` for bad `options`.
 * @example
 * app.use((err, req, res, next) => {
 *   const answer = toHttpAnswer(err);
 *   if (answer.status >= 500) log.error(err);
 *   res.status(answer.status).set(answer.headers).json(answer.body);
 * });
 */
export function toHttpAnswer(error: unknown, options?: HttpAnswerOptions): HttpAnswer {
  const opts = options === undefined ? {} : parseConfig(HttpAnswerOptionsSchema, options, 'options');
  // `instanceof` holds for errors of any Fareway build (FarewayError's brand), not for look-alikes.
  if (!(error instanceof FarewayError)) return answer(UNKNOWN, {}, {});
  const code = error.code;
  const rule: AnswerRule = Object.hasOwn(ANSWERS, code) ? ANSWERS[code] : UNKNOWN;
  const override = Object.hasOwn(ANSWERS, code) ? opts.answers?.[code] : undefined;
  const status = override?.status ?? rule.status;
  const extra: Record<string, unknown> = {};
  if (status === 503) {
    const ms = (error as { retryAfterMs?: unknown }).retryAfterMs;
    const seconds =
      typeof ms === 'number' && Number.isFinite(ms) && ms >= 0
        ? Math.max(1, Math.ceil(ms / 1000))
        : (opts.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_S);
    extra.retry_after_seconds = seconds;
  }
  const fields = rule === UNKNOWN ? {} : (rule.fields?.(error) ?? {});
  return answer({ ...rule, ...override, status }, { ...fields, ...extra }, error.ids);
}

function answer(rule: AnswerRule, fields: Record<string, unknown>, ids: FarewayIds): HttpAnswer {
  const headers: Record<string, string> = {};
  if (typeof fields.retry_after_seconds === 'number')
    headers['retry-after'] = String(fields.retry_after_seconds);
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return {
    status: rule.status,
    headers,
    body: { error: { code: rule.code, message: rule.message, ...defined, ...pickIds(ids) } },
  };
}

/** The ids, as strings only (a frozen `ids` of another build is read, not trusted). */
function pickIds(ids: FarewayIds | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['request_id', 'trace_id', 'booking_id', 'pnr'] as const) {
    const value = ids?.[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}
