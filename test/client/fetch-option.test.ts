/** `fetch: sandbox.fetch` works as documented, and a fetch that answers nothing is a clear connection error. */
import { describe, expect, it } from 'vitest';
import { APIConnectionError, Fareway, type FarewayOptions } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';

const params = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: '2099-01-10',
} as const;

describe('the fetch option', () => {
  it('takes sandbox.fetch as it is (no cast) and searches through it', async () => {
    const sandbox = createSandbox({ seed: 2 });
    const options: FarewayOptions = {
      apiKey: sandbox.apiKey,
      baseUrl: 'https://sandbox.test',
      fetch: sandbox.fetch,
      logger: null,
    };
    const fareway = new Fareway(options);
    const results = await fareway.flights.search(params);
    expect(results.outbound.length).toBeGreaterThan(0);
    await fareway.close();
  });

  it('a fetch that answers undefined (sandbox.fetch on a path it does not know) is an APIConnectionError saying so', async () => {
    const sandbox = createSandbox({ seed: 2 });
    // A path prefix the sandbox has no route for: sandbox.fetch answers undefined.
    const fareway = new Fareway({
      apiKey: sandbox.apiKey,
      baseUrl: 'https://sandbox.test/not-here',
      fetch: sandbox.fetch,
      maxRetries: 0,
      logger: null,
    });
    const error = await fareway.flights.search(params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).message).toMatch(
      /to sandbox\.test failed: .*the `fetch` option answered no Response/,
    );
    await fareway.close();
  });
});
