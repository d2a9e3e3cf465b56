/**
 * The proxy half is its own entry (`fareway/proxy`): the BUILT package loads it only when a proxy
 * is in use, so an application that never uses one does not bundle it (bench/size). Each case runs
 * a small application in a plain Node child, through a real forward proxy on 127.0.0.1, against the
 * sandbox served over HTTP by this process.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { startProxy, type ForwardProxy } from '../proxy/forward-proxy.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

/** An application: one call through a client with the `proxy` option; prints its outcome. */
function app(format: 'esm' | 'cjs', registerProxy: boolean): string {
  const load =
    format === 'esm'
      ? `import { Fareway } from 'fareway';\n${registerProxy ? "import 'fareway/proxy';\n" : ''}`
      : `const { Fareway } = require('fareway');\n${registerProxy ? "require('fareway/proxy');\n" : ''}`;
  return `${load}
(async () => {
  try {
    const { KEY: apiKey, URL: baseUrl, PROXY: proxy } = process.env;
    const fareway = new Fareway({ apiKey, baseUrl, proxy, noProxy: '', rateLimits: false, logger: null });
    const page = await fareway.bookings.list({ limit: 1 });
    await fareway.close();
    console.log(JSON.stringify({ listed: page.results.length }));
  } catch (e) {
    console.log(JSON.stringify({ error: { name: e.name, message: e.message } }));
  }
})();
`;
}

interface Outcome {
  listed?: number;
  error?: { name: string; message: string };
}

const sandbox = createSandbox({ seed: 26 });
let server: Awaited<ReturnType<typeof sandbox.listen>>;
let proxy: ForwardProxy;
let dir: string;

beforeAll(async () => {
  server = await sandbox.listen({ port: 0 });
  // Where bundled applications run: no fareway to load by name, only the optional peer undici.
  dir = mkdtempSync(join(tmpdir(), 'fareway-proxy-entry-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(root, 'node_modules/undici'), join(dir, 'node_modules/undici'), 'dir');
});
afterEach(() => proxy?.close());
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function runApp(file: string): Promise<Outcome> {
  proxy = await startProxy();
  const { stdout } = await run(process.execPath, [file], {
    env: { ...process.env, KEY: server.apiKey, URL: server.url, PROXY: proxy.url },
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop() as string) as Outcome;
}

/** An application module bundled by esbuild against the built package (through its exports). */
async function bundle(contents: string, format: 'esm' | 'cjs') {
  const result = await build({
    stdin: { contents, resolveDir: root, sourcefile: 'app.js', loader: 'js' },
    bundle: true,
    platform: 'node',
    format,
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('fareway/proxy: the proxy half, loaded only when a proxy is in use (built package)', () => {
  for (const format of ['esm', 'cjs'] as const) {
    const ext = format === 'esm' ? 'mjs' : 'cjs';
    it(`${format}: the installed package loads it by itself when proxy is set`, async () => {
      const file = join(root, `test/package/.proxy-app-${process.pid}.${ext}`);
      writeFileSync(file, app(format, false));
      try {
        expect(await runApp(file)).toEqual({ listed: expect.any(Number) });
        expect(proxy.requests).toEqual([expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/.*bookings/)]);
      } finally {
        rmSync(file, { force: true });
      }
    });

    it(`${format}: a bundled application with import 'fareway/proxy' sends through the proxy`, async () => {
      const file = join(dir, `app-${format}-registered.${ext}`);
      writeFileSync(file, await bundle(app(format, true), format));
      expect(await runApp(file)).toEqual({ listed: expect.any(Number) });
      expect(proxy.requests).toHaveLength(1);
    });

    it(`${format}: a bundled application without it is a ConfigurationError saying how to fix it`, async () => {
      const file = join(dir, `app-${format}-plain.${ext}`);
      writeFileSync(file, await bundle(app(format, false), format));
      const outcome = await runApp(file);
      expect(outcome.error?.name).toBe('ConfigurationError');
      expect(outcome.error?.message).toContain("import 'fareway/proxy'");
      expect(proxy.requests).toEqual([]);
    });
  }

  it('an application that never uses a proxy does not bundle the proxy half', async () => {
    const plain = await bundle("export { Fareway } from 'fareway';", 'esm');
    const withProxy = await bundle("export { Fareway } from 'fareway';\nimport 'fareway/proxy';", 'esm');
    expect(plain).not.toContain('EnvHttpProxyAgent');
    expect(withProxy).toContain('EnvHttpProxyAgent');
  });
});
