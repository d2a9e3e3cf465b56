import { describe, expect, it } from 'vitest';
import { runInputFuzz } from '../../bench/fuzz-inputs.js';

describe('input fuzz (fast subset of bench/fuzz-inputs.ts)', () => {
  it('400 seeded bad inputs over every method: 0 crashes, 0 hangs, 0 escapes, nothing unknown on the wire', async () => {
    const counts = await runInputFuzz({ cases: 400, seed: 424242 });
    // The harness itself works: the valid setup went through the counting fetch, every method was tried.
    expect(counts.setupRequests).toBe(2);
    expect(Object.keys(counts.byMethod).sort()).toEqual([
      'autocomplete',
      'book',
      'bookFlight',
      'create',
      'fareRules',
      'list',
      'reprice',
      'retrieve',
      'savePassengers',
      'search',
    ]);
    expect(counts.examples).toEqual([]);
    expect({
      crashes: counts.crashes,
      hangs: counts.hangs,
      escapes: counts.escapes,
      wireUnknownKeys: counts.wireUnknownKeys,
      wirePrototypeKeys: counts.wirePrototypeKeys,
      unhandledRejections: counts.unhandledRejections,
    }).toEqual({
      crashes: 0,
      hangs: 0,
      escapes: 0,
      wireUnknownKeys: 0,
      wirePrototypeKeys: 0,
      unhandledRejections: 0,
    });
  });
});
