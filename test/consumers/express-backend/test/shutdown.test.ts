// The service as deployed (src/server.ts with src/tracing.ts) in its own process, against the
// sandbox over HTTP: SIGTERM while a book is in flight. The answer arrives, Fareway closes, the
// process exits 0, and the console exporter printed Fareway's spans without the key or passenger.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { createSandbox } from 'fareway/sandbox';

async function until<T>(what: string, read: () => T | undefined, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) {
    const value = read();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

it('SIGTERM during a book: the answer arrives, then the process exits 0', { timeout: 120_000 }, async () => {
  const sandbox = createSandbox({ seed: 5 });
  const api = await sandbox.listen({ rateLimits: false });
  const child = spawn(process.execPath, ['--import', './src/tracing.ts', 'src/server.ts'], {
    env: { ...process.env, PORT: '0', FAREWAY_API_KEY: api.apiKey, FAREWAY_BASE_URL: api.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = once(child, 'exit');
  try {
    const url = await until('the server', () => /listening on (\S+)/.exec(out)?.[1]);
    console.log(out.split('\n')[0]); // the Node the service runs on
    const post = async (path: string, body: unknown, method = 'POST') => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const search = await post('/search', { origin: 'DEL', destination: 'BOM', date: day });
    const held = await post('/holds', { token: search.body.options[0].token });
    const passenger = {
      title: 'Mr',
      first_name: 'Arjun',
      last_name: 'Mehta',
      gender: 'male',
      pax_type: 'adult',
      dob: '1979-02-11',
      is_lead: true,
      email: 'arjun@example.com',
      contact_number: '9876501234',
      cell_country_code: '91',
      passport_number: 'K7730042',
      passport_expiry: '2034-06-30',
      nationality: 'IN',
    };
    const id: string = held.body.booking_id;
    expect((await post(`/holds/${id}/passengers`, { passengers: [passenger] }, 'PUT')).status).toBe(200);

    sandbox.control.failNext('book', { delayMs: 1_500 }); // the book takes 1.5 s, then succeeds
    const confirming = post(`/holds/${id}/confirm`, { expected_fare: held.body.fare });
    await until('the book request', () =>
      sandbox.control.requests().some((r) => r.endpoint === 'book') ? true : undefined,
    );
    child.kill('SIGTERM');
    const done = await confirming;
    expect(done).toMatchObject({ status: 200, body: { status: 'confirmed' } });
    expect(done.body.pnr).toBe(sandbox.control.getBooking(id)?.pnr);
    const [code] = await exited;
    expect(code, out).toBe(0);
    expect(out).toContain('SIGTERM: finishing the requests in flight');
    expect(out).toContain("name: 'fareway.bookings.book'");
    for (const secret of [api.apiKey, 'Arjun', 'K7730042', 'arjun@example.com'])
      expect(out).not.toContain(secret);
    console.log(`shutdown: book answered (PNR ${done.body.pnr}) after SIGTERM, exit code ${code}`);
  } finally {
    child.kill('SIGKILL');
    await api.close();
  }
});
