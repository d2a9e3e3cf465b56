import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Fareway } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { inDays } from '../helpers/sandbox.js';

// A client remembers per search only the roles of its result indices (4-byte hashes) and the
// deadline — never the caller's response. Measured with a real collector: 300 large coupled
// searches (300 outbounds × 6 returns, about 2.4 MiB of options each), dropped by the caller.
setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

describe('bounded memory', () => {
  it('300 dropped large searches retain less than 64 MiB, and the client still checks their indices', async () => {
    const sandbox = createSandbox({ seed: 5, optionCount: 300, inboundOptionCount: 6 });
    const listening = await sandbox.listen();
    // One answer body served for every search: a real 300×6 coupled response of the sandbox.
    const template = await (
      await fetch(`${listening.url}/v1/flights/search/`, {
        method: 'POST',
        headers: { authorization: `Api-Key ${sandbox.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          direct_flight: 'false',
          adult_count: '1',
          child_count: '0',
          infant_count: '0',
          journey_type: '2',
          preferred_departure_time: `${inDays(30)}T00:00:00`,
          preferred_return_departure_time: `${inDays(37)}T00:00:00`,
          origin: 'DEL',
          destination: 'DXB',
          source: 'supplier_a',
        }),
      })
    ).text();
    await listening.close();
    expect(template.length).toBeGreaterThan(1_000_000);
    let n = 0;
    // Each search gets its own trace_id and indices (as real searches do), from fresh JSON text.
    const fetchStub: typeof fetch = async () => {
      n++;
      const body = template.replaceAll(
        /"([0-9a-f]{8})-/g,
        (_m, head: string) => `"${head.slice(0, 4)}${(n % 65536).toString(16).padStart(4, '0')}-`,
      );
      return new Response(body, {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-request-id': `req_${n}` },
      });
    };
    const fareway = new Fareway({
      apiKey: 'sk_test_memory_0001',
      baseUrl: 'http://127.0.0.1:9',
      fetch: fetchStub,
      rateLimits: false,
      logger: null,
    });
    const params = {
      origin: 'DEL',
      destination: 'DXB',
      preferred_departure_time: inDays(30),
      preferred_return_departure_time: inDays(37),
    } as const;

    const before = heapAfterGc();
    let last: { trace_id: string; index: string; display: string } | undefined;
    for (let i = 0; i < 300; i++) {
      const results = await fareway.flights.search(params);
      const out = results.outbound[1]!;
      last = {
        trace_id: results.trace_id,
        index: results.returnsFor(out)[0]!.result_index,
        display: results.outbound[0]!.result_index,
      };
    }
    const retained = heapAfterGc() - before;
    expect(retained).toBeLessThan(64 * 1024 * 1024);

    // What is remembered still works: an index of another search is refused locally, the right one passes the check.
    const wrong = await fareway.bookings
      .create({ trace_id: last!.trace_id, result_indices: ['not-an-index-of-this-search'] })
      .catch((e: unknown) => e);
    expect((wrong as Error).name).toBe('RequestValidationError');
    await fareway.close();
    if (process.env.FAREWAY_REPORT)
      process.stderr.write(
        `retained after 300 dropped searches: ${(retained / 1024 / 1024).toFixed(1)} MiB\n`,
      );
  }, 120_000);
});
