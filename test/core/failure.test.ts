import { describe, expect, it } from 'vitest';
import {
  classifyFailure,
  connectionError,
  markAnswered,
  type CallTrace,
  type Failure,
} from '../../src/core/wire/failure.js';
import type { Endpoint } from '../../src/core/options/options.js';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  ClientClosedError,
  FareExpiredError,
  RateLimitQueueFullError,
  RequestValidationError,
  ResponseValidationError,
} from '../../src/index.js';

// The one failure table (src/core/wire/failure.ts): every row × every kind of endpoint.
const ENVELOPE = { success: false, errors: [{ detail: ['x'] }] };
const PROXY_PAGE = '<html><body>502 Bad Gateway</body></html>';

const api = (status: number, body: unknown = ENVELOPE) => APIError.generate({ status, body, details: ['x'] });
/** What the transport makes of a refused connection; `sent`: undici reported the headers written. */
const refused = (sent = false) =>
  connectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }), {
    method: 'POST',
    path: '/x',
    host: 'h',
    sent,
  });
const reset = () => new APIConnectionError('POST /x to h failed: other side closed (UND_ERR_SOCKET)');
const timeout = () => new APITimeoutError('POST /x to h timed out after 10 ms (no response)');
const unreadable = () =>
  new ResponseValidationError([{ path: '', message: 'body is not valid JSON' }], {
    status: 200,
    endpoint: 'POST /x',
  });
const unconfirmed = () =>
  markAnswered(
    new ResponseValidationError([{ path: 'status', message: 'expected confirmed' }], {
      status: 200,
      endpoint: 'POST /x',
    }),
  );
const aborted = (attempted: boolean): CallTrace => ({ signal: AbortSignal.abort(), attempted });

type Expect = [
  sent: Failure['sent'],
  finished: boolean,
  retry: Failure['retry'],
  reconcile: Failure['reconcile'],
];
interface Row {
  kind: string;
  error: () => unknown;
  call?: CallTrace;
  read: Expect;
  create: Expect;
  book: Expect;
}

