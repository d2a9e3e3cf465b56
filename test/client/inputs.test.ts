import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/index.js';
import { client, mockService } from '../helpers/mock-service.js';

const svc = mockService();
const base = { origin: 'DEL', destination: 'BOM', preferred_departure_time: '2026-12-01' };

async function refused(params: Record<string, unknown>): Promise<string[]> {
  const fareway = client();
  const error = await fareway.flights.search(params as never).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(svc.calls).toHaveLength(0); // nothing was sent
  return (error as RequestValidationError).details;
}

describe('search input rules (nothing is sent on bad input)', () => {
  it.each([
    [{ adult_count: 0 }, 'adult_count: at least one adult is required'],
    [{ adult_count: 10 }, 'adult_count: must be at most 9'],
    [{ child_count: -1 }, 'child_count'],
    [{ child_count: 1.5 }, 'child_count: must be a whole number'],
    [{ adult_count: 1, infant_count: 2 }, 'infant_count: must not exceed adult_count'],
    [{ origin: 'DELHI' }, 'origin: must be a 3-letter IATA code'],
    [{ destination: 'DEL' }, 'destination: must differ from origin'],
    [{ preferred_departure_time: '2026-02-30' }, 'preferred_departure_time: must be a Date, YYYY-MM-DD'],
    [{ preferred_departure_time: '01/12/2026' }, 'preferred_departure_time'],
    [{ preferred_departure_time: new Date('nope') }, 'preferred_departure_time: must be a Date'],
    [{ journey_type: 'round_trip' }, 'preferred_return_departure_time: required for a round_trip'],
    [{ journey_type: 'one_way', preferred_return_departure_time: '2026-12-05' }, 'must be omitted for a one_way'],
    [{ preferred_return_departure_time: '2026-11-30' }, 'must not be before preferred_departure_time'],
    [{ journey_type: 'multi_city' }, 'journey_type: multi_city is not defined by the v1 contract'],
    [{ flight_cabin_class: 'luxury' }, 'flight_cabin_class'],
    [{ direct_flight: 'yes' }, 'direct_flight'],
    [{ source: 'supplier_c' }, 'source'],
    [{ adults: 2 }, 'adults'],
  ])('%j is refused: %s', async (patch, expected) => {
    const details = await refused({ ...base, ...patch });
    expect(details.join('\n')).toContain(expected);
  });

  it('names every offending field at once', async () => {
    const details = await refused({ origin: 'X', destination: 'Y', preferred_departure_time: 'soon', adult_count: 0 });
    expect(details.map((d) => d.split(':')[0])).toEqual(
      expect.arrayContaining(['origin', 'destination', 'preferred_departure_time']),
    );
  });
});
