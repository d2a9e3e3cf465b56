/**
 * OpenTelemetry, optional. When `@opentelemetry/api` is installed (an optional peer) each SDK call
 * is one CLIENT span, `fareway.<resource>.<method>`, with the HTTP client semantic conventions'
 * attributes and Fareway's own. The API package is loaded at run time, once per process, out of
 * every bundler's sight, from Fareway's own installation: without it nothing is loaded and calls
 * run as they always did (a `tracerProvider` without it is a ConfigurationError: the spans it
 * asks for could not be made). With it but no tracer provider registered, its no-op tracer makes
 * every span free.
 *
 * What a span never holds: the key, passenger data, the raw path (`url.template` only), bodies.
 */
import { loadedFrom, requireAtRunTime } from '../loading/run-time-import.js';
import type { EndpointDeclaration } from '../../schemas/endpoints.js';
import type { Call } from './call.js';
import { ConfigurationError } from '../../errors.js';
import type { Logger } from '../observe/events.js';
import { VERSION } from '../../version.js';
import { PLAIN_ID } from '../../schemas/plain/fields.js';
import type { TracerProviderLike } from '../observe/events.js';

type Attributes = Record<string, string | number | boolean>;
/** The part of `@opentelemetry/api` used here. */
interface Span {
  isRecording(): boolean;
  setAttributes(attributes: Attributes): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(): void;
}
interface Tracer {
  startSpan(name: string, options: { kind: number; attributes: Attributes }, context: unknown): Span;
}
interface OtelApi {
  trace: {
    getTracer(name: string, version?: string): Tracer;
    setSpan(context: unknown, span: Span): unknown;
  };
  context: {
    active(): unknown;
    with<T>(context: unknown, fn: () => T): T;
  };
  SpanKind: { CLIENT: number };
  SpanStatusCode: { ERROR: number };
}

let loaded: OtelApi | null | undefined; // null: tried, absent
let absent: unknown; // why it could not be loaded

/**
 * `@opentelemetry/api`, or undefined when it cannot be loaded (tried once per process), from
 * Fareway's own installation (limiter/run-time-import.ts): what the application installed, however
 * it was launched. Synchronous, so that a `tracerProvider` without it fails the constructor.
 */
function loadApi(): OtelApi | undefined {
  if (loaded === undefined) {
    try {
      const mod = requireAtRunTime(['@opentelemetry', 'api'].join('/'));
      const api = ((mod as { trace?: unknown }).trace ? mod : (mod as { default?: unknown }).default) as
        OtelApi | undefined;
      loaded = api?.trace && api.context ? api : null;
    } catch (error) {
      absent = error;
      loaded = null;
    }
  }
  return loaded ?? undefined;
}

/** The spans of one client. */
export class Tracing {
  readonly #server: Attributes;
  readonly #provider: TracerProviderLike | undefined;
  #tracer: Tracer | undefined;

  readonly #logger: Logger;

