/**
 * Input fuzz: seeded bad inputs over every public method and the per-call options, against the
 * sandbox behind a counting fetch (`new Fareway({ fetch })`). Counts:
 * - crashes: a rejection that is not a FarewayError, a FarewayError other than
 *   RequestValidationError (the input was bad), or a call that succeeded; with a pre-aborted
 *   signal (and valid input), anything but a rejection with the signal's own reason;
 * - hangs: a call not settled within `boundMs`;
 * - escapes: requests other than reads (GET) that reached the fetch during a bad call (a bad call
 *   may read: savePassengers by id retrieves the booking to report every problem at once);
 * - wire: unknown keys or prototype keys in any request body the fetch saw (setup included);
 * - unhandled rejections during the run.
 *
 * Run: `npm run bench:fuzz` (node --import ./examples/register.mjs bench/fuzz-inputs.ts [cases] [seed]).
 */
import fc from 'fast-check';
import { getResponse } from 'msw';
import { Fareway, FarewayError, RequestValidationError } from '../src/index.js';
import { isAllowedPassengerKey } from '../src/schemas/passenger.js';
import { createSandbox } from '../src/sandbox/index.js';
import { badCall, type FuzzWorld } from './fuzz-inputs-cases.js';
import { isMain } from './_util.js';

export interface InputFuzzCounts {
  cases: number;
  seed: number;
  crashes: number;
  hangs: number;
  escapes: number;
  wireUnknownKeys: number;
  wirePrototypeKeys: number;
  unhandledRejections: number;
  /** Requests other than reads the valid setup sent (search, create): the baseline, not escapes. */
  setupRequests: number;
  byMethod: Record<string, number>;
  /** Up to 10 examples of each kind of failure, for a report. */
  examples: string[];
  elapsedMs: number;
}

/** Request body keys the SDK may send, by path. */
const BODY_KEYS: Record<string, readonly string[]> = {
  '/v1/flights/search/': [
    'direct_flight',
    'adult_count',
    'child_count',
    'infant_count',
    'flight_cabin_class',
    'journey_type',
    'preferred_departure_time',
    'preferred_return_departure_time',
    'origin',
    'destination',
    'source',
  ],
  '/v1/flights/fare-rules/': ['trace_id', 'result_index'],
  '/v1/flights/booking/': ['trace_id', 'result_indices'],
};
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

function protoKeys(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let n = 0;
  for (const key of Object.keys(value)) {
    if (PROTO_KEYS.includes(key)) n++;
    n += protoKeys((value as Record<string, unknown>)[key]);
  }
  return n;
}

