/**
 * OpenTelemetry with the real SDK: an in-memory exporter, the AsyncLocalStorage context manager
 * and the undici instrumentation, against the sandbox over real HTTP on 127.0.0.1 (no msw here).
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Fareway, type SearchResults } from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const contextManager = new AsyncLocalStorageContextManager().enable();
context.setGlobalContextManager(contextManager);
trace.setGlobalTracerProvider(provider);
const undici = new UndiciInstrumentation();
undici.setTracerProvider(provider);
undici.enable();

const sandbox = createSandbox();
let srv: ListeningSandbox;
const clients: Fareway[] = [];
beforeAll(async () => {
  srv = await sandbox.listen({ port: 0 });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  sandbox.control.reset();
  exporter.reset();
});
afterAll(async () => {
  undici.disable();
  await srv.close();
  await provider.shutdown();
  contextManager.disable();
});

function client(opts: ConstructorParameters<typeof Fareway>[0] = {}): Fareway {
  const c = new Fareway({
    apiKey: sandbox.apiKey,
    baseUrl: srv.url,
    logger: null,
    rateLimits: false,
    retryBackoff: { baseDelayMs: 5, maxDelayMs: 20 },
    ...opts,
  });
  clients.push(c);
  return c;
}

/** SDK 3's SimpleSpanProcessor exports asynchronously: flush before reading. */
const flush = () => provider.forceFlush();
const sdkSpans = () => exporter.getFinishedSpans().filter((s) => s.name.startsWith('fareway.'));
const httpSpans = () => exporter.getFinishedSpans().filter((s) => !s.name.startsWith('fareway.'));
const only = (name: string): ReadableSpan => {
  const found = sdkSpans().filter((s) => s.name === name);
  expect(found.map((s) => s.name)).toEqual([name]);
  return found[0]!;
};

async function search(fareway: Fareway): Promise<SearchResults> {
  return fareway.flights.search({
    origin: 'DEL',
    destination: 'BOM',
    preferred_departure_time: inDays(20),
    adult_count: 1,
  });
}

