/**
 * A fresh project for the reach tests: the runtimes a test needs, pinned and installed from the
 * npm registry (their binaries come through optional platform packages and postinstall scripts,
 * allowed in the project's `allowScripts`), then the packed tarball, as a partner installs it.
 * Nothing is cached across runs. Needs a built dist/ (`npm run build`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
// @ts-expect-error -- a plain .mjs script without types (test/consumers/run.mjs)
import { pack } from '../consumers/run.mjs';

export interface Project {
  dir: string;
  env: NodeJS.ProcessEnv;
  remove(): void;
}

/** The child environment: this Node first on PATH, nothing inherited from vitest or an outer npm. */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', NO_COLOR: '1', NODE_OPTIONS: '' };
  for (const name of Object.keys(env))
    if (/^(npm_|VITEST|FAREWAY_|FORCE_COLOR|NODE_ENV|TEST$|JEST_)/i.test(name)) delete env[name];
  env.PATH = [dirname(process.execPath), env.PATH ?? ''].join(delimiter);
  return { ...env, ...extra };
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Everything, for an assertion's message. */
  output: string;
}

/** Runs a command to its end (asynchronously, so that several run side by side). */
export function run(
  cmd: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    const finish = (status: number | null, extra = '') => {
      clearTimeout(timer);
      done({
        status,
        stdout,
        stderr,
        output: `$ ${cmd} ${args.join(' ')}\n${stdout}\n${stderr}${extra}`.slice(-6000),
      });
    };
    child.on('error', (error) => finish(null, `\n${String(error)}`));
    child.on('close', (code, signal) => finish(code, signal ? `\nsignal ${signal}` : ''));
  });
}

/**
 * A temp project with `devDependencies` (pinned versions) installed, then the packed tarball.
 * `scripts`: the packages whose install scripts may run (they fetch or link the runtime binaries).
 */
export function installProject(
  name: string,
  devDependencies: Record<string, string>,
  scripts: string[],
  files: Record<string, string> = {},
): Project {
  const dir = mkdtempSync(join(tmpdir(), `fareway-reach-${name}-`));
  const env = childEnv();
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const allowScripts = Object.fromEntries(scripts.map((s) => [s, true]));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: `reach-${name}`, private: true, devDependencies, allowScripts }, null, 2),
    );
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    const tarball = pack(dir) as string;
    const npm = (args: string[]) => {
      const r = spawnSync('npm', args, { cwd: dir, env, encoding: 'utf8', timeout: 600_000 });
      if (r.status !== 0)
        throw new Error(`npm ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`.slice(-4000));
    };
    const install = ['install', '--no-audit', '--no-fund', '--foreground-scripts', '--loglevel=error'];
    npm(install); // the runtimes, their platform packages and postinstall scripts
    npm([...install, tarball]); // fareway last
    return { dir, env, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** A free TCP port on 127.0.0.1 (closed again before the caller takes it). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

/** A booking flow's passenger (supplier_a needs the passport). */
export const PASSENGER = {
  title: 'Ms',
  first_name: 'Asha',
  last_name: 'Rao',
  gender: 'female',
  pax_type: 'adult',
  dob: '1990-04-12',
  is_lead: true,
  email: 'asha@example.com',
  contact_number: '9876543210',
  passport_number: 'Z4810001',
  passport_expiry: '2032-01-31',
  nationality: 'IN',
};

/**
 * The quickstart flow as the body of an async function, with `fareway` in scope: search → create
 * (`.withResponse()`) → passengers → book (`.withResponse()`) → PNR. Prints one JSON line.
 */
export function quickstartFlow(): string {
  return `
  const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const results = await fareway.flights.search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: day, adult_count: 1 });
  const [out] = results.sortBy('price');
  if (!out) throw new Error('no flights');
  const { data: booking, response: created } = await fareway.bookings.create(results.select(out)).withResponse();
  await fareway.bookings.savePassengers(booking, [${JSON.stringify(PASSENGER)}]);
  const { data: done, response: booked } = await fareway.bookings.book(booking.booking_id).withResponse();
  await fareway.close();
  return { options: results.outbound.length, status: done.status, pnr: done.pnr, created: created.status, booked: booked.status, requestId: booked.headers.get('x-request-id') };
`;
}
