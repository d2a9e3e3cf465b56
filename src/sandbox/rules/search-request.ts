/**
 * Validation of the search body as the real service does it (spec §4.1): every value is a string,
 * and a wrong one answers 400 with a detail naming the field.
 */
import { badRequest } from '../answers/errors.js';

/** A validated search request. */
interface SearchRequest {
  origin: string;
  destination: string;
  departDate: string;
  returnDate?: string;
  pax: { adult: number; child: number; infant: number };
  cabin: string;
  direct: boolean;
  journeyType: 'one_way' | 'round_trip';
  source: 'supplier_a' | 'supplier_b';
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

function realDateTime(s: string): boolean {
  const m = DATE_TIME.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return (
    dt.getUTCFullYear() === y &&
    dt.getUTCMonth() === mo - 1 &&
    dt.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    se < 60
  );
}

/**
 * Checks a search body. `today` is the virtual date (`YYYY-MM-DD`, UTC): departures before it are
 * refused. Throws a 400 SandboxHttpError listing every problem found.
 */
export function parseSearch(body: unknown, today: string): SearchRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Request body must be a JSON object.');
  const b = body as Record<string, unknown>;
  const errors: string[] = [];
  const str = (k: string, required: boolean): string | undefined => {
    const v = b[k];
    if (v === undefined || v === null || v === '') {
      if (required) errors.push(`${k}: This field is required.`);
      return undefined;
    }
    if (typeof v !== 'string') {
      errors.push(`${k}: must be a string (all search values are strings), got ${typeof v}.`);
      return undefined;
    }
    return v;
  };
  const direct = str('direct_flight', true);
  if (direct !== undefined && direct !== 'true' && direct !== 'false')
    errors.push("direct_flight: must be 'true' or 'false'.");
  const counts = (['adult_count', 'child_count', 'infant_count'] as const).map((k) => {
    const v = str(k, true);
    if (v !== undefined && !/^\d$/.test(v)) errors.push(`${k}: must be an integer string from 0 to 9.`);
    return v !== undefined && /^\d$/.test(v) ? Number(v) : 0;
  }) as [number, number, number];
  const cabin = str('flight_cabin_class', false) ?? '1';
  if (!/^[1-6]$/.test(cabin)) errors.push("flight_cabin_class: must be one of '1' (All) to '6' (First).");
  const journey = str('journey_type', true);
  if (journey === '3')
    errors.push('journey_type: multi-city is not supported; search each leg as a one-way journey.');
  else if (journey !== undefined && journey !== '1' && journey !== '2')
    errors.push("journey_type: must be '1' (one-way) or '2' (round-trip).");
  const dep = str('preferred_departure_time', true);
  if (dep !== undefined && !realDateTime(dep))
    errors.push('preferred_departure_time: must be a valid date-time in the format YYYY-MM-DDTHH:mm:ss.');
  const ret = str('preferred_return_departure_time', false);
  if (journey === '2' && ret === undefined && b.preferred_return_departure_time === undefined)
    errors.push('preferred_return_departure_time: This field is required for a round-trip (journey_type 2).');
  if (ret !== undefined && !realDateTime(ret))
    errors.push(
      'preferred_return_departure_time: must be a valid date-time in the format YYYY-MM-DDTHH:mm:ss.',
    );
  const origin = str('origin', true);
  const destination = str('destination', true);
  for (const [k, v] of [
    ['origin', origin],
    ['destination', destination],
  ] as const)
    if (v !== undefined && !/^[A-Za-z]{3}$/.test(v))
      errors.push(`${k}: must be a 3-letter IATA airport code.`);
  if (origin && destination && origin.toUpperCase() === destination.toUpperCase())
    errors.push('destination: must differ from origin.');
  const source = str('source', false) ?? 'supplier_a';
  if (source !== 'supplier_a' && source !== 'supplier_b')
    errors.push("source: must be 'supplier_a' or 'supplier_b'.");
  const [adult, child, infant] = counts;
  if (adult < 1) errors.push('adult_count: at least one adult is required.');
  if (infant > adult) errors.push('infant_count: must not exceed adult_count.');
  if (dep && realDateTime(dep) && dep.slice(0, 10) < today)
    errors.push(`preferred_departure_time: must not be in the past (today is ${today} UTC).`);
  if (dep && ret && journey === '2' && realDateTime(ret) && ret < dep)
    errors.push('preferred_return_departure_time: must not be before preferred_departure_time.');
  if (errors.length) throw badRequest(...errors);
  const roundTrip = journey === '2';
  return {
    origin: (origin as string).toUpperCase(),
    destination: (destination as string).toUpperCase(),
    departDate: (dep as string).slice(0, 10),
    ...(roundTrip ? { returnDate: (ret as string).slice(0, 10) } : {}),
    pax: { adult, child, infant },
    cabin,
    direct: direct === 'true',
    journeyType: roundTrip ? 'round_trip' : 'one_way',
    source: source as SearchRequest['source'],
  };
}
