// Child process of the shared-budget tests and benchmarks: fires COUNT searches through the public
// client against URL, sharing its budget through Redis (REDIS_PORT, or CLUSTER_PORTS "p1,p2,p3"
// for a Redis Cluster client; neither: local limits), waits for "go" on stdin when WAIT_GO is
// set, prints one JSON line, closes and must then exit by itself.
import { createInterface } from 'node:readline';
import { Cluster } from 'ioredis';
import { Fareway } from '../../src/index.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} missing`);
  return value;
};
const SEARCH = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10),
  adult_count: 1,
} as const;
const warnings: string[] = [];
let rateLimited = 0;
const sends: number[] = [];
const cluster = process.env.CLUSTER_PORTS
  ? new Cluster(
      process.env.CLUSTER_PORTS.split(',').map((port) => ({ host: '127.0.0.1', port: Number(port) })),
    )
  : undefined;
cluster?.on('error', () => undefined);
const fareway = new Fareway({
  apiKey: env('API_KEY'),
  baseUrl: env('URL'),
  rateLimits: {
    search: { limit: Number(env('LIMIT')), windowMs: Number(env('WINDOW_MS')) },
    redis:
      cluster ??
      (process.env.REDIS_PORT ? { host: '127.0.0.1', port: Number(process.env.REDIS_PORT) } : undefined),
  },
  maxRetries: 3,
  logger: { warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
  hooks: {
    onRateLimited: () => rateLimited++,
    onRequest: () => sends.push(Date.now()),
  },
});
await fareway.ready();
if (process.env.WAIT_GO) {
  const lines = createInterface({ input: process.stdin });
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => lines.on('line', (l) => l === 'go' && resolve()));
  lines.close();
  process.stdin.destroy();
}
const goAt = Date.now();
let failures = 0;
await Promise.all(
  Array.from({ length: Number(env('COUNT')) }, () =>
    fareway.flights.search(SEARCH).catch((e: unknown) => {
      failures++;
      warnings.push(`search failed: ${e instanceof Error ? e.message : String(e)}`);
    }),
  ),
);
const lastAt = Date.now();

process.stdout.write(`${JSON.stringify({ goAt, lastAt, sends, rateLimited, failures, warnings })}\n`);
await fareway.close();
await cluster?.quit();
