/**
 * The BUILT `fareway` bin as a child process, against the sandbox over real HTTP on 127.0.0.1 and
 * a real redis-server: doctor passes every check, and names a wrong key, a dead base URL and a
 * stopped Redis with exit code 1; bookings get/list print a booking made through the SDK; the key
 * never appears in any output. Doctor and bookings run without msw (hidden by a preload).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fareway } from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { freePort, hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis.js';
import { ensureBuilt, fareway, NO_MSW, outputs, startFareway } from './helpers.js';

const withRedis = hasRedisServer();
if (!withRedis && process.env.CI)
  throw new Error('redis-server is not on PATH: the CLI Redis checks cannot run in CI');

const WRONG_KEY = 'sbx_live_00000000000000000000000000000bad';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** Any ANSI escape: none is expected when stdout is a pipe. */
const ANSI = new RegExp(String.fromCharCode(27));

let server: ListeningSandbox;
let redis: RedisServer | undefined;
let env: Record<string, string>;
let booking: { id: string; pnr: string };

beforeAll(async () => {
  ensureBuilt();
  server = await createSandbox({ seed: 21 }).listen();
  redis = withRedis ? await startRedisServer() : undefined;
  env = { FAREWAY_API_KEY: server.apiKey, FAREWAY_BASE_URL: server.url };
  // A booking made through the SDK, its tokens taken from the shared budget in Redis. The long
  // windows keep them in the log for the doctor to count, however loaded the machine is.
  const window = { windowMs: 3_600_000 };
  const client = new Fareway({
    apiKey: server.apiKey,
    baseUrl: server.url,
    logger: null,
    rateLimits: {
      search: { limit: 60, ...window },
      book: { limit: 30, ...window },
      other: { limit: 120, ...window },
      ...(redis ? { redis: { host: '127.0.0.1', port: redis.port } } : {}),
    },
  });
  try {
    const results = await client.flights.search({
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: inDays(30),
      adult_count: 1,
    });
    const created = await client.bookings.create(results.select(results.outbound[0]!));
    await client.bookings.savePassengers(created, [
      {
        title: 'Mrs',
        first_name: 'Priya',
        last_name: 'Sharma',
        gender: 'female',
        pax_type: 'adult',
        dob: '1984-07-19',
        is_lead: true,
        email: 'priya@example.com',
        contact_number: '9812345678',
        cell_country_code: '91',
        passport_number: 'Z4810000',
        passport_expiry: inDays(3000),
        nationality: 'IN',
      },
    ]);
    const done = await client.bookings.book(created);
    booking = { id: done.booking_id, pnr: done.pnr };
  } finally {
    await client.close();
  }
});

afterAll(async () => {
  await server?.close();
  await redis?.stop();
});

