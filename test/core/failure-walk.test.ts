/**
 * The walk down a connection failure's cause chain (core/wire/failure.ts `rootCause`), the clauses its
 * mutants showed unpinned (issue 33): a code that is not a string says nothing, a deeper cause
 * with no message (or undici's bare `fetch failed`) does not hide what an outer one said, an
 * `ERR_SSL…` code alone makes the TLS message, and `bad port` keeps a code it already has.
 */
import { describe, expect, it } from 'vitest';
import { connectionError, type FailureContext } from '../../src/core/wire/failure.js';

const CTX: FailureContext = { method: 'GET', path: '/v1/y/', host: 'api.test:443', sent: false };
const coded = (message: string, code: unknown, cause?: unknown) =>
  Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code });
const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });
const said = (text: string) => `GET /v1/y/ to api.test:443 failed: ${text}`;

describe('rootCause: what the walk keeps', () => {
  it('a code that is not a string (a DOMException-style number) is no code', () => {
    const error = connectionError(fetchFailed(coded('operation aborted', 20)), CTX);
    expect(error.systemCode).toBeUndefined();
    expect(error.message).toBe(said('operation aborted'));
    // Below a string code, a number does not replace it.
    const below = connectionError(coded('reset', 'ECONNRESET', coded('inner', 7)), CTX);
    expect(below.systemCode).toBe('ECONNRESET');
    expect(below.message).toBe(said('inner (ECONNRESET)'));
  });

  it('a deeper cause with an empty message keeps what the outer one said', () => {
    const error = connectionError(fetchFailed(new Error('socket closed', { cause: new Error('') })), CTX);
    expect(error.message).toBe(said('socket closed'));
  });

  it("undici's bare `fetch failed` deeper in the chain does not hide the outer reason", () => {
    const error = connectionError(
      new Error('proxy refused the tunnel', { cause: new TypeError('fetch failed') }),
      CTX,
    );
    expect(error.message).toBe(said('proxy refused the tunnel'));
  });

  it('an ERR_SSL… code alone (no "SSL routines" text) reads "TLS handshake failed"', () => {
    const error = connectionError(
      fetchFailed(coded('wrong version number', 'ERR_SSL_WRONG_VERSION_NUMBER')),
      CTX,
    );
    expect(error.message).toBe(said('TLS handshake failed (ERR_SSL_WRONG_VERSION_NUMBER)'));
    // A code that only contains ERR_SSL is not one.
    const other = connectionError(fetchFailed(coded('not tls', 'XERR_SSL')), CTX);
    expect(other.message).toBe(said('not tls (XERR_SSL)'));
  });

  it('`bad port` keeps a code the chain already gave', () => {
    const error = connectionError(coded('bad port', 'ERR_INVALID_PORT'), CTX);
    expect(error.systemCode).toBe('ERR_INVALID_PORT');
    expect(error.message).toBe(said('bad port (ERR_INVALID_PORT)'));
  });
});
