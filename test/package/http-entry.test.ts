/**
 * `fareway/http` as the BUILT package ships it (issue 32): real errors of the ESM and the CJS
 * client, answered by the ESM and the CJS entry (each with its own copy of the error base class:
 * errors are recognised by their brand and routed by `code`, not by class identity); and the
 * entry shares no chunk with the client, so `import { Fareway }` carries none of it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: { error: Record<string, unknown> };
}
type Report = Record<string, { name: string; esm: Answer; cjs: Answer; booking_id?: string }>;

const dist = (file: string) => fileURLToPath(new URL(`../../dist/${file}`, import.meta.url));
let report: Report;
beforeAll(() => {
  const probe = fileURLToPath(new URL('./http-probe.mjs', import.meta.url));
  report = JSON.parse(
    execFileSync(process.execPath, [probe], { encoding: 'utf8', timeout: 120_000 }),
  ) as Report;
}, 150_000);

describe('fareway/http (built): errors of either build, answered by either build', () => {
  for (const build of ['esm', 'cjs']) {
    it(`${build} client: bad input 422, a 429 → 503 with Retry-After, a refusal 422, passengers 422`, () => {
      const at = (k: string) => report[`${build}:${k}`]!;
      expect(at('invalid').name).toBe('RequestValidationError');
      expect(at('limited').name).toBe('RateLimitError');
      expect(at('refused').name).toBe('BadRequestError');
      expect(at('passengers').name).toBe('PassengerRejectedError');
      for (const by of ['esm', 'cjs'] as const) {
        expect(at('invalid')[by]).toMatchObject({
          status: 422,
          body: { error: { code: 'invalid_request', issues: [{ path: 'origin' }] } },
        });
        expect(at('limited')[by]).toMatchObject({
          status: 503,
          headers: { 'retry-after': '7' },
          body: { error: { code: 'unavailable', request_id: expect.stringMatching(/\S/) } },
        });
        expect(at('refused')[by]).toMatchObject({
          status: 422,
          body: { error: { code: 'request_refused', details: ['Route not served'] } },
        });
        expect(at('passengers')[by]).toMatchObject({
          status: 422,
          body: { error: { code: 'invalid_request', booking_id: at('passengers').booking_id } },
        });
        expect(JSON.stringify(at('passengers')[by])).not.toMatch(/Asha|P7654321/);
      }
    });
  }

  it('anything else: a bare 500 from both', () => {
    for (const by of ['esm', 'cjs'] as const)
      expect(report.unknown![by]).toEqual({
        status: 500,
        headers: {},
        body: { error: { code: 'internal', message: 'Something went wrong' } },
      });
  });

  it('dist/http.js imports no chunk of the client, and the client imports nothing of it', () => {
    const http = readFileSync(dist('http.js'), 'utf8');
    const imports = [...http.matchAll(/^import .* from ['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    expect(imports.filter((spec) => spec!.startsWith('.'))).toEqual([]);
    expect(readFileSync(dist('index.js'), 'utf8')).not.toMatch(/http\.js|toHttpAnswer/);
  });
});
