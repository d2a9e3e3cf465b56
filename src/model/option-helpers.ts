import type { FlightOption } from '../schemas/common.js';

/** What `SearchResults.sortBy` sorts by. */
export type SortKey = 'price' | 'duration' | 'departure';

/** What `SearchResults.filter` filters on; every given criterion must match. */
export interface FilterCriteria {
  /** At most this many stops. */
  maxStops?: number;
  /** Every segment flown by this airline code (or one of these), any case. */
  airline?: string | string[];
  refundable?: boolean;
}

/** Flying plus ground time, in minutes. */
function totalMinutes(o: FlightOption): number {
  let m = 0;
  for (const s of o.segments) m += (s.duration_minutes ?? 0) + (s.ground_time_minutes ?? 0);
  return m;
}

/** A stable sort by price (final fare), total duration or first departure. New array. */
export function sortOptions<T extends FlightOption>(options: readonly T[], key: SortKey): T[] {
  const value =
    key === 'price'
      ? (o: T) => o.pricing.final_fare
      : key === 'duration'
        ? totalMinutes
        : (o: T) => o.segments[0]?.origin.departure_time ?? '';
  return options
    .map((o, i) => ({ o, v: value(o), i }))
    .sort((a, b) => (a.v < b.v ? -1 : a.v > b.v ? 1 : a.i - b.i))
    .map((e) => e.o);
}

/** Options matching every given criterion. New array. */
export function filterOptions<T extends FlightOption>(options: readonly T[], criteria: FilterCriteria): T[] {
  const airlines =
    criteria.airline === undefined
      ? undefined
      : new Set(
          (Array.isArray(criteria.airline) ? criteria.airline : [criteria.airline]).map((c) =>
            c.toUpperCase(),
          ),
        );
  return options.filter(
    (o) =>
      (criteria.maxStops === undefined || o.stop_count <= criteria.maxStops) &&
      (criteria.refundable === undefined || o.is_refundable === criteria.refundable) &&
      (airlines === undefined ||
        (o.segments.length > 0 && o.segments.every((s) => airlines.has(s.airline.code.toUpperCase())))),
  );
}
