/**
 * The same checks by id as by object (issue 31, item 3), through the public API against the
 * sandbox over real HTTP on 127.0.0.1. `savePassengers(bookingId, …)` retrieves the booking and
 * reports every passenger problem in one RequestValidationError before sending (1.1 threw the
 * problems it could see without the booking first, skipped the count, and let ages and travel
 * dates come one fix later); what only the service knows comes back as PassengerRejectedError
 * (code `passenger_rejected`, still a BadRequestError), never `bad_request`; country codes are
 * checked against ISO 3166-1 alpha-2 with a suggestion.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  Fareway,
  PassengerRejectedError,
  RequestValidationError,
  validatePassengers,
  type PassengerInput,
  type SearchParams,
} from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const sandbox = createSandbox({ seed: 31 });
let served: ListeningSandbox;
const clients: Fareway[] = [];
beforeAll(async () => {
  served = await sandbox.listen({ rateLimits: false });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  sandbox.control.reset();
});
afterAll(async () => {
  await served.close();
});

function client(): Fareway {
  const c = new Fareway({ apiKey: served.apiKey, baseUrl: served.url, logger: null, rateLimits: false });
  clients.push(c);
  return c;
}

const trip: SearchParams = {
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: inDays(20),
  adult_count: 2,
  source: 'supplier_a',
};

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => expect.unreachable('expected a rejection'),
    (e: unknown) => e,
  );
}
const paths = (e: RequestValidationError) => e.issues.map((i) => i.path).sort();
const saves = () => sandbox.control.requests().filter((r) => r.endpoint === 'savePassengers');

/** A booking of 2 adults made by one client, and a valid list for it. */
async function booked() {
  const maker = client();
  const results = await maker.flights.search(trip);
  const booking = await maker.bookings.create(results.select(results.outbound[0]!));
  return { maker, results, booking, list: passengersFor(results) };
}

describe('savePassengers by id: every problem at once, before sending', () => {
  it('the client that searched: count, age on the travel date and a bad nationality in ONE error', async () => {
    const { maker, booking, list } = await booked();
    // One adult short, a baby as an adult (only the travel date tells), a nationality early checks see.
    const one: PassengerInput[] = [{ ...list[0]!, dob: inDays(-300), nationality: 'India' }];
    const error = await rejection(maker.bookings.savePassengers(booking.booking_id, one));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(paths(error as RequestValidationError)).toEqual([
      'passengers',
      'passengers[0].dob',
      'passengers[0].nationality',
    ]);
    expect((error as RequestValidationError).issues[0]!.message).toMatch(/expected 2 adult\(s\), got 1/);
    expect(saves()).toHaveLength(0);
  });

  it('another instance (id only, never saw the search): age and nationality together, nothing sent', async () => {
    const { booking, list } = await booked();
    const other = client();
    const bad: PassengerInput[] = [{ ...list[0]!, dob: inDays(-300), nationality: 'UK' }, list[1]!];
    const error = await rejection(other.bookings.savePassengers(booking.booking_id, bad));
    expect(error).toBeInstanceOf(RequestValidationError);
    const issues = (error as RequestValidationError).issues;
    expect(issues.map((i) => i.path).sort()).toEqual(['passengers[0].dob', 'passengers[0].nationality']);
    expect(issues.find((i) => i.path === 'passengers[0].nationality')?.message).toBe(
      'must be an ISO 3166-1 alpha-2 country code (did you mean GB?)',
    );
    expect(saves()).toHaveLength(0);
  });

  it('what only the service knows (the count, by another instance): PassengerRejectedError, a BadRequestError', async () => {
    const { booking, list } = await booked();
    const error = await rejection(client().bookings.savePassengers(booking.booking_id, [list[0]!]));
    expect(error).toBeInstanceOf(PassengerRejectedError);
    expect(error).toBeInstanceOf(BadRequestError); // 1.1 code catching BadRequestError still does
    const e = error as PassengerRejectedError;
    expect(e).toMatchObject({ code: 'passenger_rejected', status: 400, booking_id: booking.booking_id });
    expect(e.ids.booking_id).toBe(booking.booking_id);
    expect(e.issues).toEqual([{ path: 'passengers', message: expect.stringMatching(/expected 2 adult/) }]);
    expect(saves()).toHaveLength(1);
  });

  it('the same list saves by id from another instance once it is right', async () => {
    const { booking, list } = await booked();
    const saved = await client().bookings.savePassengers(booking.booking_id, list);
    expect(saved.status).toBe('passenger_saved');
  });
});

describe('country codes: ISO 3166-1 alpha-2', () => {
  const lead = (extra: Partial<PassengerInput>): PassengerInput => ({
    title: 'Ms',
    first_name: 'Asha',
    last_name: 'Rao',
    gender: 'female',
    pax_type: 'adult',
    dob: '1980-04-12',
    is_lead: true,
    ...extra,
  });
  const issuesOf = (p: PassengerInput) =>
    validatePassengers([p], { today: '2026-05-01' }).issues.filter((i) => /country|nationality/.test(i.path));

  it("'XX' is refused, 'UK' suggests GB, 'gb' and 'in' pass (sent upper-case)", () => {
    expect(issuesOf(lead({ nationality: 'XX' }))).toEqual([
      { path: 'passengers[0].nationality', message: 'must be an ISO 3166-1 alpha-2 country code' },
    ]);
    expect(issuesOf(lead({ country_code: 'UK' }))).toEqual([
      {
        path: 'passengers[0].country_code',
        message: 'must be an ISO 3166-1 alpha-2 country code (did you mean GB?)',
      },
    ]);
    const ok = validatePassengers([lead({ nationality: 'gb', country_code: 'in' })], { today: '2026-05-01' });
    expect(ok.issues).toEqual([]);
    expect(ok.passengers[0]).toMatchObject({ nationality: 'GB', country_code: 'IN' });
  });
});
