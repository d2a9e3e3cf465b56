// A child process of this app (redis.ts starts two): a client sharing its limits through Redis
// with a ioredis 6 instance. ROLE=search: on "go", 3 searches under a budget of 3 per minute that
// the two children share; on "stop", the ones still waiting are cancelled. ROLE=book: on "go",
// books BOOKING_ID. Prints one JSON line last and exits by itself.
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { Fareway } from 'fareway';
import { SEARCH } from './flow.js';

const logs: string[] = [];
const infos: string[] = [];
const redis = new Redis(Number(process.env.REDIS_PORT), '127.0.0.1');
const fareway = new Fareway({
  apiKey: process.env.API_KEY!,
  baseUrl: process.env.URL!,
  maxRetries: 0,
  rateLimits: { search: { limit: 3, windowMs: 60_000 }, redis },
  logLevel: 'info', // the "waiting for a book in another process" line is info
  logger: {
    info: (m) => void infos.push(m),
    warn: (m) => void logs.push(m),
    error: (m) => void logs.push(m),
  },
});
const input = createInterface({ input: process.stdin });
const words = input[Symbol.asyncIterator]();
async function expectWord(word: string): Promise<void> {
  const { value } = await words.next();
  if (value !== word) throw new Error(`expected "${word}" on stdin, got ${String(value)}`);
}

try {
  await fareway.ready();
  console.log('ready');
  await expectWord('go');
  if (process.env.ROLE === 'search') {
    const stop = new AbortController();
    let sent = 0;
    let held = 0;
    const calls = Array.from({ length: 3 }, () =>
      fareway.flights.search(SEARCH, { signal: stop.signal }).then(
        () => {
          sent++;
          console.log('searched');
        },
        (error: unknown) => {
          if (!stop.signal.aborted) throw error;
          held++;
        },
      ),
    );
    await expectWord('stop');
    stop.abort();
    await Promise.all(calls);
    console.log(JSON.stringify({ sent, held, logs }));
  } else {
    const done = await fareway.bookings.book(process.env.BOOKING_ID!);
    const waited = infos.some((m) => m.includes('in flight in another process'));
    console.log(JSON.stringify({ pnr: done.pnr, reconciled: done.reconciled, waited, logs }));
  }
} finally {
  input.close();
  process.stdin.destroy();
  await fareway.close();
  redis.disconnect();
}
