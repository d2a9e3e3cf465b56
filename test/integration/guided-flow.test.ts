import { describe, expect, it } from 'vitest';
import {
  DuplicateBookingError,
  FareExpiredError,
  FareExpiredLocallyError,
  PriceChangedError,
  RequestValidationError,
  type Fareway,
  type SearchParams,
  type SearchResults,
} from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 23 });

const trips: Array<[string, SearchParams, 'coupled' | 'independent' | null]> = [
  [
    'supplier_a domestic one-way',
    { origin: 'DEL', destination: 'BOM', preferred_departure_time: inDays(30) },
    null,
  ],
  [
    'supplier_b domestic one-way',
    { origin: 'BLR', destination: 'GOI', preferred_departure_time: inDays(30), source: 'supplier_b' },
    null,
  ],
  [
    'supplier_a international coupled round trip',
    {
      origin: 'DEL',
      destination: 'DXB',
      preferred_departure_time: inDays(30),
      preferred_return_departure_time: inDays(37),
      adult_count: 2,
      child_count: 1,
    },
    'coupled',
  ],
  [
    'supplier_b international coupled round trip',
    {
      origin: 'BOM',
      destination: 'SIN',
      preferred_departure_time: inDays(30),
      preferred_return_departure_time: inDays(40),
      source: 'supplier_b',
    },
    'coupled',
  ],
  [
    'supplier_b domestic independent round trip',
    {
      origin: 'DEL',
      destination: 'BLR',
      preferred_departure_time: inDays(30),
      preferred_return_departure_time: inDays(33),
      source: 'supplier_b',
      infant_count: 1,
    },
    'independent',
  ],
];

/** The same three lines for every shape: pick an outbound, its first return (if any), select. */
function choose(results: SearchResults) {
  const out = results.outbound[0]!;
  const back = results.returnsFor(out)[0];
  return results.select(out, back);
}

describe('fareway.bookFlight', () => {
  it.each(trips)('books a %s end to end', async (_name, params, style) => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(params);
    expect(results.style).toBe(style);
    // The wire always names the supplier's style for the route, one-way included.
    expect(results.round_trip_style).toBe(
      style ?? (params.source === 'supplier_b' && results.is_domestic ? 'independent' : 'coupled'),
    );
    const selection = choose(results);
    expect(selection.result_indices).toHaveLength(style === 'independent' ? 2 : 1);
    const { booking, steps } = await fareway.bookFlight({ selection, passengers: passengersFor(results) });
    expect(booking.status).toBe('confirmed');
    expect(booking.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(steps.created.status).toBe('draft');
    expect(steps.passengers.status).toBe('passenger_saved');
    expect(steps.repriced?.status).toBe('priced');
    expect(booking.pricing?.final_fare).toBeCloseTo(selection.pricing.final_fare, 2);
    const wire = sbx.calls('createBooking')[0]!.body as { result_indices: string[] };
    expect(wire.result_indices).toEqual([...selection.result_indices]);
    expect(sbx.control.getBooking(booking.booking_id)!.debits).toHaveLength(1);
  });

  it('refuses an unacknowledged price change and books nothing', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trips[1]![1]);
    sbx.control.movePriceOnNextReprice(750);
    const error = await fareway
      .bookFlight({ selection: choose(results), passengers: passengersFor(results) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PriceChangedError);
    expect((error as PriceChangedError).newFare).toBeGreaterThan((error as PriceChangedError).previousFare!);
    expect(sbx.calls('book')).toHaveLength(0);
  });

  it('books at the new price when onPriceChange accepts it', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trips[1]![1]);
    sbx.control.movePriceOnNextReprice(750);
    const seen: number[] = [];
    const { booking } = await fareway.bookFlight({
      selection: choose(results),
      passengers: passengersFor(results),
      onPriceChange: (change) => {
        seen.push(change.current);
        return true;
      },
    });
    expect(seen).toEqual([booking.pricing?.final_fare]);
    expect(booking.status).toBe('confirmed');
  });

  it('checks the deadline before the first step: an expired search is refused locally', async () => {
    const fareway = sbx.client({ expiryMarginMs: 16 * 60_000 });
    const results = await fareway.flights.search(trips[1]![1]);
    sbx.control.clearRequests();
    await expect(
      fareway.bookFlight({ selection: choose(results), passengers: passengersFor(results) }),
    ).rejects.toMatchObject({
      name: 'FareExpiredLocallyError',
      local: true,
    });
    expect(sbx.control.requests()).toHaveLength(0);
  });
});

