// Fareway as a Fastify plugin: one client per application, `app.fareway` in every route, closed
// in onClose. fastify.close() first stops accepting and lets the requests in flight answer (its
// own onClose, registered when the app is ready, runs before the plugins'), then this hook closes
// the client: a confirm in flight still books (the SIGTERM test shows it).
import fp from 'fastify-plugin';
import { Fareway, type FarewayOptions } from 'fareway';

declare module 'fastify' {
  interface FastifyInstance {
    fareway: Fareway;
  }
}

/**
 * The client's options sit under `options`: Fastify reads `logLevel`, `prefix` and `logSerializers`
 * of a plugin's options for itself, and `logLevel` is a Fareway option too.
 */
export interface FarewayPluginOptions {
  options: FarewayOptions;
}

export const farewayPlugin = fp<FarewayPluginOptions>(
  async (app, { options }) => {
    const fareway = new Fareway(options);
    app.decorate('fareway', fareway);
    app.addHook('onClose', async () => {
      await fareway.close(); // timers, caches, Redis connections; calls after this are refused
      app.log.info('fareway: client closed');
    });
  },
  { name: 'fareway', fastify: '5.x' },
);
