// The BUILT package with OpenTelemetry: `node [--import no-otel.mjs] otel-flow.cjs esm|cjs [otel]`.
// With `otel`, registers the SDK's tracer provider (in-memory exporter) and the AsyncLocalStorage
// context manager first. Runs search → create → passengers → book against the built sandbox and
// prints one JSON line: the booking's status and the names of the finished spans.
async function main() {
  const [mode, otel] = process.argv.slice(2);
  const load = (name) => (mode === 'esm' ? import(name) : Promise.resolve(require(name)));
  let exporter;
  let provider;
  if (otel === 'otel') {
    const api = require('@opentelemetry/api');
    const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks');
    const sdk = require('@opentelemetry/sdk-trace');
    exporter = new sdk.InMemorySpanExporter();
    provider = new sdk.TracerProvider({ spanProcessors: [new sdk.SimpleSpanProcessor({ exporter })] });
    api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    api.trace.setGlobalTracerProvider(provider);
  }
  const { Fareway } = await load('fareway');
  const { createSandbox } = await load('fareway/sandbox');
  const sandbox = createSandbox({ seed: 4 });
  const server = await sandbox.listen();
  const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
  try {
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const results = await fareway.flights.search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: day, adult_count: 1 });
    const booking = await fareway.bookings.create(results.select(results.outbound[0]));
    await fareway.bookings.savePassengers(booking, [
      { title: 'Mr', first_name: 'Dev', last_name: 'Rao', gender: 'male', pax_type: 'adult', dob: '1988-02-03', is_lead: true,
        email: 'dev@example.com', contact_number: '9812345678', cell_country_code: '91',
        passport_number: 'Z1234567', passport_expiry: '2035-01-01', nationality: 'IN' },
    ]);
    const { data: done, response } = await fareway.bookings.book(booking.booking_id).withResponse();
    if (provider) await provider.forceFlush();
    const spans = exporter ? exporter.getFinishedSpans().map((s) => s.name) : [];
    console.log(JSON.stringify({ status: done.status, sameRequest: response.headers.get('x-request-id') === done.requestId, spans }));
  } finally {
    await fareway.close();
    await server.close();
  }
}
main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
