// A Cloudflare Worker that books with Fareway: `/in-worker` through a sandbox inside the worker
// (`sandbox.fetch`, no network), `/over-http` through a sandbox over HTTP (env.FAREWAY_BASE_URL).
// It answers one JSON object: the booking's status and PNR, what setTimeout returns here, and every
// line the client logged (none is expected: no call interrupted, no warning).
import { Fareway } from 'fareway';
import { createSandbox } from 'fareway/sandbox';

const PASSENGER = {
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

function client(path, env, logger) {
  if (path !== '/in-worker')
    return new Fareway({ apiKey: env.FAREWAY_API_KEY, baseUrl: env.FAREWAY_BASE_URL, logger });
  const sandbox = createSandbox({ seed: 27 });
  return new Fareway({
    apiKey: sandbox.apiKey,
    baseUrl: 'https://sandbox.fareway.test',
    logger,
    fetch: async (input, init) =>
      (await sandbox.fetch(new Request(input, init))) ?? new Response(null, { status: 404 }),
  });
}

export default {
  async fetch(request, env) {
    const path = new URL(request.url).pathname;
    if (path === '/health') return new Response('ok');
    const logs = [];
    const log = (level) => (msg) => logs.push(`${level}: ${String(msg)}`);
    const fareway = client(path, env, {
      debug() {},
      info: log('info'),
      warn: log('warn'),
      error: log('error'),
    });
    try {
      const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
      const results = await fareway.flights.search({
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: day,
        adult_count: 1,
      });
      const [out] = results.sortBy('price');
      const { data: booking } = await fareway.bookings.create(results.select(out)).withResponse();
      await fareway.bookings.savePassengers(booking, [PASSENGER]);
      const { data: done, response } = await fareway.bookings.book(booking.booking_id).withResponse();
      await fareway.close();
      const timer = setTimeout(() => undefined, 0);
      clearTimeout(timer);
      return Response.json({
        status: done.status,
        pnr: done.pnr,
        booked: response.status,
        timer: typeof timer,
        logs,
      });
    } catch (error) {
      return Response.json({ error: String(error?.stack ?? error), logs }, { status: 500 });
    }
  },
};
