/**
 * The connection and timeout errors core/wire/failure.ts builds from what `fetch` (or ky) throws
 * (issue 33: the rules its mutants showed unpinned): which root-cause codes prove nothing was
 * written, the message (method, path, host, the deepest cause that says something, its code once),
 * the cause chain copied without ky's Request (where the key is), and the ids.
 */
import { describe, expect, it } from 'vitest';
import {
  certainlyNotSent,
  classifyFailure,
  connectionError,
  markNotSent,
  timeoutError,
  traceCall,
  type FailureContext,
} from '../../src/core/wire/failure.js';
import { APIConnectionError, APIError, FarewayError } from '../../src/index.js';

const CTX: FailureContext = { method: 'POST', path: '/v1/x/', host: 'api.test:443', sent: false };
const coded = (message: string, code: string, cause?: unknown) =>
  Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code });
/** What undici throws: `fetch failed`, the socket's error as its cause. */
const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });

describe('connectionError: was anything written?', () => {
  it.each([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EADDRNOTAVAIL',
    'UND_ERR_CONNECT_TIMEOUT',
  ])('%s before the headers were written: nothing sent; after them: maybe', (code) => {
    const before = connectionError(fetchFailed(coded(`connect ${code} 1.2.3.4:443`, code)), CTX);
    expect(before.systemCode).toBe(code);
    expect(certainlyNotSent(before)).toBe(true);
    expect(classifyFailure(before, 'createBooking')).toMatchObject({ sent: 'no', retry: 'backoff' });
    const after = connectionError(fetchFailed(coded(`connect ${code} 1.2.3.4:443`, code)), {
      ...CTX,
      sent: true,
    });
    expect(certainlyNotSent(after)).toBe(false);
    expect(classifyFailure(after, 'createBooking')).toMatchObject({
      sent: 'maybe',
      reconcile: 'until-settled',
    });
  });

  it('a reset after connecting, or no code at all, may have been sent', () => {
    const reset = connectionError(fetchFailed(coded('other side closed', 'UND_ERR_SOCKET')), CTX);
    expect(reset.systemCode).toBe('UND_ERR_SOCKET');
    expect(certainlyNotSent(reset)).toBe(false);
    expect(certainlyNotSent(connectionError(fetchFailed(new Error('socket hang up')), CTX))).toBe(false);
  });

  it("ky's 'bad port' (no code) is BAD_PORT: nothing was written", () => {
    const error = connectionError(new TypeError('bad port'), CTX);
    expect(error.systemCode).toBe('BAD_PORT');
    expect(error.message).toBe('POST /v1/x/ to api.test:443 failed: bad port (BAD_PORT)');
    expect(certainlyNotSent(error)).toBe(true);
  });
});

