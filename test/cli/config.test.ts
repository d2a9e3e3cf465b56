/** The fareway bin names every missing setting at once (exit code 2), not the first one only. */
import { beforeAll, expect, it } from 'vitest';
import { ensureBuilt, fareway } from './helpers.js';

beforeAll(() => {
  ensureBuilt();
});

it('FAREWAY_API_KEY and FAREWAY_BASE_URL both missing: one message naming both, exit code 2', async () => {
  for (const args of [['doctor'], ['bookings', 'list']]) {
    const r = await fareway(args, {});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^fareway: 2 configuration problems:/m);
    expect(r.stderr).toMatch(/^ {2}- FAREWAY_API_KEY is not set/m);
    expect(r.stderr).toMatch(/^ {2}- FAREWAY_BASE_URL is not set/m);
  }
});

it('a malformed key and base URL (found by the SDK): both named, the key never printed', async () => {
  const r = await fareway(['bookings', 'list'], {
    FAREWAY_API_KEY: 'bad key!',
    FAREWAY_BASE_URL: 'ftp://fareway.test',
  });
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/2 configuration problems/);
  expect(r.stderr).toMatch(/Malformed API key/);
  expect(r.stderr).toMatch(/Malformed base URL/);
  expect(r.stderr).not.toContain('bad key!');
});
