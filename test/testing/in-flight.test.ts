/**
 * The sandbox's in-flight signal: a request shows in `control.inFlight()` from its arrival and
 * `control.waitForRequest(endpoint)` resolves then, so a test acts while a confirm is on the wire
 * (what a SIGTERM-during-confirm test needs), with no sleep guessed. `requests()` lists it only
 * once answered, as before.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Fareway } from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const sandbox = createSandbox({ seed: 33 });
const { control } = sandbox;
let server: ListeningSandbox;
let fareway: Fareway;

beforeAll(async () => {
  server = await sandbox.listen({ rateLimits: false });
  fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
});
afterEach(() => control.reset());
afterAll(async () => {
  await fareway.close();
  await server.close();
});

describe('control.inFlight and control.waitForRequest', () => {
  it('a confirm held on the wire is seen in flight, then answered with its PNR', async () => {
    const results = await fareway.flights.search({
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: inDays(30),
    });
    const { booking_id: id } = await fareway.bookings.create(results.select(results.outbound[0]!));
    await fareway.bookings.savePassengers(id, passengersFor(results));
    const { pricing } = await fareway.bookings.reprice(id);
    control.failNext('book', { delayMs: 1_500 }); // answers normally, late: the confirm stays in flight
    const confirm = fareway.bookings.book(id, { expectedFinalFare: pricing.final_fare });

    const arrived = await control.waitForRequest('book');
    expect(arrived).toMatchObject({
      endpoint: 'book',
      method: 'POST',
      path: `/v1/flights/booking/${id}/book/`,
    });
    expect(arrived.headers.authorization).toBe('Api-Key ***');
    expect(control.inFlight().map((r) => r.requestId)).toEqual([arrived.requestId]);
    expect(control.requests().filter((r) => r.endpoint === 'book')).toEqual([]);
    // Already in flight: a second wait answers at once with the same request.
    expect((await control.waitForRequest('book')).requestId).toBe(arrived.requestId);

    const booked = await confirm;
    expect(booked.pnr).toMatch(/\S/);
    expect(control.inFlight()).toEqual([]);
    expect(control.requests().filter((r) => r.endpoint === 'book')).toEqual([
      expect.objectContaining({ requestId: arrived.requestId, status: 200, dropped: false }),
    ]);
  });

  it('any endpoint when none is named; a dropped request leaves the in-flight list too', async () => {
    control.failNext('list', { drop: true });
    const waiting = control.waitForRequest();
    const listed = fareway.bookings.list({ limit: 1 }, { maxRetries: 0 }).catch((e: unknown) => e);
    expect(await waiting).toMatchObject({ endpoint: 'list' });
    await listed;
    expect(control.inFlight()).toEqual([]);
    expect(control.requests()).toEqual([expect.objectContaining({ endpoint: 'list', dropped: true })]);
  });

  it('rejects after its timeout naming the endpoint; an unknown endpoint is refused', async () => {
    await expect(control.waitForRequest('book', { timeoutMs: 10 })).rejects.toThrow(
      /no book request arrived within 10 ms/,
    );
    expect(() => control.waitForRequest('bok' as never)).toThrow(/unknown endpoint 'bok'/);
  });
});
