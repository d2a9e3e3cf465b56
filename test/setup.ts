import { afterEach, beforeEach, vi } from 'vitest';

// A test that prints to the console unexpectedly fails: the SDK must not log unasked, and never
// the key. Tests that expect output pass their own logger or spy on console themselves.
// FAREWAY_LOG from the shell would change what the default logger writes: tests set it themselves.
delete process.env.FAREWAY_LOG;
const spies: Array<ReturnType<typeof vi.spyOn>> = [];
beforeEach(() => {
  for (const method of ['log', 'debug', 'info', 'warn', 'error'] as const)
    spies.push(vi.spyOn(console, method));
});
afterEach(() => {
  const calls = spies.flatMap((spy) => spy.mock.calls.map((args: unknown[]) => args.map(String).join(' ')));
  for (const spy of spies.splice(0)) spy.mockRestore();
  if (calls.length > 0) throw new Error(`unexpected console output:\n${calls.join('\n')}`);
});

// A promise rejected with nobody listening kills a partner's process (Node exits with code 1):
// any test that leaves one behind fails, even when its own assertions passed.
const unhandled: unknown[] = [];
const KEY = Symbol.for('fareway.test.unhandledRejection');
const g = globalThis as { [KEY]?: unknown[] };
if (!g[KEY]) {
  g[KEY] = unhandled;
  process.on('unhandledRejection', (reason) => g[KEY]!.push(reason));
}
afterEach(async () => {
  // Node reports an unhandled rejection after the microtask queue drains: let it.
  await new Promise((resolve) => setImmediate(resolve));
  const seen = g[KEY]!.splice(0);
  if (seen.length > 0)
    throw new Error(
      `${seen.length} unhandled rejection(s): ${seen.map((r) => (r instanceof Error ? `${r.name}: ${r.message}` : String(r))).join('; ')}`,
    );
});
