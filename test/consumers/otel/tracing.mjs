// Loaded before the app (`node --import ./tracing.mjs main.mjs`), as the OpenTelemetry guides set
// tracing up: a global tracer provider with an in-memory exporter, the AsyncLocalStorage context
// manager and the undici instrumentation (the HTTP client spans under Fareway's).
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

export const exporter = new InMemorySpanExporter();
export const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
const undici = new UndiciInstrumentation();
undici.setTracerProvider(provider);
undici.enable();
globalThis.__otel = { exporter, provider };
