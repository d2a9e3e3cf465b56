import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { Fareway, type FarewayOptions, type PassengerInput, type SearchResults } from '../../src/index.js';
import { createSandbox, type SandboxOptions } from '../../src/sandbox/index.js';

export const SANDBOX_URL = 'https://sandbox.fareway.test';

/** The sandbox's handlers behind msw for one test file; state is reset after each test. */
export function useSandbox(options: SandboxOptions = {}) {
  const sandbox = createSandbox(options);
  const server = setupServer(...sandbox.handlers);
  const clients: Fareway[] = [];
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    sandbox.control.reset();
    server.resetHandlers();
  });
  afterAll(() => server.close());
  return {
    sandbox,
    /** The msw server of this file (add a handler with `server.use`; reset after each test). */
    server,
    control: sandbox.control,
    /** A client of the default partner: silent, throttling off, fast backoff. */
    client(opts: FarewayOptions = {}): Fareway {
      const c = new Fareway({
        apiKey: sandbox.apiKey,
        baseUrl: SANDBOX_URL,
        logger: null,
        rateLimits: false,
        retryBackoff: { baseDelayMs: 5, maxDelayMs: 20 },
        bookReconcile: { timeoutMs: 3_000, intervalMs: 20 },
        ...opts,
      });
      clients.push(c);
      return c;
    },
    /** Requests of one endpoint in the sandbox's log. */
    calls(endpoint: string) {
      return sandbox.control.requests().filter((r) => r.endpoint === endpoint);
    },
  };
}

/** A date `days` from now, YYYY-MM-DD. */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Valid passengers for a search's pax count, with passports (supplier_a needs them everywhere). */
export function passengersFor(
  results: Pick<SearchResults, 'pax_count'>,
  opts: { passports?: boolean; lead?: Partial<PassengerInput> } = {},
): PassengerInput[] {
  const passports = opts.passports ?? true;
  const doc = (n: number) =>
    passports ? { passport_number: `P${1000000 + n}`, passport_expiry: inDays(3650), nationality: 'IN' } : {};
  const list: PassengerInput[] = [];
  const { adult, child, infant } = results.pax_count;
  for (let i = 0; i < adult; i++)
    list.push({
      title: i === 0 ? 'Ms' : 'Mr',
      first_name: i === 0 ? 'Asha' : `Ravi${'abcdefghi'[i]}`,
      last_name: 'Rao',
      gender: i === 0 ? 'female' : 'male',
      pax_type: 'adult',
      dob: `${1980 + i}-04-12`,
      is_lead: i === 0,
      ...(i === 0
        ? { email: 'asha@example.com', contact_number: '9876543210', cell_country_code: '91' }
        : {}),
      ...doc(i),
      ...(i === 0 ? opts.lead : {}),
    });
  for (let i = 0; i < child; i++)
    list.push({
      title: 'Ms',
      first_name: `Mira${'abcdefghi'[i]}`,
      last_name: 'Rao',
      gender: 'female',
      pax_type: 'child',
      dob: inDays(-365 * 6),
      is_lead: false,
      ...doc(10 + i),
    });
  for (let i = 0; i < infant; i++)
    list.push({
      title: 'Mr',
      first_name: `Kabir${'abcdefghi'[i]}`,
      last_name: 'Rao',
      gender: 'male',
      pax_type: 'infant',
      dob: inDays(-200),
      is_lead: false,
      ...doc(20 + i),
    });
  return list;
}
