/**
 * Airport typeahead (spec §4.9): unauthenticated, prefix match, empty under two characters.
 */
import { http } from 'msw';
import { searchAirports } from '../airports.js';
import { endpoint, type HandlerContext } from './wrap.js';

/** MSW handler for the airport autocomplete, on any origin. */
export function airportHandlers(ctx: HandlerContext) {
  return [
    http.get(
      '*/v1/airports/autocomplete/',
      endpoint(ctx, 'autocomplete', { auth: false }, ({ url }) => ({
        json: { results: searchAirports(url.searchParams.get('q') ?? '') },
      })),
    ),
  ];
}
