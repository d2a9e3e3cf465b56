/**
 * The Redis half of the limiter is its own entry (`fareway/redis`): the BUILT package loads it only
 * when `rateLimits.redis` is set, so an application that never uses Redis does not bundle it.
 * Every case runs a small application in a plain Node child against the built sandbox over HTTP
 * and a real redis-server, and reads Redis afterwards: shared budgets leave `{fareway:…}` keys.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

/** An application: one call through a client that shares its limits through Redis. */
function app(format: 'esm' | 'cjs', registerRedis: boolean): string {
  const load =
    format === 'esm'
      ? `import { Fareway } from 'fareway';\nimport { createSandbox } from 'fareway/sandbox';\nimport { Redis } from 'ioredis';\n${registerRedis ? "import 'fareway/redis';\n" : ''}`
      : `const { Fareway } = require('fareway');\nconst { createSandbox } = require('fareway/sandbox');\nconst { Redis } = require('ioredis');\n${registerRedis ? "require('fareway/redis');\n" : ''}`;
  return `${load}
(async () => {
  const server = await createSandbox().listen({ port: 0 });
  const redis = new Redis({ host: '127.0.0.1', port: Number(process.env.REDIS_PORT) });
  await redis.flushall(); // the cases share one server and the sandbox's key
  const logs = [];
  const log = (m) => logs.push(String(m));
  let fareway;
  try {
    fareway = new Fareway({
      apiKey: server.apiKey,
      baseUrl: server.url,
      rateLimits: { redis },
      logger: { debug() {}, info() {}, warn: log, error: log },
    });
  } catch (e) {
    await server.close();
    redis.disconnect();
    console.log(JSON.stringify({ keys: [], logs, error: e.name + ': ' + e.message }));
    return;
  }
  await fareway.bookings.list({ limit: 1 });
  const keys = await redis.keys('{fareway:*');
  await fareway.close();
  await server.close();
  redis.disconnect();
  console.log(JSON.stringify({ keys, logs }));
})();
`;
}

interface Outcome {
  keys: string[];
  logs: string[];
  error?: string;
}

async function runApp(file: string, redis: RedisServer): Promise<Outcome> {
  const { stdout } = await run(process.execPath, [file], {
    env: { ...process.env, REDIS_PORT: String(redis.port) },
    timeout: 60_000,
  }).catch((error: { stderr?: string }) => {
    // The bundle's own first line would fill the report: keep the error's last lines only.
    throw new Error(
      `the application failed:\n${String(error.stderr).split('\n').slice(-12).join('\n').slice(0, 3000)}`,
    );
  });
  return JSON.parse(stdout.trim().split('\n').pop() as string) as Outcome;
}

/** An application module bundled by esbuild against the built package (through its exports). */
function bundle(
  contents: string,
  format: 'esm' | 'cjs',
  options: { minify?: boolean; external?: string[]; banner?: string } = {},
) {
  return build({
    stdin: { contents, resolveDir: root, sourcefile: 'app.js', loader: 'js' },
    bundle: true,
    platform: 'node',
    format,
    minify: options.minify ?? false,
    write: false,
    logLevel: 'silent',
    external: options.external ?? [],
    ...(options.banner ? { banner: { js: options.banner } } : {}),
  });
}

/** The application bundled by esbuild (ioredis and fareway inside), written where no node_modules is. */
async function bundled(format: 'esm' | 'cjs', registerRedis: boolean, dir: string): Promise<string> {
  // ioredis is CommonJS: an ESM bundle needs a `require` for its Node built-ins.
  const banner =
    format === 'esm'
      ? "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);"
      : undefined;
  const result = await bundle(app(format, registerRedis), format, {
    minify: true,
    ...(banner ? { banner } : {}),
  });
  const file = join(
    dir,
    `app-${format}-${registerRedis ? 'registered' : 'plain'}.${format === 'esm' ? 'mjs' : 'cjs'}`,
  );
  writeFileSync(file, result.outputFiles[0]!.text);
  return file;
}

describe.skipIf(!hasRedisServer())(
  'fareway/redis: the Redis half, loaded only when configured (built package)',
  () => {
    let redis: RedisServer;
    let dir: string;
    beforeAll(async () => {
      redis = await startRedisServer();
      dir = mkdtempSync(join(tmpdir(), 'fareway-redis-entry-'));
    });
    afterAll(async () => {
      await redis?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    for (const format of ['esm', 'cjs'] as const) {
      it(`${format}: the installed package loads it by itself when rateLimits.redis is set`, async () => {
        const file = join(root, `test/package/.redis-app-${process.pid}.${format === 'esm' ? 'mjs' : 'cjs'}`);
        writeFileSync(file, app(format, false));
        try {
          const outcome = await runApp(file, redis);
          expect(outcome.logs).toEqual([]);
          expect(outcome.keys.length).toBeGreaterThan(0);
        } finally {
          rmSync(file, { force: true });
        }
      });

      it(`${format}: a bundled application with import 'fareway/redis' shares its limits through Redis`, async () => {
        const outcome = await runApp(await bundled(format, true, dir), redis);
        expect(outcome.logs).toEqual([]);
        expect(outcome.keys.length).toBeGreaterThan(0);
      });

      it(`${format}: a bundled application without it is a ConfigurationError at construction saying how to fix it`, async () => {
        // 1.1 logged it and went on with per-process limits: the budget was silently not shared.
        const outcome = await runApp(await bundled(format, false, dir), redis);
        expect(outcome.error).toMatch(
          /^ConfigurationError: .*Redis limiter could not be loaded.*import 'fareway\/redis'/s,
        );
        expect(outcome.keys).toEqual([]);
      });
    }

    it('an application that never sets rateLimits.redis does not bundle the Redis half (nor ioredis)', async () => {
      const plain = await bundle("export { Fareway } from 'fareway';", 'esm', { minify: true });
      const withRedis = await bundle("export { Fareway } from 'fareway';\nimport 'fareway/redis';", 'esm', {
        minify: true,
        external: ['ioredis'],
      });
      // The sliding-window Lua script is the Redis half's own text.
      expect(plain.outputFiles[0]!.text).not.toContain('ZREMRANGEBYSCORE');
      expect(withRedis.outputFiles[0]!.text).toContain('ZREMRANGEBYSCORE');
    });
  },
);

describe('bundling the built package', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fareway-bundled-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const app = `import { Fareway } from 'fareway';
import { createSandbox } from 'fareway/sandbox';
import 'fareway/redis';
const server = await createSandbox().listen({ port: 0 });
const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url });
const page = await fareway.bookings.list({ limit: 1 });
await fareway.close();
await server.close();
console.log('listed', page.results.length);
`;
  for (const format of ['esm', 'cjs'] as const) {
    it(`${format}: an app using the client, the sandbox and fareway/redis bundles without a warning and runs`, async () => {
      // A CommonJS bundle has no top-level await: the same app inside an async function.
      const contents = format === 'esm' ? app : `(async () => {\n${app.replace(/^import .*$/gm, '')}})();`;
      const imports = format === 'esm' ? '' : app.match(/^import .*$/gm)!.join('\n');
      const result = await bundle(`${imports}\n${contents}`, format, { external: ['ioredis', 'msw'] });
      expect(result.warnings.map((w) => `${w.id}: ${w.text}`)).toEqual([]);
      const file = join(dir, `bundled-app.${format === 'esm' ? 'mjs' : 'cjs'}`);
      writeFileSync(file, result.outputFiles[0]!.text);
      const { stdout } = await run(process.execPath, [file], { timeout: 60_000 });
      expect(stdout).toMatch(/^listed \d+$/m);
    });
  }
});
