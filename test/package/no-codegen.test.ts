/**
 * `z.compile` generates the answer validators with `new Function`. Where code generation is
 * disallowed (`--disallow-code-generation-from-strings`, a strict CSP) zod falls back to its
 * interpreter: the BUILT package must still read every answer of a whole booking flow.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const flow = fileURLToPath(new URL('./no-codegen-flow.mjs', import.meta.url));

describe('without code generation (node --disallow-code-generation-from-strings)', () => {
  it("a whole booking flow against the sandbox over listen() gets a PNR, read by zod's interpreter", async () => {
    const { stdout } = await run(process.execPath, ['--disallow-code-generation-from-strings', flow], {
      timeout: 120_000,
    });
    const out = JSON.parse(stdout.trim().split('\n').at(-1) as string) as {
      codegen: string;
      pnr: string;
      status: string;
      retrieved: string;
      listed: number;
    };
    expect(out.codegen).toBe('disallowed');
    expect(out.status).toBe('confirmed');
    expect(out.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(out.retrieved).toBe(out.pnr);
    expect(out.listed).toBeGreaterThan(0);
  });
});
