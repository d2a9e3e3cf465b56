// Process A of test/integration/selection-two-processes.test.ts: its own client searches the
// sandbox at FW_URL, picks a (non-cheapest) choice and prints only the selection token.
import { Fareway, type SearchParams } from '../../../src/index.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} missing`);
  return value;
};
const fareway = new Fareway({ apiKey: env('FW_KEY'), baseUrl: env('FW_URL'), logger: null });
const results = await fareway.flights.search(JSON.parse(env('FW_SEARCH')) as SearchParams);
const out = results.outbound[1] ?? results.outbound[0]!;
const back = results.isRoundTrip ? results.returnsFor(out).at(-1) : undefined;
const selection = back ? results.select(out, back) : results.select(out);
process.stdout.write(`${await fareway.flights.selectionToken(selection)}\n`);
await fareway.close();
