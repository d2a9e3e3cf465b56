/**
 * Per-call cost of the SDK against raw `fetch` (issue 12 item 3), and against what a partner would
 * write with the same stack (ky + zod), on a node:http server on 127.0.0.1 in this process.
 *
 *   node --import ./examples/register.mjs bench/overhead.ts
 *
 * Two endpoints: GET booking (`bookings.retrieve(id)`) and POST search with a small body
 * (`flights.search(params)`), each answered with a small canned body (test/fixtures/wire.ts).
 * Sides, interleaved call by call in a shuffled order each round after a warm-up (medians compared):
 *   raw        fetch(url, init) → await res.json()
 *   ky         ky(url, …).json()                        (ky alone, its defaults but retry off)
 *   ky+zod     ky(url, …).json() → Schema.parse(data)   (the partner's hand-written client)
 *   transport  the SDK's Transport.send alone (no retry, limiter, validation or model)
 *   pipeline   Requester.send (retry wrapper, hooks, limiter off) over that transport
 *   pipeline+check   the same plus the response check the method runs (the booking schema, the
 *              hand-written search checker + SearchResults for search): its cost in context
 *   sdk        the public method, `rateLimits: false`
 *   sdk+lim    the public method with the limiter on (limits high enough never to wait)
 * Plus, outside the interleaving, the same checks in a tight loop (µs per call): far cheaper there
 * than in context, where caches are shared with undici and the HTTP parser.
 *
 * The SDK carries every request on ky (issue 18), so its budget is the hand-written ky + zod call:
 * median(sdk) / median(ky+zod) ≤ 1.10 in the same run (issue 24 decided it: the limiter, the
 * guards and the typed errors cost a little; more than 10 % is a regression). The ratios to raw
 * fetch are kept beside it.
 *
 * `--only=<side>` runs one side of GET in a loop (for `node --cpu-prof`), printing nothing.
 */
import { createServer, type Server } from 'node:http';
import ky from 'ky';
import { createLimiter } from '../src/core/limiter/limiter.js';
import { Requester } from '../src/core/call/requester.js';
import { Call } from '../src/core/call/call.js';
import { readAnswer } from '../src/core/call/reader.js';
import { Transport } from '../src/core/wire/transport.js';
import { Tracing } from '../src/core/call/tracing.js';
import { Fareway } from '../src/index.js';
import { parseSearchResponse } from '../src/core/call/parse-search.js';
import { RetrieveBookingAnswer, RetrieveBookingResponseSchema } from '../src/schemas/booking.js';
import { SearchParamsSchema, SearchResponseSchema, toSearchRequestBody } from '../src/schemas/search.js';
import { BOOKING, bookingBody, oneWaySearch } from '../test/fixtures/wire.js';
import { isMain, median, printResults, quantile, round, type BenchResult } from './_util.js';

const GOAL_KY_ZOD = 1.1;
const GOAL_OFF = 1.2;
const GOAL_LIMITER = 1.25;
const KEY = 'bench_key_0123456789abcdef';

type Side = 'raw' | 'ky' | 'ky+zod' | 'transport' | 'pipeline' | 'pipeline+check' | 'sdk' | 'sdk+lim';
const SIDES: readonly Side[] = [
  'raw',
  'ky',
  'ky+zod',
  'transport',
  'pipeline',
  'pipeline+check',
  'sdk',
  'sdk+lim',
];

async function serve(booking: string, search: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const body = req.method === 'POST' ? search : booking;
    const reply = () =>
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_bench' }).end(body);
    if (req.method === 'POST') req.resume().on('end', reply);
    else reply();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { server, url: `http://127.0.0.1:${address.port}` };
}

/** A small seeded generator, so runs shuffle alike. */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Median µs of `fn` over `n` runs (synchronous work: the response checks). */
function microMedian(n: number, fn: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn();
    times.push((performance.now() - t) * 1000);
  }
  return median(times);
}