describe('fareway doctor', () => {
  it.skipIf(!withRedis)(
    'passes every check against the sandbox, with Redis and the shared budget in use',
    async () => {
      const r = await fareway(['doctor'], { ...env, REDIS_URL: redis?.url }, NO_MSW);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(new RegExp(`^✓ base URL reachable \\(${server.url}\\)$`, 'm'));
      expect(r.stdout).toMatch(/^✓ key accepted \(sbx_live_…[0-9a-f]{4}\)$/m);
      expect(r.stdout).toMatch(/^✓ clock skew \d+\.\d s /m);
      expect(r.stdout).toMatch(/^✓ latency \d+ ms \(median of 3 reads/m);
      expect(r.stdout).toMatch(new RegExp(`^✓ Redis reachable at ${redis?.url} \\(redis \\S+\\)$`, 'm'));
      // One search and one book went through the shared log; create and save-passengers are "other".
      expect(r.stdout).toMatch(/^✓ shared budget in use: search 1\/60, book 1\/30, other [2-9]\/120 /m);
      expect(r.stdout).toMatch(/^All checks passed\.$/m);
      expect(r.stdout).not.toMatch(/✗/);
      expect(r.stdout).not.toMatch(ANSI);
      expect(r.code).toBe(0);
    },
  );

  it('without REDIS_URL skips Redis and passes', async () => {
    const r = await fareway(['doctor'], env);
    expect(r.stdout).toMatch(/^- Redis not configured \(REDIS_URL unset\)/m);
    expect(r.code).toBe(0);
  });

  it('--json prints one object: ok and the checks by name', async () => {
    const r = await fareway(['doctor', '--json'], { ...env, ...(redis ? { REDIS_URL: redis.url } : {}) });
    const report = JSON.parse(r.stdout) as {
      ok: boolean;
      checks: Array<{ name: string; ok: boolean; detail: string }>;
    };
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.name)).toEqual([
      'base_url',
      'api_key',
      'clock_skew',
      'latency',
      'redis',
      ...(redis ? ['shared_budget'] : []),
    ]);
    expect(report.checks.every((c) => c.ok && typeof c.detail === 'string')).toBe(true);
    expect(r.code).toBe(0);
  });

  it('names a wrong key (key rejected, with the fix) and exits non-zero', async () => {
    const r = await fareway(['doctor'], { ...env, FAREWAY_API_KEY: WRONG_KEY });
    expect(r.stdout).toMatch(/^✓ base URL reachable/m);
    expect(r.stdout).toMatch(
      /^✗ key rejected \(sbx_live_…0bad: 401, request \S+\) — fix: check FAREWAY_API_KEY/m,
    );
    expect(r.stdout).toMatch(/^1 check failed\.$/m);
    expect(r.code).toBe(1);
  });

  it('names a dead base URL (a closed port) and exits non-zero', async () => {
    const port = await freePort();
    const r = await fareway(['doctor', '--json'], { ...env, FAREWAY_BASE_URL: `http://127.0.0.1:${port}` });
    const report = JSON.parse(r.stdout) as {
      ok: boolean;
      checks: Array<{ name: string; ok: boolean; detail: string; fix?: string }>;
    };
    expect(report.ok).toBe(false);
    const base = report.checks.find((c) => c.name === 'base_url');
    expect(base).toMatchObject({ ok: false });
    expect(base?.detail).toMatch(
      new RegExp(`^base URL unreachable \\(http://127\\.0\\.0\\.1:${port}\\): .*ECONNREFUSED`),
    );
    expect(base?.fix).toMatch(/FAREWAY_BASE_URL/);
    expect(r.code).toBe(1);
    const text = await fareway(['doctor'], { ...env, FAREWAY_BASE_URL: `http://127.0.0.1:${port}` });
    expect(text.stdout).toMatch(/^✗ base URL unreachable .* — fix: check FAREWAY_BASE_URL/m);
    expect(text.code).toBe(1);
  });

  it('fails clock skew against a service whose Date header is a minute off, with the NTP fix', async () => {
    // A stand-in service: every keyed read answers an empty list, dated 60 s in the past.
    const fake = createServer((_req, res) => {
      res.sendDate = false;
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'X-Request-Id': 'req_skewed',
        Date: new Date(Date.now() - 60_000).toUTCString(),
      });
      res.end(JSON.stringify({ count: 0, next: null, previous: null, results: [] }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
      const r = await fareway(['doctor'], { ...env, FAREWAY_BASE_URL: url });
      expect(r.stdout).toMatch(/^✓ key accepted/m);
      expect(r.stdout).toMatch(
        /^✗ clock skew (5[5-9]|6\d)\.\d s \(local clock ahead of the service; limit ±5 s\) — fix: sync the clock \(NTP/m,
      );
      expect(r.code).toBe(1);
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it.skipIf(!withRedis)('names a stopped Redis, ends, and exits non-zero', async () => {
    const stopped = await startRedisServer();
    await stopped.stop();
    const r = await fareway(['doctor'], { ...env, REDIS_URL: stopped.url });
    expect(r.stdout).toMatch(/^✓ key accepted/m);
    expect(r.stdout).toMatch(
      new RegExp(
        `^✗ Redis unreachable at redis://127\\.0\\.0\\.1:${stopped.port} \\(.*ECONNREFUSED.*\\) — fix: start Redis`,
        'm',
      ),
    );
    expect(r.stdout).not.toMatch(/shared budget/);
    expect(r.code).toBe(1);
  });

  it('a Redis password in REDIS_URL is masked', async () => {
    const port = await freePort();
    const r = await fareway(['doctor'], {
      ...env,
      REDIS_URL: `redis://user:hunter2secret@127.0.0.1:${port}`,
    });
    expect(r.stdout).toMatch(
      new RegExp(`✗ Redis unreachable at redis://user:\\*\\*\\*@127\\.0\\.0\\.1:${port}`),
    );
    expect(r.stdout + r.stderr).not.toContain('hunter2secret');
    expect(r.code).toBe(1);
  });
});

describe('fareway bookings', () => {
  it('get prints status, PNR, amounts, passengers, segments and the request id', async () => {
    const r = await fareway(['bookings', 'get', booking.id], env, NO_MSW);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(new RegExp(`^Booking +${booking.id}$`, 'm'));
    expect(r.stdout).toMatch(/^Status +confirmed$/m);
    expect(r.stdout).toMatch(new RegExp(`^PNR +${booking.pnr}$`, 'm'));
    expect(r.stdout).toMatch(/^Amounts +final INR [\d,]+\.\d\d · base INR/m);
    expect(r.stdout).toMatch(/^Passengers +Priya Sharma \(adult, lead\)$/m);
    expect(r.stdout).toMatch(/^Segments +outbound +[A-Z0-9]{2} \S+ +DEL .* → /m);
    expect(r.stdout).toMatch(/^Request id +req_\S+$/m);
    expect(r.code).toBe(0);
  });

  it('get --json prints the booking, its passengers and the request id', async () => {
    const r = await fareway(['bookings', 'get', booking.id, '--json'], env);
    const view = JSON.parse(r.stdout) as {
      booking: { booking_id: string; status: string; pnr: string };
      passengers: Array<{ first_name: string }>;
      requestId: string;
    };
    expect(view.booking).toMatchObject({ booking_id: booking.id, status: 'confirmed', pnr: booking.pnr });
    expect(view.passengers.map((p) => p.first_name)).toEqual(['Priya']);
    expect(view.requestId).toMatch(/^req_/);
    expect(r.code).toBe(0);
  });

  it('list prints a table with the booking and the request id; --json the page', async () => {
    const r = await fareway(['bookings', 'list', '--limit', '5'], env, NO_MSW);
    expect(r.stdout).toMatch(/^ID +STATUS +PNR +AMOUNT +CREATED +PASSENGERS$/m);
    expect(r.stdout).toMatch(
      new RegExp(`^${booking.id} +confirmed +${booking.pnr} +INR [\\d,]+\\.\\d\\d +\\S+ +Priya Sharma$`, 'm'),
    );
    expect(r.stdout).toMatch(/^1 of 1 bookings; request id req_\S+$/m);
    expect(r.code).toBe(0);
    const json = await fareway(['bookings', 'list', '--json'], env);
    const page = JSON.parse(json.stdout) as {
      count: number;
      results: Array<{ id: string; pnr: string }>;
      requestId: string;
    };
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({ id: booking.id, pnr: booking.pnr });
    expect(page.requestId).toMatch(/^req_/);
  });

  it('get of an unknown id: the typed error and its request id on stderr, exit code 1', async () => {
    const r = await fareway(['bookings', 'get', 'no-such-booking'], env);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^fareway: 404 Not Found/m);
    expect(r.stderr).toMatch(/^request id: req_\S+$/m);
    expect(r.stderr).toMatch(/^code: not_found \(https:\/\/\S+#not_found\)$/m);
    expect(r.code).toBe(1);
    const json = await fareway(['bookings', 'get', 'no-such-booking', '--json'], env);
    expect(JSON.parse(json.stderr)).toMatchObject({
      error: {
        name: 'NotFoundError',
        code: 'not_found',
        status: 404,
        requestId: expect.stringMatching(/^req_/),
      },
    });
    expect(json.code).toBe(1);
  });

  it('a wrong key: 401 on stderr, exit code 1', async () => {
    const r = await fareway(['bookings', 'list'], { ...env, FAREWAY_API_KEY: WRONG_KEY });
    expect(r.stderr).toMatch(/^fareway: 401/m);
    expect(r.code).toBe(1);
  });
});

describe('usage and configuration', () => {
  it('missing FAREWAY_API_KEY or FAREWAY_BASE_URL: a clear message, exit code 2', async () => {
    const noKey = await fareway(['bookings', 'list'], { FAREWAY_BASE_URL: server.url });
    expect(noKey.stderr).toMatch(/FAREWAY_API_KEY is not set/);
    expect(noKey.code).toBe(2);
    const noUrl = await fareway(['doctor'], { FAREWAY_API_KEY: server.apiKey });
    expect(noUrl.stderr).toMatch(/FAREWAY_BASE_URL is not set/);
    expect(noUrl.code).toBe(2);
  });

  it('usage errors exit 2; --help and --version exit 0', async () => {
    for (const args of [
      ['nope'],
      ['bookings'],
      ['bookings', 'get'],
      ['bookings', 'list', '--limit', '0'],
      ['doctor', '--bogus'],
    ]) {
      const r = await fareway(args, env);
      expect(r.stderr).toMatch(/^fareway: /);
      expect(r.code).toBe(2);
    }
    const help = await fareway(['--help'], {});
    expect(help.stdout).toMatch(/^Usage: fareway <command>/);
    expect(help.code).toBe(0);
    const version = await fareway(['--version'], {});
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('fareway sandbox serves the sandbox (without msw) and stops on SIGTERM', async () => {
    const { child, match } = await startFareway(
      ['sandbox', '--port', '0', '--seed', '4'],
      NO_MSW,
      /listening on (http:\/\/\S+)\nAPI key: (\S+)\n/,
    );
    const [, url, key] = match;
    const res = await fetch(`${url}/v1/bookings/?limit=1`, { headers: { Authorization: `Api-Key ${key}` } });
    expect(res.status).toBe(200);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
  });
});

// Last: every output of every command above (vitest runs a file's tests in order).
it('never prints the API key (right or wrong) in any output', () => {
  expect(outputs.length).toBeGreaterThan(20);
  for (const text of outputs) {
    expect(text).not.toContain(server.apiKey);
    expect(text).not.toContain(WRONG_KEY);
  }
});
