// `npx fareway-sandbox` in a project without msw, driven over plain HTTP as any language would;
// then the `fareway` CLI against it: `npx fareway doctor` passes and `bookings get` shows the PNR.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

console.log(`node ${process.version}`);
if (existsSync('node_modules/msw')) throw new Error('msw is installed: this fixture must run without it');

const child = spawn('npx', ['fareway-sandbox', '--port', '0', '--seed', '6'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
};
const timer = setTimeout(() => {
  stop();
  console.error('timed out');
  process.exit(1);
}, 120_000);
let out = '';
const { url, key } = await new Promise((resolve, reject) => {
  child.stdout.on('data', (d) => {
    out += d;
    const u = /listening on (http:\/\/\S+)/.exec(out);
    const k = /API key: (\S+)\n/.exec(out);
    if (u && k) resolve({ url: u[1], key: k[1] });
  });
  child.on('exit', (code) => reject(new Error(`fareway-sandbox exited (${code}): ${out}`)));
});

async function call(method, path, body) {
  const res = await fetch(url + path, {
    method,
    headers: { Authorization: `Api-Key ${key}`, 'Content-Type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

try {
  const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const search = await call('POST', '/v1/flights/search/', {
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: `${day}T00:00:00`,
    journey_type: '1',
    adult_count: '1',
    child_count: '0',
    infant_count: '0',
    flight_cabin_class: '2',
    direct_flight: 'false',
  });
  const booking = await call('POST', '/v1/flights/booking/', {
    trace_id: search.trace_id,
    result_indices: [search.outbound[0].result_index],
  });
  await call('POST', `/v1/flights/booking/${booking.booking_id}/passengers/`, {
    passengers: [
      {
        title: 'Mr',
        first_name: 'Dev',
        last_name: 'Rao',
        gender: 'male',
        pax_type: 'adult',
        dob: '1988-02-03',
        is_lead: true,
        email: 'dev@example.com',
        contact_number: '9812345678',
        cell_country_code: '91',
        passport_number: 'Z1234567',
        passport_expiry: '2035-01-01',
        nationality: 'IN',
      },
    ],
  });
  const done = await call('POST', `/v1/flights/booking/${booking.booking_id}/book/`);
  if (done.status !== 'confirmed') throw new Error(`not confirmed: ${JSON.stringify(done)}`);
  console.log(`PNR: ${done.pnr}`);

  // The support CLI, installed from the tarball, without msw (the sandbox runs in its own process).
  const cli = (...args) => {
    const r = spawnSync('npx', ['fareway', ...args], {
      env: { ...process.env, FAREWAY_API_KEY: key, FAREWAY_BASE_URL: url },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const text = `${r.stdout}${r.stderr}`;
    if (text.includes(key)) throw new Error(`fareway ${args.join(' ')} printed the API key`);
    if (r.status !== 0) throw new Error(`fareway ${args.join(' ')} exited ${r.status}: ${text}`);
    return r.stdout;
  };
  const doctor = cli('doctor');
  if (!/^All checks passed\.$/m.test(doctor)) throw new Error(`fareway doctor: ${doctor}`);
  const shown = /^PNR +(\S+)$/m.exec(cli('bookings', 'get', booking.booking_id))?.[1];
  if (shown !== done.pnr) throw new Error(`fareway bookings get shows PNR ${shown}, not ${done.pnr}`);
  console.log(`fareway CLI: doctor passed, bookings get shows PNR ${shown}`);
} finally {
  clearTimeout(timer);
  stop();
}
