// The service's entry point: `node --import ./src/tracing.ts src/server.ts` (Node strips the types).
// FAREWAY_API_KEY and FAREWAY_BASE_URL come from the environment.
import type { AddressInfo } from 'node:net';
import { Fareway } from 'fareway';
import { createApp } from './app.ts';
import { closeGracefully } from './shutdown.ts';

const fareway = new Fareway();
const server = createApp(fareway).listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`node ${process.version}: listening on http://127.0.0.1:${port}`);
});
const shutdown = closeGracefully(server, fareway);
process.once('SIGTERM', () => {
  console.log('SIGTERM: finishing the requests in flight');
  shutdown().then(
    () => console.log('closed'), // nothing left on the event loop: the process exits 0
    (err) => {
      console.error('shutdown failed', err);
      process.exitCode = 1;
    },
  );
});
