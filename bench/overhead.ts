/**
 * SDK overhead vs raw fetch (goal (b)): one cheap SDK call against a bare `fetch` of the same
 * loopback endpoint, throttling off on both sides.
 *
 *   node --import ./examples/register.mjs bench/overhead.ts
 *
 * Endpoint: get-booking (`GET /v1/flights/booking/{id}/`) of a booking created first. Not
 * autocomplete: the SDK caches it, which would measure the cache. (A) `fareway.bookings.retrieve(id)`
 * with `rateLimits: false, logger: null`; (B) `fetch(url, { headers }) → await res.json()`.
 * Interleaved in one run (the order alternates A B / B A), after a warm-up; the figure is
 * median(A) / median(B). Goal: ≤ 1.25×.
 *
 * `--only=sdk|raw` runs one side in a loop (for `node --cpu-prof`), printing nothing else.
 */
import { Fareway } from '../src/index.js';
import { createSandbox } from '../src/sandbox/index.js';
import { isMain, median, printResults, quantile, round, type BenchResult } from './_util.js';

const GOAL = 1.25;

export async function run(options: { iterations?: number; warmup?: number } = {}): Promise<BenchResult[]> {
  const iterations = options.iterations ?? 2000;
  const warmup = options.warmup ?? 300;
  const sandbox = createSandbox({ seed: 5 });
  const server = await sandbox.listen({ port: 0, rateLimits: false });
  const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, rateLimits: false, logger: null });
  try {
    const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const results = await fareway.flights.search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: day, adult_count: 1 });
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    const id = booking.booking_id;
    const url = `${server.url}/v1/flights/booking/${id}/`;
    const headers = { Authorization: `Api-Key ${server.apiKey}` };

    const sdk = async () => {
      const b = await fareway.bookings.retrieve(id);
      if (b.booking_id !== id) throw new Error('wrong booking');
    };
    const raw = async () => {
      const res = await fetch(url, { headers });
      const body = (await res.json()) as { booking_id?: string };
      if (body.booking_id !== id) throw new Error(`raw fetch: unexpected body (status ${res.status})`);
    };
    const rawBytes = (await (await fetch(url, { headers })).text()).length;

    const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
    if (only === 'sdk' || only === 'raw') {
      const fn = only === 'sdk' ? sdk : raw;
      for (let i = 0; i < iterations * 2; i++) await fn();
      return [];
    }

    for (let i = 0; i < warmup; i++) {
      await sdk();
      await raw();
    }
    const a: number[] = [];
    const b: number[] = [];
    const time = async (fn: () => Promise<void>, into: number[]) => {
      const t = performance.now();
      await fn();
      into.push(performance.now() - t);
    };
    for (let i = 0; i < iterations; i++) {
      if (i % 2 === 0) {
        await time(sdk, a);
        await time(raw, b);
      } else {
        await time(raw, b);
        await time(sdk, a);
      }
    }
    const ma = median(a);
    const mb = median(b);
    const ratio = ma / mb;
    return [
      {
        name: 'overhead: bookings.retrieve vs raw fetch',
        ratio,
        goal: `median(SDK) / median(raw fetch) ≤ ${GOAL}`,
        met: ratio <= GOAL,
        figures: {
          endpoint: 'GET /v1/flights/booking/{id}/ (loopback sandbox, no rate limits)',
          'response bytes': rawBytes,
          'iterations each (interleaved, after warm-up)': `${iterations} (warm-up ${warmup})`,
          'SDK median ms': round(ma, 3),
          'raw fetch median ms': round(mb, 3),
          'ratio median(SDK)/median(raw)': round(ratio, 3),
          'SDK − raw, median ms': round(ma - mb, 3),
          'SDK p25 / p75 / p95 ms': `${round(quantile(a, 0.25), 3)} / ${round(quantile(a, 0.75), 3)} / ${round(quantile(a, 0.95), 3)}`,
          'raw p25 / p75 / p95 ms': `${round(quantile(b, 0.25), 3)} / ${round(quantile(b, 0.75), 3)} / ${round(quantile(b, 0.95), 3)}`,
        },
      },
    ];
  } finally {
    await fareway.close();
    await server.close();
  }
}

if (isMain(import.meta.url)) {
  const results = await run();
  if (results.length) printResults(results);
}