export async function run(options: { iterations?: number; warmup?: number } = {}): Promise<BenchResult[]> {
  const iterations = options.iterations ?? 3000;
  const warmup = options.warmup ?? 300;
  const bookingJson = JSON.stringify(bookingBody('confirmed'));
  const searchJson = JSON.stringify(oneWaySearch());
  const { server, url } = await serve(bookingJson, searchJson);
  const base = { apiKey: KEY, baseUrl: url, logger: null, maxRetries: 2 } as const;
  const off = new Fareway({ ...base, rateLimits: false });
  const high = { limit: 1_000_000, windowMs: 60_000 };
  const lim = new Fareway({ ...base, rateLimits: { search: high, book: high, other: high } });
  const transport = new Transport({ baseUrl: url, apiKey: KEY, defaultHeaders: {} });
  const requester = new Requester(
    transport,
    createLimiter(KEY, false, undefined),
    {
      timeout: 30_000,
      maxRetries: 2,
      maxRetryAfterMs: 60_000,
      retryBaseDelayMs: 500,
      retryMaxDelayMs: 8_000,
      logger: {},
      hooks: {},
    },
    new Tracing(url),
  );
  const kyClient = ky.create({ prefix: url, retry: 0, headers: { authorization: `Api-Key ${KEY}` } });
  const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const params = { origin: 'DEL', destination: 'BOM', preferred_departure_time: day, adult_count: 1 };
  const wireBody = JSON.stringify({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: day,
    adult_count: '1',
    child_count: '0',
    infant_count: '0',
    cabin_class: '2',
    source: 'supplier_a',
  });
  const wireObject: unknown = JSON.parse(wireBody);
  const bookingPath = `/v1/flights/booking/${BOOKING}/`;
  const getReq = { endpoint: 'retrieve', method: 'GET', path: bookingPath, auth: true } as const;
  const postReq = {
    endpoint: 'search',
    method: 'POST',
    path: '/v1/flights/search/',
    body: wireObject,
    auth: true,
  } as const;
  const auth = { authorization: `Api-Key ${KEY}` };

  const get: Record<Side, () => Promise<unknown>> = {
    raw: async () => (await fetch(url + bookingPath, { headers: auth })).json(),
    ky: () => kyClient.get(bookingPath.slice(1)).json(),
    'ky+zod': async () =>
      RetrieveBookingResponseSchema.parse(await kyClient.get(bookingPath.slice(1)).json()),
    transport: () => transport.send(getReq, { timeout: 30_000 }),
    pipeline: () => requester.send(getReq, new Call()),
    'pipeline+check': async () =>
      readAnswer(
        { hooks: {}, logger: {} },
        RetrieveBookingAnswer,
        await requester.send(getReq, new Call()),
        getReq,
      ),
    sdk: () => off.bookings.retrieve(BOOKING),
    'sdk+lim': () => lim.bookings.retrieve(BOOKING),
  };
  const post: Record<Side, () => Promise<unknown>> = {
    raw: async () =>
      (
        await fetch(url + '/v1/flights/search/', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(wireObject),
        })
      ).json(),
    ky: () => kyClient.post('v1/flights/search/', { json: wireObject }).json(),
    'ky+zod': async () =>
      SearchResponseSchema.parse(await kyClient.post('v1/flights/search/', { json: wireObject }).json()),
    transport: () => transport.send(postReq, { timeout: 30_000 }),
    pipeline: () => requester.send(postReq, new Call()),
    'pipeline+check': async () =>
      parseSearchResponse((await requester.send(postReq, new Call())).data, { source: 'supplier_a' }),
    sdk: () => off.flights.search(params),
    'sdk+lim': () => lim.flights.search(params),
  };

  try {
    const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) as
      Side | undefined;
    if (only && SIDES.includes(only)) {
      for (let i = 0; i < iterations * 3; i++) await get[only]();
      return [];
    }
    const random = lcg(12);
    const measure = async (fns: Record<Side, () => Promise<unknown>>) => {
      for (let i = 0; i < warmup; i++) for (const s of SIDES) await fns[s]();
      const times = Object.fromEntries(SIDES.map((s) => [s, [] as number[]])) as Record<Side, number[]>;
      // Each round runs every side once, so a load spike hits a round, not one side.
      for (let i = 0; i < iterations; i++) {
        // A fresh order every round: a side must not always follow the same one (ky's garbage
        // would be collected on the next side's time).
        const order = shuffled(SIDES, random);
        for (const side of order) {
          const t = performance.now();
          await fns[side]();
          times[side].push(performance.now() - t);
        }
      }
      return times;
    };
    const getTimes = await measure(get);
    const postTimes = await measure(post);

    const bookingData: unknown = JSON.parse(bookingJson);
    const searchData: unknown = JSON.parse(searchJson);
    const bookingCheckUs = microMedian(20_000, () => RetrieveBookingAnswer.schema.safeParse(bookingData));
    const bookingJsonUs = microMedian(20_000, () => JSON.parse(bookingJson));
    const bookingInterpretedUs = microMedian(20_000, () =>
      RetrieveBookingResponseSchema.safeParse(bookingData),
    );
    const searchModelUs = microMedian(20_000, () =>
      parseSearchResponse(searchData, { source: 'supplier_a' }),
    );
    const searchInputUs = microMedian(20_000, () => toSearchRequestBody(SearchParamsSchema.parse(params)));
    const zodSearchUs = microMedian(20_000, () => SearchResponseSchema.safeParse(searchData));

    const report = (
      name: string,
      endpoint: string,
      bytes: number,
      times: Record<Side, number[]>,
      checkUs: number,
      checkWhat: string,
    ): BenchResult[] => {
      const m = Object.fromEntries(SIDES.map((s) => [s, median(times[s])])) as Record<Side, number>;
      const ratio = (s: Side) => round(m[s] / m.raw, 3);
      const extraUs = (m.sdk - m.raw) * 1000;
      const figures: Record<string, number | string> = {
        endpoint,
        'response bytes': bytes,
        'iterations per side (interleaved, shuffled order each round, after warm-up)': `${iterations} (warm-up ${warmup})`,
        'raw fetch median ms': round(m.raw, 3),
      };
      for (const s of SIDES.slice(1))
        figures[`${s} median ms / ratio to raw`] = `${round(m[s], 3)} / ${ratio(s)}×`;
      const perRound = times.sdk.map((t, i) => t / (times.raw[i] as number));
      figures['median of per-round ratios sdk/raw'] = `${round(median(perRound), 3)}×`;
      figures['p25 ratio sdk/raw (less load noise)'] =
        `${round(quantile(times.sdk, 0.25) / quantile(times.raw, 0.25), 3)}×`;
      const us = (a: Side, b: Side) => round((m[a] - m[b]) * 1000, 1);
      figures['sdk − raw, median µs'] = round(extraUs, 1);
      figures['  ky itself: ky − raw, µs'] = us('ky', 'raw');
      figures['  fetch layer: transport − raw, µs'] = us('transport', 'raw');
      figures['  transport − ky alone, µs'] = us('transport', 'ky');
      figures['  retry/hooks: pipeline − transport, µs'] = us('pipeline', 'transport');
      figures[`  response check in context (${checkWhat}): pipeline+check − pipeline, µs`] = us(
        'pipeline+check',
        'pipeline',
      );
      figures['  resource layer (input check, model, memory): sdk − pipeline+check, µs'] = us(
        'sdk',
        'pipeline+check',
      );
      figures[`  the same check in a tight loop, µs`] = round(checkUs, 1);
      figures['sdk p25 / p75 / p95 ms'] =
        `${round(quantile(times.sdk, 0.25), 3)} / ${round(quantile(times.sdk, 0.75), 3)} / ${round(quantile(times.sdk, 0.95), 3)}`;
      figures['raw p25 / p75 / p95 ms'] =
        `${round(quantile(times.raw, 0.25), 3)} / ${round(quantile(times.raw, 0.75), 3)} / ${round(quantile(times.raw, 0.95), 3)}`;
      const perRoundKy = times.sdk.map((t, i) => t / (times['ky+zod'][i] as number));
      return [
        {
          name: `overhead: ${name}, SDK vs the same call by hand with ky + zod`,
          ratio: m.sdk / m['ky+zod'],
          goal: `median(SDK) / median(ky + zod by hand) ≤ ${GOAL_KY_ZOD}`,
          met: m.sdk / m['ky+zod'] <= GOAL_KY_ZOD,
          figures: {
            'sdk / ky+zod, median ms': `${round(m.sdk, 3)} / ${round(m['ky+zod'], 3)}`,
            'median of per-round ratios sdk/(ky+zod)': `${round(median(perRoundKy), 3)}×`,
            'sdk+lim / ky+zod': `${round(m['sdk+lim'] / m['ky+zod'], 3)}×`,
            'ky alone / raw, ky+zod / raw, transport / raw': `${ratio('ky')}× / ${ratio('ky+zod')}× / ${ratio('transport')}×`,
          },
        },
        {
          name: `overhead: ${name}, throttling off`,
          ratio: m.sdk / m.raw,
          goal: `median(SDK) / median(raw fetch) ≤ ${GOAL_OFF}`,
          met: m.sdk / m.raw <= GOAL_OFF,
          figures,
        },
        {
          name: `overhead: ${name}, limiter on`,
          ratio: m['sdk+lim'] / m.raw,
          goal: `median(SDK with limiter) / median(raw fetch) ≤ ${GOAL_LIMITER}`,
          met: m['sdk+lim'] / m.raw <= GOAL_LIMITER,
          figures: { 'sdk+lim − sdk, median µs': round((m['sdk+lim'] - m.sdk) * 1000, 1) },
        },
      ];
    };
    return [
      ...report(
        'GET booking (bookings.retrieve)',
        `GET ${bookingPath.replace(BOOKING, '{id}')}`,
        bookingJson.length,
        getTimes,
        bookingCheckUs,
        'RetrieveBookingResponseSchema, as bookings.retrieve reads it',
      ),
      ...report(
        'POST search (flights.search)',
        'POST /v1/flights/search/',
        searchJson.length,
        postTimes,
        searchModelUs,
        'parseSearchResponse',
      ),
      {
        name: 'overhead: resource-layer costs on the search path (for the schema/resource owners)',
        figures: {
          'search input check + wire body (SearchParamsSchema.parse → toSearchRequestBody), median µs per call':
            round(searchInputUs, 1),
          'for reference: plain zod on the search answer (SearchResponseSchema.safeParse), median µs per call':
            round(zodSearchUs, 1),
          'GET booking answer: JSON.parse of the body, median µs per call': round(bookingJsonUs, 2),
          'GET booking answer: its schema (RetrieveBookingAnswer.schema.safeParse), median µs per call':
            round(bookingCheckUs, 2),
          'GET booking answer: zod interpreter (RetrieveBookingResponseSchema.safeParse), median µs per call':
            round(bookingInterpretedUs, 2),
        },
      },
    ];
  } finally {
    await Promise.all([off.close(), lim.close()]);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

if (isMain(import.meta.url)) {
  const results = await run();
  if (results.length) printResults(results);
}