/** Unknown keys in one request body (JSON text as sent). */
function unknownKeys(path: string, body: unknown): string[] {
  if (body === null || typeof body !== 'object') return [];
  if (path.endsWith('/passengers/')) {
    const list = (body as { passengers?: unknown }).passengers;
    return Array.isArray(list)
      ? list.flatMap((p) =>
          p && typeof p === 'object' ? Object.keys(p).filter((k) => !isAllowedPassengerKey(k)) : [],
        )
      : [];
  }
  const known = BODY_KEYS[path];
  return known ? Object.keys(body).filter((k) => !known.includes(k)) : [];
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message.slice(0, 160)}`;
  try {
    return `${typeof value} ${String(value).slice(0, 80)}`;
  } catch {
    return typeof value;
  }
}

/** Runs `cases` seeded bad calls and returns the counts. */
export async function runInputFuzz(
  options: { cases?: number; seed?: number; boundMs?: number } = {},
): Promise<InputFuzzCounts> {
  const cases = options.cases ?? 10_000;
  const seed = options.seed ?? 20261123;
  const boundMs = options.boundMs ?? 5_000;
  const sandbox = createSandbox({ seed: 7 });
  const bodies: { path: string; text: string }[] = [];
  let requests = 0;
  const countingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== 'GET') requests++;
    bodies.push({ path: new URL(request.url).pathname, text: await request.clone().text() });
    return (await getResponse(sandbox.handlers, request)) ?? new Response('no handler', { status: 404 });
  };
  const fareway = new Fareway({
    apiKey: sandbox.apiKey,
    baseUrl: 'https://sandbox.fareway.test',
    fetch: countingFetch,
    logger: null,
    rateLimits: false,
    maxRetries: 0,
  });

  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const started = performance.now();
  const counts: InputFuzzCounts = {
    cases,
    seed,
    crashes: 0,
    hangs: 0,
    escapes: 0,
    wireUnknownKeys: 0,
    wirePrototypeKeys: 0,
    unhandledRejections: 0,
    setupRequests: 0,
    byMethod: {},
    examples: [],
    elapsedMs: 0,
  };
  const example = (kind: string, label: string, what: string) => {
    if (counts.examples.filter((e) => e.startsWith(kind)).length < 10)
      counts.examples.push(`${kind} ${label}: ${what}`);
  };

  try {
    const departure = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const searchParams = {
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: departure,
      adult_count: 1,
    };
    const results = await fareway.flights.search(searchParams);
    const selection = results.select(results.outbound[0]!);
    const created = await fareway.bookings.create(selection);
    const booking = await fareway.bookings.retrieve(created.booking_id);
    const world: FuzzWorld = {
      searchParams,
      selection: { trace_id: selection.trace_id, result_indices: [...selection.result_indices] },
      traceId: selection.trace_id,
      resultIndex: selection.result_indices[0]!,
      bookingId: created.booking_id,
      booking,
      passengers: [
        {
          title: 'Ms',
          first_name: 'Asha',
          last_name: 'Rao',
          gender: 'female',
          pax_type: 'adult',
          dob: '1980-04-12',
          is_lead: true,
          email: 'asha@example.com',
          contact_number: '9876543210',
          cell_country_code: '91',
          passport_number: 'P1000000',
          passport_expiry: '2035-01-01',
          nationality: 'IN',
        },
      ],
    };
    counts.setupRequests = requests;

    for (const call of fc.sample(badCall, { seed, numRuns: cases })) {
      counts.byMethod[call.method] = (counts.byMethod[call.method] ?? 0) + 1;
      const before = requests;
      const bodiesBefore = bodies.length;
      let timer: NodeJS.Timeout | undefined;
      const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), boundMs)));
      const outcome = await Promise.race([
        Promise.resolve()
          .then(() => call.run(fareway, world))
          .then(
            () => ({ ok: true as const }),
            (error: unknown) => ({ ok: false as const, error }),
          ),
        hang,
      ]);
      clearTimeout(timer);
      if (outcome === 'hang') {
        counts.hangs++;
        example('hang', call.label, `not settled within ${boundMs} ms`);
      } else if (call.expectReason !== undefined) {
        if (outcome.ok || outcome.error !== call.expectReason) {
          counts.crashes++;
          example(
            'crash',
            call.label,
            outcome.ok ? 'succeeded despite a pre-aborted signal' : describe(outcome.error),
          );
        }
      } else if (outcome.ok) {
        counts.crashes++;
        example('crash', call.label, 'succeeded on bad input');
      } else if (!(outcome.error instanceof FarewayError)) {
        counts.crashes++;
        example('crash', call.label, describe(outcome.error));
      } else if (!(outcome.error instanceof RequestValidationError)) {
        counts.crashes++;
        example('wrong-class', call.label, describe(outcome.error));
      }
      if (requests > before) {
        counts.escapes += requests - before;
        example(
          'escape',
          call.label,
          bodies
            .slice(bodiesBefore)
            .map((b) => b.path)
            .join(', '),
        );
      }
    }
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    await fareway.close();
    process.off('unhandledRejection', onUnhandled);
  }

  for (const { path, text } of bodies) {
    if (!text) continue;
    const body = JSON.parse(text) as unknown;
    const unknown = unknownKeys(path, body);
    counts.wireUnknownKeys += unknown.length;
    if (unknown.length) example('wire-unknown', path, unknown.join(', '));
    const proto = protoKeys(body);
    counts.wirePrototypeKeys += proto;
    if (proto) example('wire-proto', path, text.slice(0, 120));
  }
  counts.unhandledRejections = unhandled.length;
  for (const reason of unhandled) example('unhandled', 'rejection', describe(reason));
  counts.elapsedMs = Math.round(performance.now() - started);
  return counts;
}

if (isMain(import.meta.url)) {
  const cases = Number(process.argv[2] ?? 10_000);
  const seed = Number(process.argv[3] ?? 20261123);
  const counts = await runInputFuzz({ cases, seed });
  console.log(JSON.stringify(counts, null, 2));
  const bad =
    counts.crashes +
    counts.hangs +
    counts.escapes +
    counts.wireUnknownKeys +
    counts.wirePrototypeKeys +
    counts.unhandledRejections;
  process.exitCode = bad === 0 ? 0 : 1;
}
