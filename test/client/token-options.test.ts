/**
 * `selectionToken` / `selectionFromToken` send nothing, so their (deprecated) `options` do nothing
 * but are honest (issue 34): an invalid option is refused, an aborted `signal` refuses, and
 * without options both work. Driven through the public API against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/index.js';
import { inDays, useSandbox } from '../helpers/sandbox.js';

const { client, sandbox } = useSandbox({ seed: 35 });
const params = { origin: 'BLR', destination: 'GOI', preferred_departure_time: inDays(30) };

describe('selection token options: deprecated, checked, otherwise ignored', () => {
  it('refuses an invalid option and an aborted signal; works without options; sends nothing', async () => {
    const fw = client();
    const results = await fw.flights.search(params);
    const selection = results.select(results.outbound[0]!);
    const before = sandbox.control.requests().length;

    const token = await fw.flights.selectionToken(selection);
    expect((await fw.flights.selectionFromToken(token)).trace_id).toBe(results.trace_id);

    await expect(fw.flights.selectionToken(selection, { timeout: -1 })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(fw.flights.selectionFromToken(token, { bogus: 1 } as never)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    const aborted = AbortSignal.abort(new Error('gone'));
    await expect(fw.flights.selectionToken(selection, { signal: aborted })).rejects.toThrow('gone');
    await expect(fw.flights.selectionFromToken(token, { signal: aborted })).rejects.toThrow('gone');
    // A live signal and a timeout change nothing.
    const live = new AbortController().signal;
    expect(await fw.flights.selectionToken(selection, { signal: live, timeout: 1 })).toEqual(
      expect.any(String),
    );
    expect(sandbox.control.requests().length).toBe(before);
  });
});
