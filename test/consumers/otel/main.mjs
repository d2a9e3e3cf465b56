// An app with OpenTelemetry set up (tracing.mjs): a booking flow against the sandbox over HTTP on
// 127.0.0.1; every SDK call must be one span with its fetch spans as children, and no span may
// hold the key or the passenger's data.
import { Fareway } from 'fareway';
import { createSandbox } from 'fareway/sandbox';

const { exporter, provider } = globalThis.__otel;
console.log(`node ${process.version}`);
const sandbox = createSandbox({ seed: 9 });
const server = await sandbox.listen();
const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
try {
  const results = await fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: day,
    adult_count: 1,
  });
  const booking = await fareway.bookings.create(results.select(results.outbound[0]));
  await fareway.bookings.savePassengers(booking, [
    {
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
    },
  ]);
  const { data: done, response } = await fareway.bookings.book(booking.booking_id).withResponse();
  if (response.headers.get('x-request-id') !== done.requestId)
    throw new Error('withResponse: another response');
  await provider.forceFlush();
  const spans = exporter.getFinishedSpans();
  const sdk = spans.filter((s) => s.name.startsWith('fareway.'));
  const children = spans.filter((s) =>
    sdk.some((p) => s.parentSpanContext?.spanId === p.spanContext().spanId),
  );
  const text = JSON.stringify(sdk.map((s) => ({ n: s.name, a: s.attributes, e: s.events })));
  for (const secret of [server.apiKey, 'Priya', 'Z4810001', 'priya@example.com', '9812345678'])
    if (text.includes(secret)) throw new Error('a span holds the key or passenger data');
  const book = sdk.find((s) => s.name === 'fareway.bookings.book');
  if (book?.attributes['url.template'] !== '/v1/flights/booking/{booking_id}/book/')
    throw new Error('book span without its url.template');
  console.log(`spans: ${sdk.map((s) => s.name).join(', ')}; ${children.length} fetch spans under them`);
  console.log(`PNR: ${done.pnr}`);
} finally {
  await fareway.close();
  await server.close();
}
