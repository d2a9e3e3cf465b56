// The sandbox over real HTTP for the tests, with a door the test can hold: `hold(/reprice/)` keeps
// the next matching request waiting (the app has sent it and waits for the answer) until the test
// calls `release()`. No delays to guess: the test acts while the request is surely in flight.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox } from 'fareway/sandbox';

export async function startSandbox(seed: number) {
  const sandbox = createSandbox({ seed, rateLimits: false });
  let door: { path: RegExp; arrived: () => void; open: Promise<void> } | undefined;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', origin);
    const held = door?.path.test(url.pathname) ? door : undefined;
    if (held) {
      door = undefined;
      held.arrived();
      await held.open;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const answer =
      (await sandbox.fetch(new Request(url, { method: req.method, headers, body }))) ??
      new Response('{}', { status: 404 }); // no such endpoint
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    sandbox,
    url: origin,
    apiKey: sandbox.apiKey,
    /** Holds the next request whose path matches: `arrived` resolves once it waits at the door. */
    hold(path: RegExp) {
      let arrived!: () => void;
      let release!: () => void;
      const at = new Promise<void>((resolve) => (arrived = resolve));
      const open = new Promise<void>((resolve) => (release = resolve));
      door = { path, arrived, open };
      return { arrived: at, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Calls a service under test; the answer's JSON body (or null). */
export async function call(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

export const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
export const traveller = {
  title: 'Mrs',
  first_name: 'Priya',
  last_name: 'Sharma',
  gender: 'female',
  pax_type: 'adult',
  dob: '1986-07-19',
  is_lead: true,
  email: 'priya@example.com',
  contact_number: '9812345678',
  cell_country_code: '91',
  passport_number: 'Z4810001',
  passport_expiry: '2035-01-01',
  nationality: 'IN',
};
