/**
 * FAREWAY_LOG end to end (issue 20, item 2): a child process runs the BUILT package with the
 * default logger (console) against the sandbox served over HTTP on 127.0.0.1; its stdout and
 * stderr are what an operator sees. `FAREWAY_LOG=debug` shows the → / ← lines; without it, none;
 * the key and the passengers' data appear in neither, at any level. (Slow project: it spawns.)
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { parseLine } from './lines.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./children/flow.mjs', import.meta.url));
const KEY = 'sk_LOGTEST_env_p3Vb7Nq2_not_for_logs';
// What children/flow.mjs sends about its passenger.
const PERSONAL = [
  'Zephyrine',
  'Quillfeather',
  '1983-07-19',
  'zephyrine.quill@example.org',
  '9812345670',
  'QX7351902',
];

const sandbox = createSandbox({ seed: 57, partners: [{ apiKey: KEY }] });
let server: ListeningSandbox;
beforeAll(async () => {
  server = await sandbox.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server?.close());
beforeEach(() => sandbox.control.clearRequests());

/** Runs the child with FAREWAY_LOG set to `level` (unset when undefined); its output, each stream whole. */
async function child(level: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env, FAREWAY_API_KEY: KEY, FAREWAY_BASE_URL: server.url };
  delete env.FAREWAY_LOG;
  delete env.NODE_OPTIONS;
  if (level !== undefined) env.FAREWAY_LOG = level;
  // One failed search first: the retry is an info line.
  sandbox.control.failNext('search', { status: 503 });
  const { stdout, stderr } = await run(process.execPath, [CHILD], { cwd: root, env, timeout: 120_000 });
  expect(stdout).toMatch(/^RESULT confirmed confirmed$/m);
  return { stdout, stderr, all: `${stdout}\n${stderr}` };
}

/** Neither the key (nor a part of it) nor any passenger value is in `text`. */
function expectNoSecrets(text: string) {
  for (const secret of [KEY, KEY.slice(3, 18), KEY.slice(-16), ...PERSONAL])
    expect(text).not.toContain(secret);
}

describe('FAREWAY_LOG with the default logger, in a partner process', () => {
  it('=debug prints a → and a ← line per request (method, path, status, request id, attempt) and the retry', async () => {
    const { stdout, stderr, all } = await child('debug');
    // One line per message: `[fareway] <message> <fields as JSON>`.
    const lines = stdout.split('\n').filter((l) => l.startsWith('[fareway] '));
    const parsed = lines.map((l) => parseLine(l)!);
    const sent = sandbox.control.requests();
    expect(sent.length).toBeGreaterThanOrEqual(10);
    // Every request the sandbox saw has its ← line, with its status, request id and attempt.
    const answers = parsed.filter((l) => l.message.startsWith('← '));
    expect(answers).toHaveLength(sent.length);
    for (const r of sent) {
      const back = answers.filter((l) => l.fields?.requestId === r.requestId);
      expect(back, r.requestId).toHaveLength(1);
      expect(back[0]!.message).toMatch(new RegExp(`^← ${r.status} ${r.method} /v1/\\S+$`));
      expect(back[0]!.fields).toMatchObject({
        status: r.status,
        attempt: expect.any(Number),
        durationMs: expect.any(Number),
      });
    }
    expect(answers.filter((l) => l.fields?.attempt === 2).map((l) => l.message)).toEqual([
      '← 200 POST /v1/flights/search/',
    ]);
    const out = parsed.filter((l) => l.message.startsWith('→ '));
    expect(out).toHaveLength(sent.length);
    expect(out.slice(0, 2)).toMatchObject([
      { message: '→ POST /v1/flights/search/', fields: { endpoint: 'search', attempt: 1 } },
      { message: '→ POST /v1/flights/search/', fields: { endpoint: 'search', attempt: 2 } },
    ]);
    expect(out.filter((l) => /^→ POST \/v1\/flights\/booking\/[\w-]+\/book\/$/.test(l.message))).toHaveLength(
      2,
    );
    expect(stdout).toMatch(/^\[fareway\] retrying POST \/v1\/flights\/search\/ in \d+ ms after \w+/m);
    // Warnings go to stderr, as before.
    expect(stderr).toMatch(/^\[fareway\] possible duplicate bookings found for /m);
    expectNoSecrets(all);
  });

  it('unset prints no debug or info line (warnings still reach stderr)', async () => {
    const { stdout, stderr, all } = await child(undefined);
    expect(stdout).toBe('RESULT confirmed confirmed\n');
    expect(stderr).toMatch(/^\[fareway\] possible duplicate bookings found for /m);
    expect(all).not.toMatch(/[→←]|retrying/);
    expectNoSecrets(all);
  });

  it.each(['info', 'WARN', 'error', 'off'])(
    '=%s prints only its levels, never the key or passenger data',
    async (level) => {
      const { stdout, stderr, all } = await child(level);
      expect(all).not.toMatch(/[→←]/);
      expect(/retrying/.test(stdout)).toBe(level === 'info');
      expect(/possible duplicate/.test(stderr)).toBe(level === 'info' || level === 'WARN');
      expectNoSecrets(all);
    },
  );

  it('=verbose (no level) is ignored with one warning naming the levels; nothing else changes', async () => {
    const { stdout, stderr, all } = await child('verbose');
    expect(stdout).toBe('RESULT confirmed confirmed\n');
    expect(stderr.split('\n').filter((l) => l.startsWith('[fareway] FAREWAY_LOG'))).toEqual([
      `[fareway] FAREWAY_LOG: "verbose" is not a log level (expected debug, info, warn, error, off; any case); it is ignored and the level is 'warn'`,
    ]);
    expectNoSecrets(all);
  });
});
