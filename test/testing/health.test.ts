/**
 * `checkHealth` (`fareway/health`) against the sandbox over HTTP on 127.0.0.1: a typed report,
 * never a throw for a failed check, bounded by `timeoutMs`, and no key in it. (Redis up and down:
 * test/redis/health.test.ts, with real redis-servers.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHealth, type HealthReport } from '../../src/health.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { freePort } from '../helpers/redis.js';

const WRONG_KEY = 'sbx_live_00000000000000000000000000000bad';
const sandbox = createSandbox({ seed: 34 });
let server: ListeningSandbox;

beforeAll(async () => {
  server = await sandbox.listen({ rateLimits: false });
});
afterAll(() => server.close());

const byName = (report: HealthReport) => Object.fromEntries(report.checks.map((c) => [c.name, c]));

describe('checkHealth', () => {
  it('passes against the sandbox: reachable, key accepted, clock and latency measured; Redis skipped', async () => {
    sandbox.control.clearRequests();
    const report = await checkHealth({ apiKey: server.apiKey, baseUrl: server.url });
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => [c.name, c.level])).toEqual([
      ['base_url', 'pass'],
      ['api_key', 'pass'],
      ['clock_skew', 'pass'],
      ['latency', 'pass'],
      ['redis', 'skip'],
    ]);
    expect(byName(report).api_key?.detail).toMatch(/^key accepted \(sbx_live_…[0-9a-f]{4}\)$/);
    expect(byName(report).latency?.detail).toMatch(/median of 1 read;/);
    expect(typeof report.durationMs).toBe('number');
    expect(JSON.stringify(report)).not.toContain(server.apiKey);
    // One keyed read, sent by the SDK (the sandbox saw it).
    expect(sandbox.control.requests().map((r) => [r.endpoint, r.status])).toEqual([['list', 200]]);
  });

  it('a bad key: api_key fails with the fix, nothing thrown, the key nowhere in the report', async () => {
    const report = await checkHealth({ apiKey: WRONG_KEY, baseUrl: server.url, reads: 2 });
    expect(report.ok).toBe(false);
    expect(byName(report).base_url).toMatchObject({ ok: true, level: 'pass' });
    expect(byName(report).api_key).toMatchObject({ ok: false, level: 'fail' });
    expect(byName(report).api_key?.detail).toMatch(/^key rejected \(sbx_live_…0bad: 401, request \S+\)$/);
    expect(byName(report).api_key?.fix).toMatch(/FAREWAY_API_KEY/);
    expect(JSON.stringify(report)).not.toContain(WRONG_KEY);
  });

  it('an unreachable base URL (a closed port on 127.0.0.1): base_url fails, the rest skipped', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const report = await checkHealth({ apiKey: server.apiKey, baseUrl: url });
    expect(report.ok).toBe(false);
    expect(report.checks.map((c) => [c.name, c.level])).toEqual([
      ['base_url', 'fail'],
      ['api_key', 'skip'],
      ['clock_skew', 'skip'],
      ['latency', 'skip'],
      ['redis', 'skip'],
    ]);
    expect(byName(report).base_url?.detail).toMatch(
      /^base URL unreachable \(http:\/\/127\.0\.0\.1:\d+\): .*ECONNREFUSED/,
    );
  });

  it('a service that never answers: the run ends at timeoutMs with base_url failed', async () => {
    const held: Server = createServer(() => undefined); // accepts, never answers
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(held.address() as AddressInfo).port}`;
      const report = await checkHealth({ apiKey: server.apiKey, baseUrl: url, timeoutMs: 300, reads: 3 });
      expect(byName(report).base_url).toMatchObject({ ok: false });
      expect(byName(report).base_url?.detail).toMatch(/no answer within 0\.3 s/);
    } finally {
      held.closeAllConnections();
      await new Promise((resolve) => held.close(resolve));
    }
  });

  it('settings that make no client: one failed config check, nothing sent, nothing thrown', async () => {
    sandbox.control.clearRequests();
    const report = await checkHealth({ apiKey: '', baseUrl: 'ftp://example.test' });
    expect(report).toMatchObject({ ok: false, checks: [{ name: 'config', ok: false, level: 'fail' }] });
    expect(report.checks[0]?.detail).toMatch(/API key.*base URL/);
    expect(sandbox.control.requests()).toEqual([]);
  });
});
