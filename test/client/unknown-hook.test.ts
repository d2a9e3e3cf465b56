/**
 * No option accepted that does nothing (issue 34): a `hooks` key that is no hook is accepted (1.x
 * never refuses what 1.1 took) but warned about once, at construction, with the nearest hook.
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const { client } = useSandbox({ seed: 36 });

describe('hooks under an unknown name', () => {
  it('warns naming the key and the hook it may mean; a known hook is silent and is called', async () => {
    const warned: string[] = [];
    const logger = { warn: (m: string) => void warned.push(m) };
    let responses = 0;
    const fw = client({
      logger,
      hooks: { onRespons: () => undefined, onResponse: () => void responses++ } as never,
    });
    expect(warned).toEqual(['hooks.onRespons is never called: unknown hook — did you mean onResponse?']);
    await fw.airports.autocomplete('bom');
    expect(responses).toBe(1);

    warned.length = 0;
    client({ logger, hooks: { onResponse: () => undefined } });
    expect(warned).toEqual([]);
  });
});
