// OpenTelemetry, loaded before the app: `node --import ./src/tracing.ts src/server.ts`. Every
// Fareway call is one span (`fareway.bookings.book`, …) with its HTTP requests (undici) as child
// spans. Development: spans printed to the console. Production: set OTEL_EXPORTER_OTLP_ENDPOINT
// (e.g. http://collector:4318) and they are batched to your collector over OTLP/HTTP.
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

const processor = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })
  : new SimpleSpanProcessor({ exporter: new ConsoleSpanExporter() });
const provider = new TracerProvider({ spanProcessors: [processor] });
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);

const undici = new UndiciInstrumentation();
undici.setTracerProvider(provider);
undici.enable();

// Spans still batched when the process ends (after a graceful shutdown) are sent before it exits.
process.once('beforeExit', () => void provider.shutdown());
