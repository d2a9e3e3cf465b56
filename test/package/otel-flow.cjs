// The BUILT package with OpenTelemetry: `node [--import no-otel.mjs] otel-flow.cjs esm|cjs [otel]`.
// With `otel`, registers the SDK's tracer provider (in-memory exporter) and the AsyncLocalStorage
// context manager first. Runs search → create → passengers → book against the built sandbox and
// prints one JSON line: the booking's status and the names of the finished spans.
const { bookOne } = require('./book-one.cjs');

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
    const { book } = await bookOne(fareway);
    const { data: done, response } = await book.withResponse();
    if (provider) await provider.forceFlush();
    const spans = exporter ? exporter.getFinishedSpans().map((s) => s.name) : [];
    console.log(
      JSON.stringify({
        status: done.status,
        sameRequest: response.headers.get('x-request-id') === done.requestId,
        spans,
      }),
    );
  } finally {
    await fareway.close();
    await server.close();
  }
}
main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
