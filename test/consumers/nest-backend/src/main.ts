// The service's entry point: `node dist/src/main.js`; FAREWAY_API_KEY and FAREWAY_BASE_URL come
// from the environment. On SIGTERM (or SIGINT) Nest runs the shutdown hooks: the HTTP server stops
// accepting and lets the requests in flight answer, then FarewayModule closes the client. Nest then
// re-raises the signal (the process ends 143 on SIGTERM) unless `useProcessExit` asks it to exit 0
// once the hooks are done, which orchestrators read as a clean stop.
import 'reflect-metadata';
import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';

const app = await NestFactory.create(AppModule, { logger: ['log', 'warn', 'error'] });
app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
// Once Nest has closed the server, a keep-alive connection whose last answer has gone closes at
// once instead of after its idle timeout: the process exits as soon as the last answer is out.
const server = app.getHttpServer() as Server;
server.on('request', (_req, res) =>
  res.once('finish', () => server.listening || setImmediate(() => server.closeIdleConnections())),
);
await app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
console.log(`node ${process.version}: listening on ${await app.getUrl()}`);
