/**
 * The sandbox against the contract: every answer of every endpoint, for both suppliers, validated
 * with ajv against test/contract/openapi.json — an OpenAPI 3.1 description written from the spec
 * alone, closed (`additionalProperties: false`) wherever the spec lists an object's fields
 * completely. Raw HTTP through `sandbox.fetch`: what is validated is exactly what the sandbox sends.
 */
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { BASE } from '../sandbox/helpers.js';
import { autocomplete, duplicate, errors, fullFlow, listing, NOW, TRIPS } from './flows.js';
import { ContractValidator, OPENAPI, recorder, relaxed, type Exchange } from './validator.js';

const partners = [{ walletBalance: 100_000_000 }];

describe('the sandbox answers exactly the contract (default options)', () => {
  const sandbox = createSandbox({ now: NOW, partners });
  const api = recorder(sandbox.fetch, BASE, sandbox.apiKey);
  const validator = new ContractValidator();
  /** Validates (and forgets) everything recorded so far. */
  const violations = () => api.log.splice(0).flatMap((ex) => validator.check(ex));

  it.each(TRIPS)('%s: search, fare rules, create, passengers, reprice, book, get', async (_name, body) => {
    await fullFlow(api, body);
    expect(violations()).toEqual([]);
  });

  it('a reprice that moved the fare (price_changed: true)', async () => {
    sandbox.control.movePriceOnNextReprice(900);
    await fullFlow(api, TRIPS[0]![1]);
    const reprice = api.log.find((ex) => ex.path.endsWith('/reprice/'));
    expect(reprice?.body).toMatchObject({ pricing: { price_changed: true } });
    expect(violations()).toEqual([]);
  });

  it('save-passengers reporting a duplicate (supplier_b)', async () => {
    const answer = await duplicate(api);
    expect(answer.duplicates_found).toBe(true);
    expect(answer.duplicates.length).toBeGreaterThan(0);
    expect(violations()).toEqual([]);
  });

  it('the list, with drafts, saved, failed and confirmed bookings and both page links', async () => {
    const results = await listing(api, sandbox);
    const statuses = new Set(results.map((r: { status: string }) => r.status));
    for (const s of ['draft', 'passenger_saved', 'failed', 'confirmed']) expect(statuses).toContain(s);
    const middle = api.log.find((ex) => ex.path === '/v1/bookings/?limit=2&offset=2')?.body as {
      next: unknown;
      previous: unknown;
    };
    expect(middle.next).not.toBeNull();
    expect(middle.previous).not.toBeNull();
    expect(violations()).toEqual([]);
  });

  it('airport autocomplete (hits, a short query, a miss)', async () => {
    await autocomplete(api);
    expect(violations()).toEqual([]);
  });

  it('error answers: 400, 401, 404, 409, 402, 500, 502 in the envelope, with X-Request-Id', async () => {
    const answers = await errors(api, sandbox);
    expect(answers.map((a) => a.status)).toEqual([
      400, 400, 401, 401, 404, 404, 409, 409, 409, 402, 502, 502, 500,
    ]);
    expect(violations()).toEqual([]);
  });

  it('429 when a rate limit is exceeded', async () => {
    const limited = createSandbox({ now: NOW, rateLimits: { search: { limit: 1, windowMs: 60_000 } } });
    const rec = recorder(limited.fetch, BASE, limited.apiKey);
    await rec.post('/v1/flights/search/', TRIPS[0]![1]);
    const refused = await rec.post('/v1/flights/search/', TRIPS[0]![1]);
    expect(refused.status).toBe(429);
    expect(rec.log.flatMap((ex) => validator.check(ex))).toEqual([]);
  });

  it('covered every operation of the document with a 200, and the error statuses of §7', () => {
    const operations = Object.values(
      OPENAPI.paths as Record<string, Record<string, { operationId: string }>>,
    ).flatMap((p) => Object.values(p).map((op) => op.operationId));
    for (const op of operations) expect(validator.seen, op).toContain(`${op} 200`);
    const statuses = new Set([...validator.seen].map((s) => Number(s.split(' ')[1])));
    for (const status of [400, 401, 404, 409, 429, 500, 502])
      expect(statuses, String(status)).toContain(status);
  });
});

describe('the document catches what the contract forbids', () => {
  const validator = new ContractValidator();
  const ex = (path: string, body: unknown, status = 200): Exchange => ({
    method: 'POST',
    path,
    status,
    headers: new Headers({ 'X-Request-Id': 'req_1' }),
    body,
  });

  it('an unknown field, a null round_trip_style, a missing header and a bare error body', async () => {
    const sandbox = createSandbox({ now: NOW });
    const api = recorder(sandbox.fetch, BASE, sandbox.apiKey);
    const search = (await api.post('/v1/flights/search/', TRIPS[0]![1])).body as Record<string, unknown>;
    expect(validator.check(ex('/v1/flights/search/', search))).toEqual([]);
    expect(validator.check(ex('/v1/flights/search/', { ...search, source: 'supplier_a' })).join()).toContain(
      "'source'",
    );
    expect(
      validator.check(ex('/v1/flights/search/', { ...search, round_trip_style: null })).join(),
    ).toContain('round_trip_style');
    expect(
      validator.check({ ...ex('/v1/flights/search/', search), headers: new Headers() }).join(),
    ).toContain('X-Request-Id');
    expect(validator.check(ex('/v1/flights/search/', { detail: 'nope' }, 400))).not.toEqual([]);
  });
});

describe('variations stay within the contract', () => {
  it.each([1, 7, 42])(
    'seed %i: every answer validates once unknown fields are allowed, and varies',
    async (seed) => {
      const sandbox = createSandbox({ seed, variations: true, now: NOW, partners });
      const api = recorder(sandbox.fetch, BASE, sandbox.apiKey);
      for (const [, body] of TRIPS) await fullFlow(api, body);
      expect((await duplicate(api)).duplicates_found).toBe(true);
      await listing(api, sandbox);
      await autocomplete(api);
      await errors(api, sandbox);
      const loose = new ContractValidator(relaxed(OPENAPI));
      expect(api.log.flatMap((e) => loose.check(e))).toEqual([]);
      // The variety is real, and unknown fields are all the strict document objects to.
      const strict = api.log.flatMap((e) => new ContractValidator().check(e));
      expect(strict.length).toBeGreaterThan(0);
      expect(strict.filter((line) => !line.includes('must NOT have additional properties'))).toEqual([]);
    },
  );
});
