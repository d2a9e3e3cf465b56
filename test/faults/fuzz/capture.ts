/**
 * Real answers to mutate: one pass through the whole flow against a sandbox over HTTP, recording
 * the 2xx body of each of the nine endpoints (book's answer, and retrieve after book: confirmed).
 */
import { Fareway } from '../../../src/index.js';
import { createSandbox } from '../../../src/sandbox/index.js';
import { endpointOf, type ProxyEndpoint } from '../../helpers/fault-proxy.js';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const LEAD = {
  title: 'Ms',
  first_name: 'Asha',
  last_name: 'Rao',
  gender: 'female',
  pax_type: 'adult',
  dob: '1980-04-12',
  is_lead: true,
  email: 'asha@example.com',
  contact_number: '9876543210',
  cell_country_code: '91',
  passport_number: 'P1000000',
  passport_expiry: inDays(3650),
  nationality: 'IN',
} as const;

/** The recorded answers and the ids a call needs to reach each endpoint. */
export interface Captured {
  bodies: Record<ProxyEndpoint, string>;
  trace_id: string;
  result_index: string;
  booking_id: string;
}

/** Runs the flow once (seeded) and returns each endpoint's last 2xx body. */
export async function captureAnswers(seed = 7): Promise<Captured> {
  const sandbox = createSandbox({ seed, optionCount: 6, inboundOptionCount: 2 });
  const served = await sandbox.listen({ rateLimits: false });
  const bodies: Partial<Record<ProxyEndpoint, string>> = {};
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    const endpoint = endpointOf(request.method, new URL(request.url).pathname);
    if (endpoint && response.ok) bodies[endpoint] = await response.clone().text();
    return response;
  };
  const fareway = new Fareway({
    apiKey: served.apiKey,
    baseUrl: served.url,
    logger: null,
    rateLimits: false,
    fetch: recording,
  });
  try {
    const results = await fareway.flights.search({
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: inDays(21),
      adult_count: 1,
    });
    const out = results.outbound[0]!;
    await fareway.flights.fareRules({ trace_id: results.trace_id, result_index: out.result_index });
    const booking = await fareway.bookings.create(results.select(out));
    await fareway.bookings.savePassengers(booking, [{ ...LEAD }]);
    await fareway.bookings.reprice(booking.booking_id);
    await fareway.bookings.book(booking.booking_id);
    await fareway.bookings.retrieve(booking.booking_id);
    await fareway.bookings.list({ limit: 5 });
    await fareway.airports.autocomplete('del');
    for (const e of [
      'search',
      'fareRules',
      'createBooking',
      'savePassengers',
      'reprice',
      'book',
      'retrieve',
      'list',
      'autocomplete',
    ] as const)
      if (!bodies[e]) throw new Error(`capture: no answer recorded for ${e}`);
    return {
      bodies: bodies as Record<ProxyEndpoint, string>,
      trace_id: results.trace_id,
      result_index: out.result_index,
      booking_id: booking.booking_id,
    };
  } finally {
    await fareway.close();
    await served.close();
  }
}
