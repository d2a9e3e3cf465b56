import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';

/**
 * A real forward proxy on 127.0.0.1 (the npm `proxy` package: plain HTTP forwarding and CONNECT
 * tunnels), recording what it was asked for: `GET http://host/path` for a forwarded request,
 * `CONNECT host:port` for a tunnel, every connection a client opened to it, and every byte it read.
 */
// Not anchored: in a kept-alive connection a request line follows the previous body directly.
const REQUEST_LINE = /\b(GET|POST|PUT|PATCH|DELETE) (?:https?:\/\/[^/\s]+)?(\/\S*) HTTP\/1\.1\r\n/g;

export interface ForwardProxy {
  url: string;
  port: number;
  /** `METHOD absolute-url` of each forwarded request, `CONNECT host:port` of each tunnel. */
  requests: string[];
  /** Connections clients opened to the proxy. */
  connections: number;
  /** Every byte the proxy read from its clients, as latin1 text. */
  bytes(): string;
  /**
   * `METHOD /path` of every HTTP request that crossed the proxy, read from those bytes: forwarded
   * (`POST http://host/path`) or inside a CONNECT tunnel to a plain-HTTP server (Node's env proxy
   * tunnels http:// too), where the request line travels as it is.
   */
  crossed(): string[];
  /** Connections open at the proxy now. */
  open(): Promise<number>;
  close(): Promise<void>;
}

export async function startProxy(options: { refuse?: 403 | 407 } = {}): Promise<ForwardProxy> {
  const server: ProxyServer = createProxy();
  const state = { requests: [] as string[], connections: 0, chunks: [] as Buffer[] };
  if (options.refuse === 407) server.authenticate = () => false;
  server.prependListener('request', (req) => state.requests.push(`${req.method} ${req.url}`));
  if (options.refuse === 403) {
    // A proxy whose policy forbids the destination: 403 to every CONNECT.
    server.removeAllListeners('connect');
    server.on('connect', (req, socket) => socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n'));
  }
  server.prependListener('connect', (req) => state.requests.push(`CONNECT ${req.url}`));
  server.on('connection', (socket) => {
    state.connections++;
    socket.on('data', (chunk: Buffer) => state.chunks.push(chunk));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: state.requests,
    get connections() {
      return state.connections;
    },
    bytes: () => Buffer.concat(state.chunks).toString('latin1'),
    crossed: () =>
      [...Buffer.concat(state.chunks).toString('latin1').matchAll(REQUEST_LINE)].map(
        (m) => `${m[1]} ${m[2]}`,
      ),
    open: () =>
      new Promise((resolve, reject) => server.getConnections((e, n) => (e ? reject(e) : resolve(n)))),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
