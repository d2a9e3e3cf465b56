// An ESM app compiled with TypeScript 7's tsc (module NodeNext) against the packed tarball, then
// run with node. With REDIS_PORT set, two child processes of this app share one budget and the
// book lock through Redis with ioredis 6 (RESP3 by default); see redis.ts.
import { Fareway, FarewayError, NotFoundError } from 'fareway';
import { createSandbox } from 'fareway/sandbox';
import { bookOne } from './flow.js';
import { checkRedis } from './redis.js';

console.log(`node ${process.version}`);
const sandbox = createSandbox({ seed: 1 });
const server = await sandbox.listen();
const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
try {
  const pnr = await bookOne(fareway);
  const missing = await fareway.bookings
    .retrieve('00000000-0000-4000-8000-000000000000')
    .catch((e: unknown) => e);
  if (!(missing instanceof NotFoundError) || !(missing instanceof FarewayError))
    throw new Error('expected NotFoundError');
  console.log(`PNR: ${pnr}`);
  if (process.env.REDIS_PORT) await checkRedis(sandbox, server, fareway, Number(process.env.REDIS_PORT));
  else console.log('redis: skipped (REDIS_PORT is not set)');
} finally {
  await fareway.close();
  await server.close();
}
