/**
 * Issue 31 (item 1) across two processes: this process holds the fare (create, passengers) with
 * its own client and keeps the fare the traveller agreed to; a child process, a stateless handler
 * knowing only the booking id, reprices through a fault proxy that loses the first answer after
 * the service processed it (a 2xx body cut short, a load balancer's 502 page) while the airline
 * moves the fare. The child follows the documented pattern ("price_changed? ask the traveller,
 * then book with expectedFinalFare"). Against both service behaviours — since create-booking (the
 * contract) and since the last reprice — it must see the move, relative to the agreed fare, and
 * book nothing. The child is started from the system's temporary directory, not the repository;
 * one child runs every case (each with a sandbox of its own), to keep the file cheap.
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Fareway } from '../../src/index.js';
import { createSandbox, type ListeningSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { startFaultProxy, type Fault, type FaultProxy } from '../helpers/fault-proxy.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const CHILD = fileURLToPath(new URL('./children/reprice-child.ts', import.meta.url));
const LOADER = pathToFileURL(
  fileURLToPath(new URL('../../node_modules/ts-node/esm.mjs', import.meta.url)),
).href;
const PROJECT = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

function runChild(env: Record<string, string>): Promise<Array<Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--no-warnings', '--loader', LOADER, CHILD], {
      cwd: tmpdir(),
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', TS_NODE_PROJECT: PROJECT, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`child exited ${code}: ${stderr}`));
      resolve(
        stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      );
    });
  });
}

interface Case {
  since: 'create' | 'last-reprice';
  fault: Fault;
  sandbox: Sandbox;
  served: ListeningSandbox;
  proxy: FaultProxy;
  booking: string;
  agreed: number;
}
const cases: Case[] = [];
const holders: Fareway[] = [];

afterAll(async () => {
  await Promise.all(holders.map((c) => c.close()));
  for (const c of cases) {
    await c.proxy.close();
    await c.served.close();
  }
});

/** This process holds the fare: its own client, straight to the sandbox. */
async function hold(since: Case['since'], fault: Fault, seed: number): Promise<Case> {
  const sandbox = createSandbox({ seed, optionCount: 6, priceChangedSince: since });
  const served = await sandbox.listen({ rateLimits: false });
  const proxy = await startFaultProxy(served.url);
  const fareway = new Fareway({
    apiKey: served.apiKey,
    baseUrl: served.url,
    logger: null,
    rateLimits: false,
  });
  holders.push(fareway);
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(22),
  });
  const created = await fareway.bookings.create(results.select(results.outbound[0]!));
  await fareway.bookings.savePassengers(created, passengersFor(results));
  const c: Case = {
    since,
    fault,
    sandbox,
    served,
    proxy,
    booking: created.booking_id,
    agreed: created.pricing.final_fare,
  };
  proxy.plan(`two-processes/${since}/${fault}`, 'reprice', fault);
  sandbox.control.movePriceOnNextReprice(1_500);
  cases.push(c);
  return c;
}

describe('hold in one process, reprice in another after a lost answer, while the fare moves', () => {
  it('the other process sees the move, relative to the agreed fare, and books nothing (both service behaviours)', async () => {
    const held = [
      await hold('create', 'cut-json', 3111),
      await hold('last-reprice', 'cut-json', 3112),
      await hold('last-reprice', 'commit-html-502', 3113),
    ];
    const jobs = held.map((c) => ({
      url: c.proxy.url,
      key: c.served.apiKey,
      cell: `two-processes/${c.since}/${c.fault}`,
      booking: c.booking,
    }));
    const answers = await runChild({ FW_JOBS: JSON.stringify(jobs) });
    expect(answers).toHaveLength(held.length);
    held.forEach((c, i) => {
      const b = answers[i]!;
      const what = `${c.since}/${c.fault}: ${JSON.stringify(b)}`;
      expect(c.proxy.forwarded(jobs[i]!.cell, 'reprice'), what).toHaveLength(2);
      expect(b, what).toMatchObject({ price_changed: true, previous_total_amount: c.agreed, asked: true });
      expect(b.final_fare as number, what).toBeGreaterThan(c.agreed);
      const booking = c.sandbox.control.getBooking(c.booking)!;
      expect(booking.status).toBe('priced');
      expect(booking.debits).toHaveLength(0);
    });
  }, 60_000);
});
