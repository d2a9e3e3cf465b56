/**
 * The environment path (issue 26 item 2): Node's own fetch sends through HTTP_PROXY/HTTPS_PROXY
 * and honours NO_PROXY when started with NODE_USE_ENV_PROXY=1 (Node 22.21+ and 24+). A child
 * process runs the BUILT package with no `proxy` option against the sandbox over HTTP, through a
 * real forward proxy on 127.0.0.1. (Slow project: it spawns; no msw.)
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { startProxy, type ForwardProxy } from './forward-proxy.js';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./children/env-flow.mjs', import.meta.url));
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const hasEnvProxy = major >= 24 || (major === 22 && minor >= 21);

const sandbox = createSandbox({ seed: 262 });
let server: ListeningSandbox;
let proxy: ForwardProxy | undefined;
beforeAll(async () => {
  server = await sandbox.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});
afterAll(() => server?.close());

interface ChildResult {
  pnr?: string;
  error?: { name: string; code: string; message: string };
}

/** Runs the child with NODE_USE_ENV_PROXY=1 and the given proxy variables (the rest removed). */
async function child(vars: Record<string, string>): Promise<ChildResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FAREWAY_API_KEY: server.apiKey,
    FAREWAY_BASE_URL: server.url,
  };
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'NODE_OPTIONS', 'FAREWAY_LOG'])
    for (const key of [name, name.toLowerCase()]) delete env[key];
  Object.assign(env, { NODE_USE_ENV_PROXY: '1' }, vars);
  const { stdout } = await run(process.execPath, [CHILD], { env, timeout: 60_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildResult;
}

const title = hasEnvProxy
  ? `NODE_USE_ENV_PROXY=1 on Node ${process.versions.node}`
  : `skipped: NODE_USE_ENV_PROXY needs Node 22.21+ or 24+, this is ${process.versions.node} (the \`proxy\` option is tested on every line: option.test.ts)`;

describe.skipIf(!hasEnvProxy)(title, () => {
  it('every request of a booking flow goes through HTTP_PROXY, over fewer connections than requests', async () => {
    proxy = await startProxy();
    sandbox.control.clearRequests();
    const out = await child({ HTTP_PROXY: proxy.url });
    expect(out.error).toBeUndefined();
    expect(out.pnr).toMatch(/^[A-Z0-9]{6}$/);
    // Node tunnels even http:// with CONNECT: one CONNECT per connection, the requests inside.
    const crossed = proxy.crossed();
    expect(crossed.map((r) => r.split('/')[2])).toEqual(['flights', 'flights', 'flights', 'flights']);
    expect(crossed[0]).toBe('POST /v1/flights/search/');
    expect(proxy.connections).toBeGreaterThan(0);
    expect(proxy.connections).toBeLessThan(crossed.length);
  });

  it('NO_PROXY is honoured: the proxy sees nothing, the flow still books', async () => {
    proxy = await startProxy();
    const out = await child({ HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
    expect(out.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(proxy.requests).toEqual([]);
    expect(proxy.connections).toBe(0);
  });

  it('a refusing proxy is an APIConnectionError naming the proxy (password masked), not the service', async () => {
    proxy = await startProxy();
    const port = proxy.port;
    await proxy.close();
    proxy = undefined;
    const out = await child({ HTTP_PROXY: `http://ops:s3cret@127.0.0.1:${port}` });
    expect(out.error).toMatchObject({ name: 'APIConnectionError', code: 'connection_failed' });
    expect(out.error!.message).toContain(`to the proxy http://ops:***@127.0.0.1:${port} failed`);
    expect(out.error!.message).not.toContain('s3cret');
    expect(out.error!.message).not.toContain(server.url.replace('http://', ''));
  });
});
