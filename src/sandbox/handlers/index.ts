/**
 * The full handler set of one sandbox. `createSandbox` builds one set for `sandbox.handlers` and
 * `listen()` builds another over the same state, so the two can differ in rate limiting only.
 */
import type { RequestHandler } from 'msw';
import { airportHandlers } from './airports.js';
import { bookingHandlers } from './bookings.js';
import { flightHandlers } from './flights.js';
import type { HandlerContext } from './wrap.js';

export type { HandlerContext } from './wrap.js';

/** Every endpoint of the fake service as MSW handlers. */
export function buildHandlers(ctx: HandlerContext): RequestHandler[] {
  return [...flightHandlers(ctx), ...bookingHandlers(ctx), ...airportHandlers(ctx)];
}
