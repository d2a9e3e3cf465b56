// The service's entry point: `node src/server.ts` (Node strips the types). FAREWAY_API_KEY and
// FAREWAY_BASE_URL come from the environment. On SIGTERM, fastify.close() stops accepting, lets
// the requests in flight answer, then runs the onClose hooks (the Fareway client closes); nothing
// is left on the event loop and the process exits 0.
import { buildApp } from './app.ts';

const app = await buildApp(
  { apiKey: process.env.FAREWAY_API_KEY, baseUrl: process.env.FAREWAY_BASE_URL || undefined },
  { logger: true },
);
// fastify.close() closes the idle keep-alive connections once; a connection whose answer was in
// flight would stay open for Fastify's keepAliveTimeout (72 s) and hold the exit past the
// orchestrator's grace period. While closing, each answer closes its connection.
let closing = false;
app.addHook('onSend', async (_request, reply) => {
  if (closing) reply.header('connection', 'close');
});
const url = await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
console.log(`node ${process.version}: listening on ${url}`);
process.once('SIGTERM', () => {
  closing = true;
  app.log.info('SIGTERM: finishing the requests in flight');
  app.close().then(
    () => app.log.info('closed'),
    (err: unknown) => {
      app.log.error(err, 'shutdown failed');
      process.exitCode = 1;
    },
  );
});
