import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;

const tsNode = new URL('../../node_modules/ts-node/dist/bin.js', import.meta.url).pathname;

/** Runs an example as a partner types it (`npx ts-node examples/<name>`), sandbox in-process. */
async function example(name: string) {
  const env = { ...process.env };
  delete env.FAREWAY_BASE_URL;
  delete env.FAREWAY_API_KEY;
  delete env.TS_NODE_PROJECT;
  delete env.NODE_OPTIONS;
  return run(process.execPath, [tsNode, `examples/${name}`], { cwd: root, env, timeout: 90_000 });
}

describe('examples', () => {
  it.each(['quickstart.ts', 'round-trip.ts', 'guided.ts', 'errors.ts'])(
    '%s exits 0, prints a PNR and no warning',
    async (name) => {
      const { stdout, stderr } = await example(name);
      expect(stdout).toMatch(/PNR:? [A-Z0-9]{6}/);
      expect(stderr).not.toMatch(/Warning|ERR_/);
    },
    120_000,
  );

  it('quickstart walks every step and ends with the PNR', async () => {
    const { stdout } = await example('quickstart.ts');
    for (const step of [
      'Airports',
      'Search',
      'Fare rules',
      'Create',
      'Passengers',
      'Reprice',
      'Book',
      'Retrieve',
      'List',
    ])
      expect(stdout).toContain(step);
    expect(stdout).toMatch(/expires in \d+ min/);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^PNR: [A-Z0-9]{6}$/);
  }, 120_000);

  it('errors.ts catches each failure by its class', async () => {
    const { stdout } = await example('errors.ts');
    expect(stdout).toMatch(
      /FareExpired(Locally)?Error \(local: (true|false), code: fare_expired(_locally)?\)/,
    );
    expect(stdout).toMatch(
      /what to do: https:\/\/github\.com\/fareway-dev\/fareway\/blob\/main\/docs\/errors-and-retries\.md#fare_expired/,
    );
    expect(stdout).toMatch(/PriceChangedError/);
    expect(stdout).toMatch(/InsufficientBalanceError \(402\).*code insufficient_balance\]/);
  }, 120_000);
});
