/**
 * The service, endpoint by endpoint (spec §4), declared once: method, path template, whether the
 * key is sent, the answer (schema and reader rules) and the plan when an attempt fails. The one
 * requester in core (`core/call/requester.ts`, `Requester.call`) executes these; the resources add only
 * what the service leaves to the client (preflight, memory, countdowns).
 */
import { AutocompleteAnswer } from './airport.js';
import type { Answer } from './answer.js';
import {
  BookAnswer,
  BookingListAnswer,
  CreateBookingAnswer,
  RepriceAnswer,
  RetrieveBookingAnswer,
  SavePassengersAnswer,
} from './booking.js';
import { FareRulesAnswer, SearchAnswer } from './search.js';
import type { Endpoint } from './plain/vocabulary.js';

/**
 * What a failed attempt may lead to (core/wire/failure.ts reads it):
 * - `repeat`: every step the service lets a partner repeat (reads, save-passengers, reprice):
 *   retried on the failures that allow it;
 * - `settle-by-listing`: create-booking locks a fare; an attempt that may have reached the service
 *   is never re-sent blindly, it is settled by listing (resources/create/create.ts);
 * - `settle-by-retrieving`: book debits the wallet; never re-sent once it may have been received,
 *   settled by retrieving the booking (resources/book/book.ts).
 */
export type Plan = 'repeat' | 'settle-by-listing' | 'settle-by-retrieving';

/** One endpoint of the service. */
export interface EndpointDeclaration<T = unknown, N extends Endpoint = Endpoint> {
  readonly name: N;
  /** The SDK method that calls it, as spans and docs name it: `bookings.book`. */
  readonly operation: string;
  readonly method: 'GET' | 'POST';
  /** The route template, e.g. `/v1/flights/booking/{booking_id}/book/` (never the raw path in telemetry). */
  readonly template: string;
  /** False only for the airport autocomplete, which must not send the key. */
  readonly auth: boolean;
  readonly answer: Answer<T>;
  readonly plan: Plan;
}

const declare = <T, N extends Endpoint>(d: EndpointDeclaration<T, N>): EndpointDeclaration<T, N> => d;

export const SERVICE = {
  search: declare({
    name: 'search',
    operation: 'flights.search',
    method: 'POST',
    template: '/v1/flights/search/',
    auth: true,
    // Read by core/call/parse-search.ts with this answer (its measured fast path, then the schema).
    answer: SearchAnswer,
    plan: 'repeat',
  }),
  fareRules: declare({
    name: 'fareRules',
    operation: 'flights.fareRules',
    method: 'POST',
    template: '/v1/flights/fare-rules/',
    auth: true,
    answer: FareRulesAnswer,
    plan: 'repeat',
  }),
  createBooking: declare({
    name: 'createBooking',
    operation: 'bookings.create',
    method: 'POST',
    template: '/v1/flights/booking/',
    auth: true,
    answer: CreateBookingAnswer,
    plan: 'settle-by-listing',
  }),
  savePassengers: declare({
    name: 'savePassengers',
    operation: 'bookings.savePassengers',
    method: 'POST',
    template: '/v1/flights/booking/{booking_id}/passengers/',
    auth: true,
    answer: SavePassengersAnswer,
    plan: 'repeat',
  }),
  reprice: declare({
    name: 'reprice',
    operation: 'bookings.reprice',
    method: 'POST',
    template: '/v1/flights/booking/{booking_id}/reprice/',
    auth: true,
    answer: RepriceAnswer,
    plan: 'repeat',
  }),
  book: declare({
    name: 'book',
    operation: 'bookings.book',
    method: 'POST',
    template: '/v1/flights/booking/{booking_id}/book/',
    auth: true,
    answer: BookAnswer,
    plan: 'settle-by-retrieving',
  }),
  retrieve: declare({
    name: 'retrieve',
    operation: 'bookings.retrieve',
    method: 'GET',
    template: '/v1/flights/booking/{booking_id}/',
    auth: true,
    answer: RetrieveBookingAnswer,
    plan: 'repeat',
  }),
  list: declare({
    name: 'list',
    operation: 'bookings.list',
    method: 'GET',
    template: '/v1/bookings/',
    auth: true,
    answer: BookingListAnswer,
    plan: 'repeat',
  }),
  autocomplete: declare({
    name: 'autocomplete',
    operation: 'airports.autocomplete',
    method: 'GET',
    template: '/v1/airports/autocomplete/',
    auth: false,
    answer: AutocompleteAnswer,
    plan: 'repeat',
  }),
} as const satisfies { [E in Endpoint]: EndpointDeclaration<unknown, E> };

/** The plan of an endpoint (see {@link Plan}). */
export function planOf(endpoint: Endpoint): Plan {
  return SERVICE[endpoint].plan;
}

/** The path of one call: the template with `{booking_id}` filled (URL-encoded). */
export function pathOf(declaration: EndpointDeclaration, params: { booking_id?: string } = {}): string {
  return declaration.template.replace('{booking_id}', () => encodeURIComponent(params.booking_id ?? ''));
}
