/**
 * Every wait is bounded by the caller's budget (issue 30, item 4): a call that gets no rate-limit
 * token within its `timeout` ends with an APITimeoutError that says nothing was sent. No timing
 * threshold: the window (60 s) is far longer than the test, so only the bound can end the wait.
 * Red on 1.1.0: the second search waited for the window (the test's own timeout failed it).
 */
import { describe, expect, it } from 'vitest';
import { APITimeoutError } from '../../src/index.js';
import { inDays, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 30 });
const search = { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(20) };

describe('queue waits end within the call timeout', () => {
  it('a search that gets no token within its per-call timeout: APITimeoutError, nothing sent, not retried', async () => {
    const fareway = sbx.client({ rateLimits: { search: { limit: 1, windowMs: 60_000 } } });
    await fareway.flights.search(search);
    const error = await fareway.flights.search(search, { timeout: 300 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toMatchObject({ code: 'timeout' });
    expect((error as Error).message).toMatch(/rate-limit token.*nothing was sent/);
    expect(sbx.calls('search')).toHaveLength(1);
  });

  it("the client's timeout bounds the wait when the call gives none", async () => {
    const fareway = sbx.client({ timeout: 300, rateLimits: { search: { limit: 1, windowMs: 60_000 } } });
    await fareway.flights.search(search);
    await expect(fareway.flights.search(search)).rejects.toBeInstanceOf(APITimeoutError);
    expect(sbx.calls('search')).toHaveLength(1);
  });

  it('a caller waiting within its budget is served when the token comes back', async () => {
    const fareway = sbx.client({ rateLimits: { search: { limit: 1, windowMs: 200 }, marginMs: 0 } });
    await fareway.flights.search(search);
    const second = await fareway.flights.search(search, { timeout: 60_000 });
    expect(second.outbound.length).toBeGreaterThan(0);
    expect(sbx.calls('search')).toHaveLength(2);
  });
});
