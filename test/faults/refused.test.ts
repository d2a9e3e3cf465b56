/**
 * A refused connection (nothing listens on the port): every endpoint settles with an
 * APIConnectionError that names the host and the cause (issue 10 item 4), with no unhandled
 * rejection. Nothing can have happened, so a create may be re-sent here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionError, Fareway } from '../../src/index.js';
import { freePort } from '../helpers/redis.js';
import { CLIENT, ENDPOINTS, callEndpoint, countUnhandled, describeSettled, settle } from './harness.js';

const unhandled = countUnhandled();
let port: number;
let fareway: Fareway;
const pre = {
  trace_id: '8f0e5a2c-1b1f-4c55-9a55-0c2f3c1f9a01',
  result_index: '5b0e2a1c-7c1f-4c55-9a55-0c2f3c1f9a02',
  booking_id: '2a0e5a2c-1b1f-4c55-9a55-0c2f3c1f9a03',
};

beforeAll(async () => {
  port = await freePort();
  fareway = new Fareway({
    apiKey: 'refused_key_0123456789abcdef',
    baseUrl: `http://127.0.0.1:${port}`,
    logger: null,
    rateLimits: false,
    ...CLIENT,
  });
});
afterAll(async () => {
  unhandled.stop();
  await fareway.close();
});

describe('connection refused', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint}: APIConnectionError naming the host and ECONNREFUSED`, async () => {
      // A refused connection is a known non-send: book too must say so (no reconcile is needed,
      // but the bound leaves room for one).
      const bound =
        2 * (CLIENT.maxRetries + 1) * CLIENT.timeout +
        5_000 +
        (endpoint === 'book' ? CLIENT.bookReconcile.timeoutMs : 0);
      const s = await settle(callEndpoint(fareway, endpoint, pre), bound);
      expect(s.kind, describeSettled(s)).toBe('error');
      const error = (s as { error: Error }).error;
      expect(error, describeSettled(s)).toBeInstanceOf(APIConnectionError);
      expect(error.message).toContain(`127.0.0.1:${port}`);
      expect(error.message).toContain('ECONNREFUSED');
      expect(error.message).not.toContain('refused_key_0123456789abcdef');
    }, 40_000);
  }
  it('produced zero unhandled rejections', () => {
    expect(unhandled.reasons.map(String)).toEqual([]);
  });
});
