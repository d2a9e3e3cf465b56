// A plain CommonJS app (no TypeScript, no "type": "module"): require('fareway') and
// require('fareway/sandbox') from the packed tarball. With REDIS_PORT set, two child processes of
// this app share one budget and the book lock through Redis, with ioredis 5 options (fareway then
// loads the ioredis this project installed); see redis.cjs.
const { Fareway, FarewayError, NotFoundError, FareExpiredError } = require('fareway');
const { createSandbox } = require('fareway/sandbox');
const { bookOne } = require('./flow.cjs');
const { checkRedis } = require('./redis.cjs');

async function main() {
  console.log(`node ${process.version}`);
  const sandbox = createSandbox({ seed: 5 });
  const server = await sandbox.listen();
  const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
  try {
    const pnr = await bookOne(fareway);
    const missing = await fareway.bookings.retrieve('00000000-0000-4000-8000-000000000000').catch((e) => e);
    if (!(missing instanceof NotFoundError) || !(missing instanceof FarewayError))
      throw new Error('expected NotFoundError');
    if (FareExpiredError.name !== 'FareExpiredError')
      throw new Error(`error class renamed: ${FareExpiredError.name}`);
    console.log(`PNR: ${pnr}`);
    if (process.env.REDIS_PORT) await checkRedis(sandbox, server, fareway, Number(process.env.REDIS_PORT));
    else console.log('redis: skipped (REDIS_PORT is not set)');
  } finally {
    await fareway.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