describe('OpenTelemetry spans', () => {
  it('one CLIENT span per call, named from the method, with the semantic-convention attributes', async () => {
    const fareway = client();
    const port = Number(new URL(srv.url).port);
    const results = await search(fareway);
    await flush();
    const s = only('fareway.flights.search');
    expect(s.kind).toBe(2); // SpanKind.CLIENT
    expect(s.attributes).toMatchObject({
      'http.request.method': 'POST',
      'server.address': '127.0.0.1',
      'server.port': port,
      'url.template': '/v1/flights/search/',
      'http.response.status_code': 200,
      'fareway.request_id': results.requestId,
      'fareway.trace_id': results.trace_id,
    });
    expect(typeof s.attributes['fareway.rate_limit.wait_ms']).toBe('number');
    expect(s.attributes['http.request.resend_count']).toBeUndefined();
    expect(s.status.code).not.toBe(2);

    exporter.reset();
    const selection = results.select(results.outbound[0]!);
    const created = await fareway.bookings.create(selection);
    await flush();
    const c = only('fareway.bookings.create');
    expect(c.attributes).toMatchObject({
      'url.template': '/v1/flights/booking/',
      'fareway.booking_id': created.booking_id,
      'fareway.request_id': created.requestId,
    });

    exporter.reset();
    const booked = await fareway.bookings.book(created.booking_id).catch((e: unknown) => e);
    // A draft cannot be booked: the span carries the typed error.
    await flush();
    const b = only('fareway.bookings.book');
    expect(booked).toBeInstanceOf(Error);
    expect(b.attributes['error.type']).toBe((booked as Error).name);
    expect(b.attributes['url.template']).toBe('/v1/flights/booking/{booking_id}/book/');
    expect(b.attributes['fareway.booking_id']).toBe(created.booking_id);
    expect(b.status.code).toBe(2); // SpanStatusCode.ERROR
  });

  it('the whole flow: one span per call, no key, no passenger data, no raw path anywhere', async () => {
    const fareway = client();
    const results = await search(fareway);
    const passengers = passengersFor(results);
    const result = await fareway.bookFlight({ selection: results.select(results.outbound[0]!), passengers });
    await fareway.bookings.retrieve(result.booking.booking_id);
    await fareway.bookings.list({ limit: 5 });
    await fareway.airports.autocomplete('del');
    await flush();
    const names = sdkSpans().map((s) => s.name);
    for (const name of [
      'fareway.flights.search',
      'fareway.bookFlight',
      'fareway.bookings.create',
      'fareway.bookings.savePassengers',
      'fareway.bookings.reprice',
      'fareway.bookings.book',
      'fareway.bookings.retrieve',
      'fareway.bookings.list',
      'fareway.airports.autocomplete',
    ])
      expect(names).toContain(name);
    // The guided flow's steps are children of its span.
    const flow = only('fareway.bookFlight');
    const book = sdkSpans().find((s) => s.name === 'fareway.bookings.book')!;
    expect(book.parentSpanContext?.spanId).toBe(flow.spanContext().spanId);
    expect(flow.attributes['fareway.booking_id']).toBe(result.booking.booking_id);

    const everything = JSON.stringify(
      sdkSpans().map((s) => ({ name: s.name, attributes: s.attributes, events: s.events, status: s.status })),
    );
    expect(everything).not.toContain(sandbox.apiKey);
    for (const p of passengers) {
      expect(everything).not.toContain(p.first_name);
      if (p.passport_number) expect(everything).not.toContain(p.passport_number);
      if (p.email) expect(everything).not.toContain(p.email);
      if (p.contact_number) expect(everything).not.toContain(p.contact_number);
    }
    expect(everything).not.toContain(`/v1/flights/booking/${result.booking.booking_id}`);
    expect(everything).not.toContain('?q=');
  });

  it('counts retries in http.request.resend_count', async () => {
    const fareway = client();
    sandbox.control.failNext('list', { status: 503, times: 2 });
    const page = await fareway.bookings.list({ limit: 1 });
    await flush();
    const s = only('fareway.bookings.list');
    expect(s.attributes['http.request.resend_count']).toBe(2);
    expect(s.attributes['http.response.status_code']).toBe(200);
    expect(s.attributes['fareway.request_id']).toBe(page.requestId);
    // Each attempt's fetch span is a child of the SDK's span.
    const children = httpSpans().filter((h) => h.parentSpanContext?.spanId === s.spanContext().spanId);
    expect(children).toHaveLength(3);
  });

  it('types the error of a failed call and keeps its status', async () => {
    const fareway = client({ maxRetries: 0 });
    const error = (await fareway.bookings.retrieve('bk_does_not_exist').then(
      () => undefined,
      (e: unknown) => e,
    )) as Error;
    await flush();
    const s = only('fareway.bookings.retrieve');
    expect(error.name).toBe('NotFoundError');
    expect(s.attributes).toMatchObject({
      'error.type': 'NotFoundError',
      'http.response.status_code': 404,
      'fareway.booking_id': 'bk_does_not_exist',
    });
    expect(s.status.code).toBe(2);
  });

  it('the fetch spans of an undici instrumentation are children of the SDK span', async () => {
    const fareway = client();
    await fareway.airports.autocomplete('bom');
    await flush();
    const s = only('fareway.airports.autocomplete');
    const children = httpSpans().filter((h) => h.parentSpanContext?.spanId === s.spanContext().spanId);
    expect(children).toHaveLength(1);
    expect(s.attributes['url.template']).toBe('/v1/airports/autocomplete/');
  });

  it('an autocomplete answered by a shared request carries its status, for every caller', async () => {
    const fareway = client();
    // Two callers of one query share one request in flight; each call has its own span.
    const [a, b] = await Promise.all([
      fareway.airports.autocomplete('goi'),
      fareway.airports.autocomplete('GOI'),
    ]);
    await flush();
    const idOf = (r: object) => (r as { requestId?: string }).requestId;
    expect(idOf(a)).toMatch(/\S/);
    const spans = sdkSpans().filter((s) => s.name === 'fareway.airports.autocomplete');
    expect(spans).toHaveLength(2);
    for (const s of spans)
      expect(s.attributes).toMatchObject({
        'http.response.status_code': 200,
        'fareway.request_id': idOf(a),
      });
    expect(idOf(b)).toBe(idOf(a));
    expect(sandbox.control.requests().filter((r) => r.endpoint === 'autocomplete')).toHaveLength(1);
  });

  it('an autocomplete whose shared request failed carries the failure status', async () => {
    const fareway = client({ maxRetries: 0 });
    sandbox.control.failNext('autocomplete', { status: 503 });
    const error = (await fareway.airports.autocomplete('ixc').then(
      () => undefined,
      (e: unknown) => e,
    )) as Error;
    await flush();
    expect(error).toBeInstanceOf(Error);
    expect(only('fareway.airports.autocomplete').attributes).toMatchObject({
      'http.response.status_code': 503,
      'error.type': error.name,
    });
  });

  it('uses the tracerProvider option when given', async () => {
    const own = new InMemorySpanExporter();
    const ownProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: own })] });
    const fareway = client({ tracerProvider: ownProvider });
    await fareway.airports.autocomplete('maa');
    await ownProvider.forceFlush();
    await flush();
    expect(own.getFinishedSpans().map((s) => s.name)).toEqual(['fareway.airports.autocomplete']);
    expect(sdkSpans()).toHaveLength(0);
    await ownProvider.shutdown();
  });

  it('refuses a tracerProvider that is not one', () => {
    expect(() => new Fareway({ apiKey: 'k', baseUrl: srv.url, tracerProvider: {} as never })).toThrow(
      /tracerProvider/,
    );
  });
});
