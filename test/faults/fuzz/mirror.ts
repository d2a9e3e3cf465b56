/**
 * The type mirror of the fuzz: for each endpoint, the required paths of the public type its call
 * resolves to, walked from the answer schemas (src/schemas/walk.ts), and the paths a value lacks.
 */
import {
  BookResponseSchema,
  BookingListResponseSchema,
  CreateBookingResponseSchema,
  RepriceResponseSchema,
  RetrieveBookingResponseSchema,
  SavePassengersResponseSchema,
} from '../../../src/schemas/booking.js';
import { AutocompleteResponseSchema } from '../../../src/schemas/airport.js';
import { FareRulesResponseSchema, SearchResponseSchema } from '../../../src/schemas/search.js';
import { missingPaths, requiredPaths } from '../../../src/schemas/walk.js';
import type { ProxyEndpoint } from '../../helpers/fault-proxy.js';

const paths = {
  search: requiredPaths(SearchResponseSchema),
  fareRules: requiredPaths(FareRulesResponseSchema),
  createBooking: requiredPaths(CreateBookingResponseSchema),
  savePassengers: requiredPaths(SavePassengersResponseSchema),
  reprice: requiredPaths(RepriceResponseSchema),
  book: requiredPaths(BookResponseSchema),
  retrieve: requiredPaths(RetrieveBookingResponseSchema),
  list: requiredPaths(BookingListResponseSchema),
  autocomplete: requiredPaths(AutocompleteResponseSchema),
} satisfies Record<ProxyEndpoint, string[]>;

/** The required paths `value` (what the SDK call resolved to) lacks; empty when its type holds. */
export function answerTypeMirror(endpoint: ProxyEndpoint, value: unknown): string[] {
  const v = value as { data?: unknown; reconciled?: boolean };
  // search resolves to SearchResults (the answer is its `data`); an adopted create is a retrieve.
  if (endpoint === 'search') return missingPaths(v.data, paths.search);
  if (endpoint === 'createBooking' && v.reconciled) return missingPaths(value, paths.retrieve);
  return missingPaths(value, paths[endpoint]);
}
