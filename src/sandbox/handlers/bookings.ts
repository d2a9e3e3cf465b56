/**
 * The booking flow (spec §4.3–§4.8): create, passengers, reprice, book, retrieve, list.
 * Which statuses each step accepts is the sandbox's choice (the spec leaves it open); see
 * docs/sandbox.md.
 */
import { confirm, createBookingRecord, findDuplicates, LIVE_STATUSES } from '../rules/bookings.js';
import { LIST_LIMIT } from '../../schemas/plain/vocabulary.js';
import { badRequest, expired, SandboxHttpError } from '../answers/errors.js';
import { validatePassengers } from '../rules/rules.js';
import type { BookingRecord, BookingStatus, Partner, SandboxState } from '../state/state.js';
import { bookingAnswer } from '../answers/answers.js';
import { amountDue, currentRaw, listEntry, round2 } from '../answers/views.js';
import { liveTrace, offerOf } from './flights.js';
import { route, type Route } from '../serve/router.js';
import { endpoint, type HandlerContext } from './wrap.js';

function found(state: SandboxState, partner: Partner, id: string | undefined): BookingRecord {
  const b = id ? state.bookingOf(partner.apiKey, id) : undefined;
  if (!b) throw new SandboxHttpError(404, ['Booking not found.']);
  return b;
}

/** 400 when the step is not allowed in the booking's status, 409 when its fare lock has expired. */
function guard(state: SandboxState, b: BookingRecord, step: string, allowed: readonly BookingStatus[]): void {
  if (!allowed.includes(b.status)) {
    const hint =
      b.status === 'confirmed'
        ? `it is already confirmed (PNR ${b.pnr})`
        : b.status === 'failed'
          ? 'it has failed; create a new booking'
          : b.status === 'draft'
            ? 'save passengers first'
            : `it is ${b.status}`;
    throw badRequest(`Cannot ${step} booking ${b.id} in status '${b.status}': ${hint}.`);
  }
  if (state.clock.now() >= b.lockExpiresAt) throw expired(`The fare lock of booking ${b.id}`);
}

function create(state: SandboxState, partner: Partner, body: unknown): Record<string, unknown> {
  const req = (body ?? {}) as Record<string, unknown>;
  const indices = req.result_indices;
  if (!Array.isArray(indices) || indices.some((i) => typeof i !== 'string' || !i))
    throw badRequest('result_indices: must be an array of result_index strings.');
  const trace = liveTrace(state, partner, req.trace_id);
  if (trace.journeyType === 'one_way' && indices.length !== 1)
    throw badRequest(`result_indices: a one-way search takes exactly 1 result index, got ${indices.length}.`);
  if (trace.style === 'coupled' && indices.length !== 1)
    throw badRequest(
      `result_indices: this round trip is coupled (round_trip_style 'coupled'): send exactly 1 result index, the chosen inbound_options[j].result_index, got ${indices.length}.`,
    );
  if (trace.style === 'independent' && indices.length !== 2)
    throw badRequest(
      `result_indices: this round trip is independent (round_trip_style 'independent'): send 2 result indices [outbound.result_index, inbound.result_index], got ${indices.length}.`,
    );
  const offers = indices.map((i) => offerOf(trace, i));
  if (
    trace.style === 'independent' &&
    (offers[0]?.legs[0]?.direction !== 'outbound' || offers[1]?.legs[0]?.direction !== 'inbound')
  )
    throw badRequest('result_indices: must be [outbound.result_index, inbound.result_index], in that order.');
  const b = createBookingRecord(state, partner, trace, offers);
  return bookingAnswer('createBooking', b, partner, state.clock.now());
}

function savePassengers(
  state: SandboxState,
  partner: Partner,
  id: string | undefined,
  body: unknown,
): Record<string, unknown> {
  const b = found(state, partner, id);
  guard(state, b, 'save passengers for', LIVE_STATUSES);
  const result = validatePassengers(body, b);
  if ('errors' in result) throw badRequest(...result.errors);
  b.passengers = result.passengers;
  b.ssrAmount = result.ssrAmount;
  b.duplicates = b.source === 'supplier_b' ? findDuplicates(state, b, partner) : [];
  state.transition(b, 'passenger_saved');
  return bookingAnswer('savePassengers', b, partner, state.clock.now());
}

