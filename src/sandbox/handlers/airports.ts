/**
 * Airport typeahead (spec §4.9): unauthenticated, prefix match, empty under two characters.
 */
import { searchAirports } from '../data/airports.js';
import { route, type Route } from '../serve/router.js';
import { endpoint, type HandlerContext } from './wrap.js';

/** Route for the airport autocomplete, on any origin. */
export function airportHandlers(ctx: HandlerContext): Route[] {
  return [
    route(
      'GET',
      '/v1/airports/autocomplete/',
      endpoint(ctx, 'autocomplete', { auth: false }, ({ url }) => ({
        json: { results: searchAirports(url.searchParams.get('q') ?? '') },
      })),
    ),
  ];
}
