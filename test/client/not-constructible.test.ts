/**
 * The classes the client builds are exported as values (their pages in the reference,
 * `instanceof`), but their constructors are private: the declarations neither offer
 * `new Bookings()` nor name the internal context it takes (issue 34).
 */
import { describe, expect, it } from 'vitest';
import { Airports, Bookings, Fareway, Flights, Page, SearchResults } from '../../src/index.js';

/** Never called: compiled only. Each line is a type error, or `tsc --noEmit` fails here. */
export function notBuiltByCallers(): unknown[] {
  return [
    // @ts-expect-error the client builds it (private constructor)
    new Bookings(),
    // @ts-expect-error the client builds it (private constructor)
    new Flights(),
    // @ts-expect-error the client builds it (private constructor)
    new Airports(),
    // @ts-expect-error flights.search builds it (private constructor)
    new SearchResults(),
    // @ts-expect-error bookings.list builds it (private constructor)
    new Page(),
  ];
}

describe('classes the client builds', () => {
  it('are the classes of what the client hands out (instanceof holds)', () => {
    const fareway = new Fareway({ apiKey: 'k_test_12345678', baseUrl: 'http://127.0.0.1:9' });
    expect(fareway.bookings).toBeInstanceOf(Bookings);
    expect(fareway.flights).toBeInstanceOf(Flights);
    expect(fareway.airports).toBeInstanceOf(Airports);
    expect(Bookings.name).toBe('Bookings');
  });
});