describe('selections that went through JSON', () => {
  it('are accepted by fareRules and create as { trace_id, result_indices }', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trips[4]![1]);
    const stored = JSON.parse(JSON.stringify(choose(results))) as {
      trace_id: string;
      result_indices: string[];
    };
    const rules = await fareway.flights.fareRules(stored);
    expect(rules.rules.length).toBeGreaterThan(0);
    expect(sbx.calls('fareRules')).toHaveLength(2); // one per leg of the independent round trip
    const booking = await fareway.bookings.create(stored);
    expect(booking.itinerary_items).toHaveLength(2);
  });

  it('are still checked against the search they came from', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trips[4]![1]);
    const stored = JSON.parse(JSON.stringify(choose(results))) as {
      trace_id: string;
      result_indices: string[];
    };
    await expect(
      fareway.bookings.create({ trace_id: stored.trace_id, result_indices: [stored.result_indices[0]!] }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    expect(sbx.calls('createBooking')).toHaveLength(0);
  });
});

describe('book guards', () => {
  async function priced(fareway: Fareway, move = 0) {
    const results = await fareway.flights.search(trips[1]![1]);
    const booking = await fareway.bookings.create(choose(results));
    await fareway.bookings.savePassengers(booking, passengersFor(results));
    if (move) sbx.control.movePriceOnNextReprice(move);
    const repriced = await fareway.bookings.reprice(booking);
    return { booking, repriced };
  }

  it('book holds no memory: after price_changed it books unless the caller guards the fare', async () => {
    const fareway = sbx.client();
    const { booking, repriced } = await priced(fareway, -300);
    expect(repriced.pricing.price_changed).toBe(true);
    const done = await fareway.bookings.book(booking);
    expect(done.status).toBe('confirmed');
    expect(done.pricing?.final_fare).toBe(repriced.pricing.final_fare);
  });

  it('expectedFinalFare is verified against the service: a stale fare is refused without a book request', async () => {
    const fareway = sbx.client();
    const { booking, repriced } = await priced(fareway, 300);
    await expect(
      fareway.bookings.book(booking, { expectedFinalFare: booking.pricing.final_fare }),
    ).rejects.toBeInstanceOf(PriceChangedError);
    expect(sbx.calls('book')).toHaveLength(0);
    expect(
      (await fareway.bookings.book(booking, { expectedFinalFare: repriced.pricing.final_fare })).status,
    ).toBe('confirmed');
    expect(sbx.calls('book')).toHaveLength(1);
  });

  it('a fresh client (another worker, a restart) refuses the stale fare the same way, and books at the current one', async () => {
    const first = sbx.client();
    const { booking, repriced } = await priced(first, 4200);
    expect(repriced.pricing.final_fare).not.toBe(booking.pricing.final_fare);
    const fresh = sbx.client();
    const error = await fresh.bookings
      .book(booking.booking_id, { expectedFinalFare: booking.pricing.final_fare })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PriceChangedError);
    expect((error as PriceChangedError).newFare).toBe(repriced.pricing.final_fare);
    expect(sbx.calls('book')).toHaveLength(0);
    const again = sbx.client();
    const done = await again.bookings.book(booking.booking_id, {
      expectedFinalFare: repriced.pricing.final_fare,
    });
    expect(done.status).toBe('confirmed');
    expect(sbx.calls('book')).toHaveLength(1);
  });

  it('an already confirmed booking is reported, not booked again, when the fare is guarded', async () => {
    const fareway = sbx.client();
    const { booking, repriced } = await priced(fareway);
    const done = await fareway.bookings.book(booking);
    const again = await sbx
      .client()
      .bookings.book(booking.booking_id, { expectedFinalFare: repriced.pricing.final_fare });
    expect(again.pnr).toBe(done.pnr);
    expect(again.reconciled).toBe(true);
    expect(sbx.calls('book')).toHaveLength(1);
  });

  it('two concurrent books of one id on one client send one request and share the answer', async () => {
    const a = sbx.client();
    const { booking } = await priced(a);
    const [x, y] = await Promise.all([a.bookings.book(booking), a.bookings.book(booking.booking_id)]);
    expect(x.pnr).toBe(y.pnr);
    expect(sbx.calls('book')).toHaveLength(1);
  });

  describe('duplicates (supplier_b reports them)', () => {
    async function bookTwice(fareway: Fareway) {
      const params = trips[1]![1];
      const first = await fareway.flights.search(params);
      await fareway.bookFlight({ selection: choose(first), passengers: passengersFor(first) });
      const second = await fareway.flights.search(params);
      const booking = await fareway.bookings.create(choose(second));
      const saved = await fareway.bookings.savePassengers(booking, passengersFor(second));
      return { booking, saved };
    }

    it("bookFlight with policy 'refuse' (the default) stops before book; bookings.book itself holds no opinion", async () => {
      const fareway = sbx.client();
      const { booking, saved } = await bookTwice(fareway);
      expect(saved.duplicates_found).toBe(true);
      expect(saved.duplicates[0]!.status).toBe('CONFIRMED');
      const params = trips[1]![1];
      const third = await fareway.flights.search(params);
      const before = sbx.calls('book').length;
      await expect(
        fareway.bookFlight({ selection: choose(third), passengers: passengersFor(third) }),
      ).rejects.toBeInstanceOf(DuplicateBookingError);
      expect(sbx.calls('book')).toHaveLength(before);
      // The low level is stateless: the same call books in this process and in any other.
      expect((await fareway.bookings.book(booking)).status).toBe('confirmed');
    });

    it("bookFlight with policy 'allow' books and warns through the logger", async () => {
      const warnings: string[] = [];
      const fareway = sbx.client({ duplicates: 'allow', logger: { warn: (m) => warnings.push(m) } });
      await bookTwice(fareway);
      const third = await fareway.flights.search(trips[1]![1]);
      const { booking } = await fareway.bookFlight({
        selection: choose(third),
        passengers: passengersFor(third),
      });
      expect(booking.status).toBe('confirmed');
      expect(warnings.join('\n')).toMatch(/possible duplicate/);
    });

    it('bookFlight asks onDuplicates and refuses when it says no', async () => {
      const fareway = sbx.client({ duplicates: 'allow' });
      const params = trips[1]![1];
      const first = await fareway.flights.search(params);
      await fareway.bookFlight({ selection: choose(first), passengers: passengersFor(first) });
      const second = await fareway.flights.search(params);
      const asked: number[] = [];
      const error = await fareway
        .bookFlight({
          selection: choose(second),
          passengers: passengersFor(second),
          onDuplicates: (d) => (asked.push(d.duplicates.length), false),
        })
        .catch((e: unknown) => e);
      expect(asked).toEqual([1]);
      expect(error).toBeInstanceOf(DuplicateBookingError);
    });

    it('supplier_a never reports duplicates', async () => {
      const fareway = sbx.client();
      const params = trips[0]![1];
      for (let i = 0; i < 2; i++) {
        const results = await fareway.flights.search(params);
        const { steps } = await fareway.bookFlight({
          selection: choose(results),
          passengers: passengersFor(results),
        });
        expect(steps.passengers.duplicates_found).toBe(false);
      }
    });
  });
});

