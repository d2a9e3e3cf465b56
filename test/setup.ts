import { afterEach, beforeEach, vi } from 'vitest';

// A test that prints to the console unexpectedly fails: the SDK must not log unasked, and never
// the key. Tests that expect output pass their own logger or spy on console themselves.
const spies: Array<ReturnType<typeof vi.spyOn>> = [];
beforeEach(() => {
  for (const method of ['log', 'info', 'warn', 'error'] as const) spies.push(vi.spyOn(console, method));
});
afterEach(() => {
  const calls = spies.flatMap((spy) => spy.mock.calls.map((args: unknown[]) => args.map(String).join(' ')));
  for (const spy of spies.splice(0)) spy.mockRestore();
  if (calls.length > 0) throw new Error(`unexpected console output:\n${calls.join('\n')}`);
});
