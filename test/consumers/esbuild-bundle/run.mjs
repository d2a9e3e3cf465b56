// Runs the bundle against a sandbox from the installed package (the bundle itself holds no sandbox).
// The child runs asynchronously: the sandbox answers from this process's event loop.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { createSandbox } from 'fareway/sandbox';

if (existsSync('node_modules/ioredis')) throw new Error('ioredis is installed: this fixture must run without it');
const server = await createSandbox({ seed: 8 }).listen();
try {
  const { stdout } = await promisify(execFile)(process.execPath, ['out/app.mjs'], {
    env: { ...process.env, FAREWAY_BASE_URL: server.url, FAREWAY_API_KEY: server.apiKey },
    encoding: 'utf8',
    timeout: 60_000,
  });
  process.stdout.write(stdout);
} finally {
  await server.close();
}