  constructor(baseUrl: string, provider?: TracerProviderLike, logger: Logger = {}) {
    this.#provider = provider;
    this.#logger = logger;
    const url = new URL(baseUrl);
    this.#server = {
      'server.address': url.hostname,
      'server.port': url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    };
    // A provider handed in is a promise of spans: without the API package none could be made.
    if (!loadApi() && provider)
      throw new ConfigurationError(
        '`tracerProvider` is set, but the package `@opentelemetry/api` could not be loaded from ' +
          `Fareway's installation (${loadedFrom()}): ${absent instanceof Error ? absent.message.split('\n')[0] : 'it exports no trace API'}. ` +
          'Install it beside fareway: npm install @opentelemetry/api',
        { cause: absent },
      );
  }

  /** Runs one SDK call inside its span (or as it is, without OpenTelemetry or without a recording span). */
  span<T>(
    operation: string,
    declaration: EndpointDeclaration | undefined,
    call: Call,
    run: () => Promise<T>,
  ): Promise<T> {
    const api = loaded;
    if (!api) return run(); // no @opentelemetry/api: nothing to do, not even a microtask
    let span: Span;
    let parent: unknown;
    let recording: boolean;
    try {
      this.#tracer ??= (
        this.#provider
          ? this.#provider.getTracer('fareway', VERSION)
          : api.trace.getTracer('fareway', VERSION)
      ) as Tracer;
      parent = api.context.active();
      span = this.#tracer.startSpan(
        `fareway.${operation}`,
        { kind: api.SpanKind.CLIENT, attributes: this.#server },
        parent,
      );
      // No provider registered, or sampled out: the API's non-recording span. The call runs as it
      // is (measured: the context switch and attributes of a span nobody records cost ~10 µs a call).
      recording = span.isRecording();
      if (recording && declaration)
        span.setAttributes({
          'http.request.method': declaration.method,
          'url.template': declaration.template,
        });
    } catch (error) {
      // The tracer (the caller's `tracerProvider`, or the global one) threw before the call
      // started: the call rejects with a typed error, and nothing was sent.
      return Promise.reject(
        new ConfigurationError(
          `tracing: the tracer provider threw while starting the span of ${operation}; nothing was sent`,
          { cause: error },
        ),
      );
    }
    if (!recording) return run();
    return this.#traced(api, span, parent, call, run);
  }

  async #traced<T>(api: OtelApi, span: Span, parent: unknown, call: Call, run: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await api.context.with(api.trace.setSpan(parent, span), run);
    } catch (error) {
      const type = error instanceof Error ? error.name : typeof error;
      this.#finish(span, () => {
        span.setAttributes({ ...outcome(call, error), 'error.type': type });
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: type });
      });
      throw error;
    }
    this.#finish(span, () => span.setAttributes(outcome(call, result)));
    return result;
  }

  /**
   * Ends a span. A tracer that throws here cannot change the call's outcome (a booking that was
   * made stays made): it is logged, once per client.
   */
  #finish(span: Span, record: () => void): void {
    try {
      record();
      span.end();
    } catch (error) {
      if (this.#warned) return;
      this.#warned = true;
      this.#logger.warn?.('tracing: the tracer threw while ending a span; ignored', {
        error: error instanceof Error ? error.name : typeof error,
      });
    }
  }
  #warned = false;
}

/** The attributes known once the call has settled (ids only: never passenger data). */
function outcome(call: Call, value: unknown): Attributes {
  const out: Attributes = { 'fareway.rate_limit.wait_ms': Math.round(call.rateLimitWaitMs) };
  if (call.status !== undefined) out['http.response.status_code'] = call.status;
  if (call.resends > 0) out['http.request.resend_count'] = call.resends;
  const requestId = (value as { requestId?: unknown } | null)?.requestId ?? call.requestId;
  if (typeof requestId === 'string') out['fareway.request_id'] = requestId;
  const ids = idsOf(value);
  if (ids.booking_id) out['fareway.booking_id'] = ids.booking_id;
  if (ids.trace_id) out['fareway.trace_id'] = ids.trace_id;
  return out;
}

/** booking_id and trace_id of a result, or of an error's context. */
function idsOf(value: unknown): { booking_id?: string; trace_id?: string } {
  if (value === null || typeof value !== 'object') return {};
  const v = value as { booking_id?: unknown; trace_id?: unknown; context?: unknown; booking?: unknown };
  const from = (o: { booking_id?: unknown; trace_id?: unknown }) => ({
    ...(typeof o.booking_id === 'string' && PLAIN_ID.test(o.booking_id) ? { booking_id: o.booking_id } : {}),
    ...(typeof o.trace_id === 'string' && PLAIN_ID.test(o.trace_id) ? { trace_id: o.trace_id } : {}),
  });
  const own = from(v);
  const context = v.context && typeof v.context === 'object' ? from(v.context as object) : {};
  // bookFlight's result holds the booking one level down.
  const booking = v.booking && typeof v.booking === 'object' ? from(v.booking as object) : {};
  return { ...context, ...booking, ...own };
}
