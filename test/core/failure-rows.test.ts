/**
 * Rows of the failure table (core/wire/failure.ts `classifyFailure`) that test/core/failure.test.ts's
 * grid does not build (issue 33): a rate-limit wait that ran out of the call's timeout is never
 * retried (it is a timeout, but the budget for waiting is spent), and a 2xx whose body came cut
 * short is re-sent once by reads while valid JSON that breaks the contract is not; `markNotSent`
 * takes any thrown value, `null` included.
 */
import { describe, expect, it } from 'vitest';
import { classifyFailure, markCutBody, markNotSent, QueueTimeout } from '../../src/core/wire/failure.js';
import { APIConnectionError, ResponseValidationError } from '../../src/index.js';

const rvError = () =>
  new ResponseValidationError([{ path: '', message: 'body is empty' }], { status: 200, endpoint: 'GET /x' });

describe('classifyFailure: rows outside the grid', () => {
  it('QueueTimeout (no token within the timeout): nothing sent, never retried, on every endpoint', () => {
    const error = markNotSent(new QueueTimeout("No 'search' rate-limit token within the call's timeout"));
    expect(error).toBeInstanceOf(APIConnectionError); // a timeout: without its own row it would back off
    for (const endpoint of ['search', 'createBooking', 'book'] as const)
      expect(classifyFailure(error, endpoint)).toEqual({
        sent: 'no',
        finished: false,
        retry: 'no',
        reconcile: 'no',
      });
    // Not marked either: still local.
    expect(classifyFailure(new QueueTimeout('x'), 'search')).toMatchObject({ sent: 'no', retry: 'no' });
  });

  it('a cut 2xx body: reads re-send once (once-cut); an uncut one is thrown; book and create read', () => {
    const cut = markCutBody(rvError());
    expect(classifyFailure(cut, 'search')).toEqual({
      sent: 'yes',
      finished: false,
      retry: 'once-cut',
      reconcile: 'no',
    });
    expect(classifyFailure(rvError(), 'search')).toMatchObject({ retry: 'no', reconcile: 'no' });
    expect(classifyFailure(cut, 'createBooking')).toMatchObject({ retry: 'no', reconcile: 'until-settled' });
    expect(classifyFailure(cut, 'book')).toMatchObject({ retry: 'no', reconcile: 'until-settled' });
  });

  it('markNotSent takes any thrown value: null passes through unmarked', () => {
    expect(markNotSent(null)).toBeNull();
    expect(markNotSent(undefined)).toBeUndefined();
    expect(classifyFailure(null, 'search')).toEqual({
      sent: 'maybe',
      finished: false,
      retry: 'no',
      reconcile: 'no',
    });
  });
});
