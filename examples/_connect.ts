// Shared by the examples: with FAREWAY_BASE_URL set, talk to that service with FAREWAY_API_KEY;
// otherwise start the sandbox in-process on 127.0.0.1 and talk to it over real HTTP.
// The imports are the package's own names, as in your code: they run the built package (dist/).
import { Fareway, type FarewayOptions, type PassengerInput, type PaxCount } from 'fareway';
import { createSandbox, type Sandbox } from 'fareway/sandbox';

export interface Connection {
  fareway: Fareway;
  /** The in-process sandbox, when no FAREWAY_BASE_URL was given. */
  sandbox: Sandbox | undefined;
  where: string;
  close(): Promise<void>;
}

export async function connect(options: FarewayOptions = {}): Promise<Connection> {
  if (process.env.FAREWAY_BASE_URL) {
    const fareway = new Fareway(options);
    return { fareway, sandbox: undefined, where: fareway.baseUrl, close: () => fareway.close() };
  }
  const sandbox = createSandbox({ seed: 2026 });
  const server = await sandbox.listen({ port: 0 });
  const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, ...options });
  return {
    fareway,
    sandbox,
    where: `${server.url} (in-process sandbox)`,
    close: async () => {
      await fareway.close();
      await server.close();
    },
  };
}

/** A date `days` from today, YYYY-MM-DD. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Travellers for a pax count. Passports included: supplier_a needs them on every sector. */
export function travellers(pax: PaxCount): PassengerInput[] {
  const passport = (n: number) => ({
    passport_number: `Z${4810000 + n}`,
    passport_expiry: inDays(3000),
    nationality: 'IN',
  });
  const list: PassengerInput[] = [];
  for (let i = 0; i < pax.adult; i++)
    list.push({
      title: i === 0 ? 'Mrs' : 'Mr',
      first_name: ['Priya', 'Arjun', 'Dev', 'Kiran'][i % 4]!,
      last_name: 'Sharma',
      gender: i === 0 ? 'female' : 'male',
      pax_type: 'adult',
      dob: `${1984 + i}-07-19`,
      is_lead: i === 0,
      ...(i === 0
        ? { email: 'priya.sharma@example.com', contact_number: '9812345678', cell_country_code: '91' }
        : {}),
      ...passport(i),
    });
  for (let i = 0; i < pax.child; i++)
    list.push({
      title: 'Ms',
      first_name: 'Anika',
      last_name: 'Sharma',
      gender: 'female',
      pax_type: 'child',
      dob: inDays(-365 * 7),
      is_lead: false,
      ...passport(10 + i),
    });
  for (let i = 0; i < pax.infant; i++)
    list.push({
      title: 'Mr',
      first_name: 'Vihaan',
      last_name: 'Sharma',
      gender: 'male',
      pax_type: 'infant',
      dob: inDays(-300),
      is_lead: false,
      ...passport(20 + i),
    });
  return list;
}

export const inr = (amount: number) =>
  `INR ${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** HH:mm of an ISO time without zone; '--:--' when the service did not send one ("some fields may be absent"). */
export const time = (iso: string | null | undefined) => (iso ? iso.slice(11, 16) : '--:--');
