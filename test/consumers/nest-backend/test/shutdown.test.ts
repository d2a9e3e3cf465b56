// The service as deployed (node dist/src/main.js) in its own process: SIGTERM arrives while a
// confirm is in flight (its reprice held at the sandbox's door until Nest has started shutting
// down). The confirm still books and answers with the PNR, then the client closes and the process
// exits 0. With the client closed in onModuleDestroy, the book after the reprice is refused.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { call, day, startSandbox, traveller } from './sandbox.js';

async function until<T>(what: string, read: () => T | undefined, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) {
    const value = read();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('SIGTERM during a confirm: the answer carries the PNR, then the process exits 0', async () => {
  const api = await startSandbox(5);
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: '0', FAREWAY_API_KEY: api.apiKey, FAREWAY_BASE_URL: api.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = once(child, 'exit');
  try {
    const url = await until('the server', () => /listening on (\S+)/.exec(out)?.[1]);
    console.log(/^node .*$/m.exec(out)?.[0]); // the Node the service runs on
    const search = await call(url, 'POST', '/search', { origin: 'DEL', destination: 'BOM', date: day });
    const held = await call(url, 'POST', '/holds', { token: search.body.options[0].token });
    const id: string = held.body.booking_id;
    assert.equal(
      (await call(url, 'PUT', `/holds/${id}/passengers`, { passengers: [traveller] })).status,
      200,
    );

    const door = api.hold(/\/reprice\/?$/);
    const confirming = call(url, 'POST', `/holds/${id}/confirm`, { expected_fare: held.body.fare });
    await door.arrived; // the confirm is in flight: its reprice waits at the sandbox
    child.kill('SIGTERM');
    await until('the shutdown to start', () => (out.includes('SIGTERM: finishing') ? true : undefined));
    door.release();
    const done = await confirming;
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.status, 'confirmed');
    assert.equal(done.body.pnr, api.sandbox.control.getBooking(id)?.pnr);
    const [code, signal] = await exited;
    assert.equal(code, 0, `exit ${code} ${signal}\n${out}`);
    assert.match(out, /client closed/);
    for (const secret of [api.apiKey, 'Priya', 'Z4810001', 'priya@example.com'])
      assert.ok(!out.includes(secret));
    console.log(`shutdown: confirm answered (PNR ${done.body.pnr}) after SIGTERM, exit code ${code}`);
  } finally {
    child.kill('SIGKILL');
    await api.close();
  }
});
