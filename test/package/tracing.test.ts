/**
 * The BUILT package and OpenTelemetry, in both module formats: with `@opentelemetry/api` hidden
 * (a project that never installed it) the package loads and books as before; with it and a
 * registered provider, every call is a span (the CommonJS build loads the API with require).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

async function flow(mode: 'esm' | 'cjs', how: 'hidden' | 'otel') {
  const args =
    how === 'hidden'
      ? ['--import', here('./no-otel.mjs'), here('./otel-flow.cjs'), mode]
      : [here('./otel-flow.cjs'), mode, 'otel'];
  const { stdout, stderr } = await run(process.execPath, args, { timeout: 120_000 });
  return {
    ...(JSON.parse(stdout.trim().split('\n').at(-1) as string) as {
      status: string;
      sameRequest: boolean;
      spans: string[];
    }),
    stderr,
  };
}

describe.each(['esm', 'cjs'] as const)('OpenTelemetry (%s build)', (mode) => {
  it('without @opentelemetry/api: loads, books, prints nothing', async () => {
    const out = await flow(mode, 'hidden');
    expect(out).toMatchObject({ status: 'confirmed', sameRequest: true, spans: [] });
    expect(out.stderr).toBe('');
  });

  it('with a registered provider: one span per call', async () => {
    const out = await flow(mode, 'otel');
    expect(out.status).toBe('confirmed');
    expect(out.spans.filter((s) => s.startsWith('fareway.'))).toEqual([
      'fareway.flights.search',
      'fareway.bookings.create',
      'fareway.bookings.savePassengers',
      'fareway.bookings.book',
    ]);
  });
});
