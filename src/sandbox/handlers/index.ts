/**
 * Every route of one sandbox. `createSandbox` builds one set for `sandbox.handlers`/`sandbox.fetch`
 * and `listen()` builds another over the same state, so the two can differ in rate limiting only.
 */
import type { Route } from '../serve/router.js';
import { airportHandlers } from './airports.js';
import { bookingHandlers } from './bookings.js';
import { flightHandlers } from './flights.js';
import type { HandlerContext } from './wrap.js';

export type { HandlerContext } from './wrap.js';

/** Every endpoint of the fake service as framework-free routes. */
export function buildRoutes(ctx: HandlerContext): Route[] {
  return [...flightHandlers(ctx), ...bookingHandlers(ctx), ...airportHandlers(ctx)];
}