describe('connectionError: the message and the copied cause', () => {
  it('names the call and the deepest cause that says something, its code once', () => {
    const error = connectionError(
      fetchFailed(coded('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED')),
      CTX,
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toBe(
      'POST /v1/x/ to api.test:443 failed: connect ECONNREFUSED 127.0.0.1:1 (ECONNREFUSED)',
    );
    // The code already in the message as "(CODE)" is not repeated.
    const twice = connectionError(fetchFailed(coded('refused (ECONNREFUSED)', 'ECONNREFUSED')), CTX);
    expect(twice.message).toBe('POST /v1/x/ to api.test:443 failed: refused (ECONNREFUSED)');
    // No code anywhere: the message alone.
    expect(connectionError(fetchFailed(new Error('socket hang up')), CTX).message).toBe(
      'POST /v1/x/ to api.test:443 failed: socket hang up',
    );
    // `fetch failed` alone says nothing: kept only when nothing deeper speaks.
    expect(connectionError(new TypeError('fetch failed'), CTX).message).toBe(
      'POST /v1/x/ to api.test:443 failed: fetch failed',
    );
  });

  it('the deepest code wins; a Fareway error in the chain gives its systemCode, not its own code', () => {
    const inner = coded('getaddrinfo ENOTFOUND api.test', 'ENOTFOUND');
    const outer = coded('outer', 'E_OUTER', inner);
    expect(connectionError(outer, CTX).systemCode).toBe('ENOTFOUND');
    const fareway = new APIConnectionError('proxy failed', { systemCode: 'ECONNRESET' });
    expect(new FarewayError('x').code).not.toBe('ECONNRESET');
    const error = connectionError(fetchFailed(fareway), CTX);
    expect(error.systemCode).toBe('ECONNRESET');
    expect(error.message).toBe('POST /v1/x/ to api.test:443 failed: proxy failed (ECONNRESET)');
    // An empty code says nothing: the outer one stays.
    expect(connectionError(coded('outer', 'E_OUTER', coded('inner', '')), CTX).systemCode).toBe('E_OUTER');
  });

  it('an AggregateError is read through its first error', () => {
    const aggregate = new AggregateError(
      [coded('connect ECONNREFUSED ::1:443', 'ECONNREFUSED'), coded('connect EHOSTUNREACH', 'EHOSTUNREACH')],
      '',
    );
    const error = connectionError(fetchFailed(aggregate), CTX);
    expect(error.systemCode).toBe('ECONNREFUSED');
    expect(error.message).toContain('connect ECONNREFUSED ::1:443');
  });

  // (A cause chain with a cycle is not tested: rootCause stops, but stripRequest recurses without
  // end — reported in docs/mutation.md.)
  it('a chain deeper than 8 ends the walk', () => {
    let chain: Error = coded('deepest', 'EDEEP');
    for (let i = 8; i >= 1; i--) chain = new Error(`level ${i}`, { cause: chain });
    // Levels 1..8 are read; the ninth (deepest) is not.
    const deep = connectionError(chain, CTX);
    expect(deep.message).toBe('POST /v1/x/ to api.test:443 failed: level 8');
    expect(deep.systemCode).toBeUndefined();
  });

  it('a cause chain that loops (an error that is its own cause) ends in the typed error, not a stack overflow', () => {
    const loop = new TypeError('fetch failed');
    (loop as { cause?: unknown }).cause = loop;
    const error = connectionError(loop, CTX);
    expect(error).toBeInstanceOf(APIConnectionError);
    let depth = 0;
    for (let c: unknown = error.cause; c instanceof Error; c = c.cause) depth++;
    expect(depth).toBeLessThanOrEqual(9);
  });

  it('TLS failures read "TLS handshake failed"; a multi-line message keeps its first line', () => {
    const ssl = coded('error:0A000086:SSL routines::certificate verify failed\n  at file.c:123', 'ERR_SSL_X');
    expect(connectionError(fetchFailed(ssl), CTX).message).toBe(
      'POST /v1/x/ to api.test:443 failed: TLS handshake failed (ERR_SSL_X)',
    );
    const routines = new Error('error:0A000086:SSL routines::bad record');
    expect(connectionError(routines, CTX).message).toBe(
      'POST /v1/x/ to api.test:443 failed: TLS handshake failed',
    );
    const lines = coded('  first line  \nsecond line', 'EPIPE');
    expect(connectionError(lines, CTX).message).toBe(
      'POST /v1/x/ to api.test:443 failed: first line (EPIPE)',
    );
  });

  it("the cause is a copy without ky's Request: name, message, code and its own cause", () => {
    const secret = 'sk_live_never_in_errors';
    const root = Object.assign(coded('connect ECONNREFUSED', 'ECONNREFUSED'), { name: 'SystemError' });
    const kyError = Object.assign(new Error('Request failed', { cause: root }), {
      name: 'HTTPError',
      request: { headers: { 'x-api-key': secret } },
    });
    const error = connectionError(kyError, CTX);
    const cause = error.cause as Error & { code?: string; request?: unknown };
    expect(cause).toBeInstanceOf(Error);
    expect(cause).not.toBe(kyError);
    expect(cause.name).toBe('HTTPError');
    expect(cause.message).toBe('Request failed');
    expect(cause.request).toBeUndefined();
    expect('code' in cause).toBe(false);
    const inner = cause.cause as Error & { code?: string };
    expect(inner.name).toBe('SystemError');
    expect(inner.code).toBe('ECONNREFUSED');
    expect(inner.cause).toBeUndefined();
    expect(JSON.stringify(error)).not.toContain(secret);
    // Not an Error: passed as it is.
    expect(connectionError('boom', CTX).cause).toBe('boom');
  });

  it('the ids and the request id of the attempt; an empty request id is none', () => {
    const ids = { booking_id: 'b1' };
    const error = connectionError(new Error('x'), { ...CTX, requestId: 'req_1', ids });
    expect(error.requestId).toBe('req_1');
    expect(error.ids).toMatchObject({ booking_id: 'b1', request_id: 'req_1' });
    expect(connectionError(new Error('x'), { ...CTX, requestId: '' }).requestId).toBeUndefined();
  });
});

describe('timeoutError and the marks', () => {
  it('says which phase ran out, with ETIMEDOUT, the request id and the ids', () => {
    const headers = timeoutError({ ...CTX, requestId: 'req_2', ids: { trace_id: 't' } }, 150, 'headers');
    expect(headers.message).toBe('POST /v1/x/ to api.test:443 timed out after 150 ms (no response)');
    expect(headers).toMatchObject({ systemCode: 'ETIMEDOUT', requestId: 'req_2' });
    expect(headers.ids).toMatchObject({ trace_id: 't', request_id: 'req_2' });
    const body = timeoutError({ ...CTX, requestId: '' }, 20, 'body');
    expect(body.message).toBe(
      'POST /v1/x/ to api.test:443 timed out after 20 ms (the response body did not complete)',
    );
    expect(body.requestId).toBeUndefined();
  });

  it('markNotSent marks objects only; a fresh trace has attempted nothing', () => {
    expect(markNotSent('text')).toBe('text');
    expect(certainlyNotSent('text')).toBe(false);
    const marked = markNotSent(new Error('x'));
    expect(certainlyNotSent(marked)).toBe(true);
    const signal = new AbortController().signal;
    expect(traceCall(signal)).toEqual({ signal, attempted: false });
    expect(classifyFailure(new Error('x'), 'book', traceCall(undefined)).sent).toBe('no');
    expect(certainlyNotSent(APIError.generate({ status: 0, body: undefined, details: [] }))).toBe(true);
  });
});