const ROWS: Row[] = [
  // 1. the service's own readable answer (only book builds one)
  {
    kind: 'readable 2xx, not the outcome',
    error: unconfirmed,
    read: ['yes', true, 'no', 'no'],
    create: ['yes', true, 'no', 'no'],
    book: ['yes', true, 'no', 'once'],
  },
  // 2. the caller's abort: the trace decides what was sent
  {
    kind: 'abort while queued',
    error: () => new DOMException('aborted', 'AbortError'),
    call: aborted(false),
    read: ['no', false, 'no', 'no'],
    create: ['no', false, 'no', 'no'],
    book: ['no', false, 'no', 'no'],
  },
  {
    kind: 'abort in flight',
    error: () => new DOMException('aborted', 'AbortError'),
    call: aborted(true),
    read: ['maybe', false, 'no', 'no'],
    create: ['maybe', false, 'no', 'no'],
    book: ['maybe', false, 'no', 'until-settled'],
  },
  // 3. refused by the SDK itself
  {
    kind: 'RequestValidationError',
    error: () => new RequestValidationError([{ path: 'x', message: 'bad' }]),
    read: ['no', false, 'no', 'no'],
    create: ['no', false, 'no', 'no'],
    book: ['no', false, 'no', 'no'],
  },
  {
    kind: 'FareExpiredLocallyError',
    error: () => FareExpiredError.local('The search'),
    read: ['no', false, 'no', 'no'],
    create: ['no', false, 'no', 'no'],
    book: ['no', false, 'no', 'no'],
  },
  {
    kind: 'ClientClosedError',
    error: () => new ClientClosedError(),
    read: ['no', false, 'no', 'no'],
    create: ['no', false, 'no', 'no'],
    book: ['no', false, 'no', 'no'],
  },
  {
    kind: 'RateLimitQueueFullError',
    error: () => new RateLimitQueueFullError('other', 1),
    read: ['no', false, 'no', 'no'],
    create: ['no', false, 'no', 'no'],
    book: ['no', false, 'no', 'no'],
  },
  // 4. nothing written
  {
    kind: 'connection refused before sending',
    error: () => refused(),
    read: ['no', false, 'backoff', 'no'],
    create: ['no', false, 'backoff', 'no'],
    book: ['no', false, 'no', 'no'],
  },
  {
    kind: 'refused, but the headers were reported written',
    error: () => refused(true),
    read: ['maybe', false, 'backoff', 'no'],
    create: ['maybe', false, 'no', 'until-settled'],
    book: ['maybe', false, 'no', 'until-settled'],
  },
  {
    kind: 'connection error, no attempt got past the limiter',
    error: reset,
    call: { attempted: false },
    read: ['no', false, 'backoff', 'no'],
    create: ['no', false, 'backoff', 'no'],
    book: ['no', false, 'no', 'no'],
  },
  // 5. 429
  {
    kind: '429 (envelope)',
    error: () => api(429),
    read: ['yes', true, 'rate-limited', 'no'],
    create: ['yes', true, 'rate-limited', 'no'],
    book: ['yes', true, 'rate-limited', 'no'],
  },
  {
    kind: '429 (proxy page)',
    error: () => api(429, PROXY_PAGE),
    read: ['yes', false, 'rate-limited', 'no'],
    create: ['yes', false, 'rate-limited', 'no'],
    book: ['yes', false, 'rate-limited', 'no'],
  },
  // 6. other 4xx
  ...[400, 401, 402, 404, 409].map(
    (status) =>
      ({
        kind: `${status} (envelope)`,
        error: () => api(status),
        read: ['yes', true, 'no', 'no'],
        create: ['yes', true, 'no', 'no'],
        book: ['yes', true, 'no', 'no'],
      }) satisfies Row,
  ),
  {
    kind: '404 (proxy page)',
    error: () => api(404, PROXY_PAGE),
    read: ['yes', false, 'no', 'no'],
    create: ['yes', false, 'no', 'no'],
    book: ['yes', false, 'no', 'no'],
  },
  // 7.-8. 5xx in the envelope
  {
    kind: '502 (envelope)',
    error: () => api(502),
    read: ['yes', true, 'once', 'no'],
    create: ['yes', true, 'once-if-nothing-made', 'once'],
    book: ['yes', true, 'no', 'once'],
  },
  {
    kind: '500 (envelope)',
    error: () => api(500),
    read: ['yes', true, 'backoff', 'no'],
    create: ['yes', true, 'no', 'once'],
    book: ['yes', true, 'no', 'once'],
  },
  {
    kind: '503 (envelope)',
    error: () => api(503),
    read: ['yes', true, 'backoff', 'no'],
    create: ['yes', true, 'no', 'once'],
    book: ['yes', true, 'no', 'once'],
  },
  // 7., 9. 5xx without it
  {
    kind: '502 (proxy page)',
    error: () => api(502, PROXY_PAGE),
    read: ['yes', false, 'once', 'no'],
    create: ['yes', false, 'no', 'until-settled'],
    book: ['yes', false, 'no', 'until-settled'],
  },
  {
    kind: '500 (empty body)',
    error: () => api(500, ''),
    read: ['yes', false, 'backoff', 'no'],
    create: ['yes', false, 'no', 'until-settled'],
    book: ['yes', false, 'no', 'until-settled'],
  },
  // 10. may have been sent
  {
    kind: 'reset',
    error: reset,
    read: ['maybe', false, 'backoff', 'no'],
    create: ['maybe', false, 'no', 'until-settled'],
    book: ['maybe', false, 'no', 'until-settled'],
  },
  {
    kind: 'reset after an attempt',
    error: reset,
    call: { attempted: true },
    read: ['maybe', false, 'backoff', 'no'],
    create: ['maybe', false, 'no', 'until-settled'],
    book: ['maybe', false, 'no', 'until-settled'],
  },
  {
    kind: 'timeout',
    error: timeout,
    read: ['maybe', false, 'backoff', 'no'],
    create: ['maybe', false, 'no', 'until-settled'],
    book: ['maybe', false, 'no', 'until-settled'],
  },
  // 11. a 2xx that could not be read
  {
    kind: 'unreadable 2xx',
    error: unreadable,
    read: ['yes', false, 'no', 'no'],
    create: ['yes', false, 'no', 'until-settled'],
    book: ['yes', false, 'no', 'until-settled'],
  },
  // 12. not Fareway's
  {
    kind: 'a TypeError',
    error: () => new TypeError('boom'),
    read: ['maybe', false, 'no', 'no'],
    create: ['maybe', false, 'no', 'no'],
    book: ['maybe', false, 'no', 'no'],
  },
  {
    kind: 'a thrown string',
    error: () => 'boom',
    read: ['maybe', false, 'no', 'no'],
    create: ['maybe', false, 'no', 'no'],
    book: ['maybe', false, 'no', 'no'],
  },
];

const READS: Endpoint[] = [
  'search',
  'fareRules',
  'savePassengers',
  'reprice',
  'retrieve',
  'list',
  'autocomplete',
];
const CASES = ROWS.flatMap((row) => [
  ...READS.map((endpoint) => [row.kind, endpoint, row, row.read] as const),
  [row.kind, 'createBooking' as Endpoint, row, row.create] as const,
  [row.kind, 'book' as Endpoint, row, row.book] as const,
]);

describe('classifyFailure: error kind × endpoint → sent, finished, retry, reconcile', () => {
  it.each(CASES)('%s on %s', (_kind, endpoint, row, [sent, finished, retry, reconcile]) => {
    const call = row.call && { ...row.call };
    expect(classifyFailure(row.error(), endpoint, call)).toEqual({ sent, finished, retry, reconcile });
  });

  it('only an abort of this call’s own signal counts: the same error without it is classified by kind', () => {
    expect(
      classifyFailure(reset(), 'book', { signal: new AbortController().signal, attempted: true }),
    ).toMatchObject({ reconcile: 'until-settled' });
    expect(classifyFailure(api(409), 'book', aborted(true))).toMatchObject({ reconcile: 'until-settled' });
  });
});
