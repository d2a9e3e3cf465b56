import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/** What a fault handler gets: the request (body read), and the response to misbehave on. */
export type FaultHandler = (req: IncomingMessage & { text: string }, res: ServerResponse) => void;

/**
 * A node:http server on 127.0.0.1 whose behaviour each test sets with `server.handle(fn)`. Every
 * socket is destroyed on close, so stalled responses cannot keep the test process alive.
 * Counts unhandled rejections over the file and fails the test that produced one.
 */
export function faultServer() {
  let handler: FaultHandler = (_req, res) => res.end('{}');
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let server: Server;
  let requests = 0;
  let unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    server = createServer((req, res) => {
      requests++;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => handler(Object.assign(req, { text: Buffer.concat(chunks).toString('utf8') }), res));
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    for (const t of timers) clearTimeout(t);
    timers.clear();
    for (const s of sockets) s.destroy();
    // Let any rejection left without a handler surface before checking.
    await new Promise((r) => setTimeout(r, 20));
    const seen = unhandled;
    unhandled = [];
    expect(seen, 'unhandled rejections').toEqual([]);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  return {
    get url() {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('not listening');
      return `http://127.0.0.1:${address.port}`;
    },
    handle(fn: FaultHandler) {
      handler = fn;
      requests = 0;
    },
    /** Requests that reached the server since the last `handle`. */
    get requests() {
      return requests;
    },
    /** A timer cleared after each test. */
    later(ms: number, fn: () => void) {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    },
  };
}

/** A port nothing listens on (bound then released). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const address = s.address();
  await new Promise<void>((resolve) => s.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