function reprice(state: SandboxState, partner: Partner, id: string | undefined): Record<string, unknown> {
  const b = found(state, partner, id);
  guard(state, b, 'reprice', ['passenger_saved', 'priced']);
  const delta = state.pendingPriceDelta;
  state.pendingPriceDelta = 0;
  const before = currentRaw(b).final_fare;
  b.priceDelta = round2(b.priceDelta + delta);
  if (state.options.priceChangedSince === 'last-reprice') {
    // A service that compares with the previous reprice (priceChangedSince option).
    b.previousRawFinal = before;
    b.priceChanged = delta !== 0;
  } else {
    // Spec §4.5: compared with the fare locked at create-booking (the same SSRs applied).
    b.previousRawFinal = round2(currentRaw(b).final_fare - b.priceDelta);
    b.priceChanged = b.priceDelta !== 0;
  }
  state.transition(b, 'priced');
  return bookingAnswer('reprice', b, partner, state.clock.now());
}

function book(state: SandboxState, partner: Partner, id: string | undefined): Record<string, unknown> {
  const b = found(state, partner, id);
  guard(state, b, 'book', ['passenger_saved', 'priced']);
  const due = amountDue(b, partner);
  if (partner.walletBalance < due)
    throw new SandboxHttpError(402, [
      `Insufficient wallet balance: the booking total is INR ${due.toFixed(2)} but the wallet holds INR ${partner.walletBalance.toFixed(2)}. Top up the wallet and book again.`,
    ]);
  confirm(state, b, partner);
  return bookingAnswer('book', b, partner, state.clock.now());
}

function intParam(url: URL, name: string, dflt: number, min: number, max: number): number {
  const v = url.searchParams.get(name);
  if (v === null || v === '') return dflt;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
    throw badRequest(
      `${name}: must be an integer from ${min}${max === Number.MAX_SAFE_INTEGER ? ' upwards' : ` to ${max}`}.`,
    );
  return Number(v);
}

function list(state: SandboxState, partner: Partner, url: URL): Record<string, unknown> {
  const limit = intParam(url, 'limit', LIST_LIMIT.default, 1, LIST_LIMIT.max);
  const offset = intParam(url, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const mine = [...state.bookings.values()]
    .map((b, i) => [b, i] as const)
    .filter(([b]) => b.partnerKey === partner.apiKey);
  // Most recent first; creation order breaks ties between bookings made in the same millisecond.
  mine.sort(([a, i], [b, j]) => b.createdAt - a.createdAt || j - i);
  const page = (o: number): string => `${url.origin}${url.pathname}?limit=${limit}&offset=${o}`;
  return {
    count: mine.length,
    next: offset + limit < mine.length ? page(offset + limit) : null,
    previous: offset > 0 ? page(Math.max(0, offset - limit)) : null,
    results: mine.slice(offset, offset + limit).map(([b]) => listEntry(b, partner)),
  };
}

/** Routes for the booking flow, on any origin. */
export function bookingHandlers(ctx: HandlerContext): Route[] {
  const { state } = ctx;
  const now = (): number => state.clock.now();
  return [
    route(
      'POST',
      '/v1/flights/booking/',
      endpoint(ctx, 'createBooking', { auth: true }, ({ partner, body }) => ({
        json: create(state, partner, body),
      })),
    ),
    route(
      'POST',
      '/v1/flights/booking/:id/passengers/',
      endpoint(ctx, 'savePassengers', { auth: true }, ({ partner, params, body }) => ({
        json: savePassengers(state, partner, params.id, body),
      })),
    ),
    route(
      'POST',
      '/v1/flights/booking/:id/reprice/',
      endpoint(ctx, 'reprice', { auth: true }, ({ partner, params }) => ({
        json: reprice(state, partner, params.id),
      })),
    ),
    route(
      'POST',
      '/v1/flights/booking/:id/book/',
      endpoint(ctx, 'book', { auth: true }, ({ partner, params }) => ({
        json: book(state, partner, params.id),
      })),
    ),
    route(
      'GET',
      '/v1/flights/booking/:id/',
      endpoint(ctx, 'retrieve', { auth: true }, ({ partner, params }) => ({
        json: bookingAnswer('retrieve', found(state, partner, params.id), partner, now()),
      })),
    ),
    route(
      'GET',
      '/v1/bookings/',
      endpoint(ctx, 'list', { auth: true }, ({ partner, url }) => ({ json: list(state, partner, url) })),
    ),
  ];
}