describe('passenger preflight against a real booking', () => {
  it('refuses a supplier_a domestic booking without passports locally, and accepts it with them', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trips[0]![1]);
    const booking = await fareway.bookings.create(choose(results));
    const error = (await fareway.bookings
      .savePassengers(booking, passengersFor(results, { passports: false }))
      .catch((e: unknown) => e)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.details).toEqual(
      expect.arrayContaining(['passengers[0].passport_number: required for supplier_a']),
    );
    expect(sbx.calls('savePassengers')).toHaveLength(0);
    const saved = await fareway.bookings.savePassengers(booking, passengersFor(results));
    expect(saved.status).toBe('passenger_saved');
  });

  it('given only a booking_id it retrieves the booking and validates against it', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search({
      origin: 'DEL',
      destination: 'LHR',
      preferred_departure_time: inDays(30),
      source: 'supplier_b',
    });
    const booking = await fareway.bookings.create(choose(results));
    const other = sbx.client(); // knows nothing about this booking
    const error = await other.bookings
      .savePassengers(booking.booking_id, passengersFor(results, { passports: false }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(sbx.calls('retrieve')).toHaveLength(1);
    expect(sbx.calls('savePassengers')).toHaveLength(0);
  });

  it('refuses work on a lock known to have expired, without a request', async () => {
    // A margin longer than any lock: the client that created the booking knows the lock has expired.
    const fareway = sbx.client({ expiryMarginMs: 31 * 60_000 });
    // Searched elsewhere: this client has no search deadline of its own to refuse the create with.
    const { trace_id, result_indices } = choose(await sbx.client().flights.search(trips[1]![1]));
    const booking = await fareway.bookings.create({ trace_id, result_indices }); // learns the lock window
    expect(booking.deadline?.basis).toBe('remaining_seconds');
    sbx.control.clearRequests();
    await expect(fareway.bookings.reprice(booking.booking_id)).rejects.toBeInstanceOf(
      FareExpiredLocallyError,
    );
    const error = (await fareway.bookings
      .book(booking.booking_id)
      .catch((e: unknown) => e)) as FareExpiredError;
    // One `instanceof FareExpiredError` for "search again", local or not; `local` tells them apart.
    expect(error).toBeInstanceOf(FareExpiredError);
    expect(error).toMatchObject({
      local: true,
      status: 0,
      requestId: undefined,
      context: { booking_id: booking.booking_id },
    });
    expect(sbx.control.requests()).toHaveLength(0);
  });
});
