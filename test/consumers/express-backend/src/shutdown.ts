// Graceful shutdown: stop accepting connections, let the requests in flight finish (a book in
// flight settles: its answer, or its reconciliation, reaches the caller), then close Fareway.
import type { Server } from 'node:http';
import type { Fareway } from 'fareway';

export function closeGracefully(server: Server, fareway: Fareway, graceMs = 25_000): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () =>
    (closing ??= (async () => {
      // No new connections; idle keep-alive connections close now, busy ones after their answer.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      server.on('request', (_req, res) => res.setHeader('connection', 'close'));
      // Past the grace period (keep it under the orchestrator's, e.g. Kubernetes' 30 s), cut them.
      const cut = setTimeout(() => server.closeAllConnections(), graceMs).unref();
      await closed;
      clearTimeout(cut);
      await fareway.close(); // timers, caches, Redis connections; calls after this are refused
    })());
}
