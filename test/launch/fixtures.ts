/**
 * The files of the launcher tests (launchers.test.ts), written to temporary directories outside
 * the repository: an application installed in `app/` (its node_modules holds only `fareway`, a
 * link to this repository, built), launchers in `launch/` and forked workers in `workers/`, none
 * beside a node_modules, all started with the working directory in yet another directory.
 */

/** What the application does, in both module systems: COUNT searches through one client. */
const body = `
export async function main() {
  const env = process.env;
  const spans = [];
  // A tracer provider of the application's own (structural, as @opentelemetry/api describes it).
  const tracerProvider = {
    getTracer: () => ({
      startSpan(name, options) {
        const attributes = { ...options.attributes };
        return {
          isRecording: () => true,
          setAttributes: (a) => Object.assign(attributes, a),
          setStatus: () => undefined,
          end: () => spans.push({ name, status: attributes['http.response.status_code'] }),
        };
      },
    }),
  };
  const warnings = [];
  let rateLimited = 0;
  const fareway = new Fareway({
    apiKey: env.API_KEY,
    baseUrl: env.SERVICE_URL,
    proxy: env.PROXY_URL,
    noProxy: '',
    tracerProvider,
    rateLimits: {
      search: { limit: Number(env.LIMIT), windowMs: Number(env.WINDOW_MS) },
      redis: env.REDIS_URL,
    },
    maxRetries: 3,
    logger: { warn: (m) => warnings.push(String(m)), error: (m) => warnings.push(String(m)) },
    hooks: { onRateLimited: () => rateLimited++ },
  });
  const search = {
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10),
    adult_count: 1,
  };
  let failures = 0;
  await Promise.all(
    Array.from({ length: Number(env.COUNT) }, () =>
      fareway.flights.search(search).catch((e) => {
        failures++;
        warnings.push('search failed: ' + e.name + ': ' + e.message);
      }),
    ),
  );
  await fareway.close();
  return { pid: process.pid, failures, rateLimited, warnings, spans };
}

/** Builds a client with the option (by name) that needs a peer; its error, if any. */
export function refusal(name) {
  const option = {
    redis: { rateLimits: { redis: 'redis://127.0.0.1:6390/2' } },
    proxy: { proxy: 'http://127.0.0.1:3128', noProxy: '' },
    tracer: { tracerProvider: { getTracer: () => ({ startSpan: () => undefined }) } },
  }[name];
  try {
    new Fareway({ apiKey: process.env.API_KEY, baseUrl: process.env.SERVICE_URL, logger: null, ...option });
    return null;
  } catch (e) {
    return { name: e.name, message: e.message };
  }
}
`;

export const appEsm = `import { Fareway } from 'fareway';\n${body}`;
export const appCjs = `'use strict';\nconst { Fareway } = require('fareway');\n${body
  .replace('export async function main', 'async function main')
  .replace('export function refusal', 'function refusal')}\nmodule.exports = { main, refusal };\n`;

/** Launchers: load the application by its path (APP) and print what main() returned. */
export const launchEsm = `const app = await import(new URL('file://' + process.env.APP).href);
console.log(JSON.stringify(process.env.REFUSALS ? JSON.parse(process.env.REFUSALS).map((n) => app.refusal(n)) : await app.main()));
`;
export const launchCjs = `const app = require(process.env.APP);
if (process.env.REFUSALS) console.log(JSON.stringify(JSON.parse(process.env.REFUSALS).map((n) => app.refusal(n))));
else app.main().then((out) => console.log(JSON.stringify(out)));
`;

/**
 * A process manager: forks each worker (WORKERS: paths, in another directory) with the working
 * directory CWD, and prints what they report.
 */
export const forkLauncher = `import { fork } from 'node:child_process';
const outs = await Promise.all(
  JSON.parse(process.env.WORKERS).map(
    (worker) =>
      new Promise((resolve, reject) => {
        const child = fork(worker, [], { cwd: process.env.CWD, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
        let out;
        child.on('message', (m) => (out = m));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 && out ? resolve(out) : reject(new Error('worker exited ' + code))));
      }),
  ),
);
console.log(JSON.stringify(outs));
`;
export const workerEsm = `const app = await import(new URL('file://' + process.env.APP_ESM).href);
process.send(await app.main(), () => process.disconnect());
`;
export const workerCjs = `require(process.env.APP_CJS).main().then((out) => process.send(out, () => process.disconnect()));
`;
