/**
 * Search and fare rules (spec §4.1, §4.2).
 */
import { airport, isDomestic } from '../data/airports.js';
import { isoNoZone, remainingSeconds } from '../state/clock.js';
import { badRequest, expired } from '../answers/errors.js';
import { generate, type Offer } from '../data/generator.js';
import { int, rngFor, uuid } from '../state/random.js';
import { parseSearch } from '../rules/search-request.js';
import type { Partner, SandboxState, Trace } from '../state/state.js';
import { outboundOption, singleOption } from '../answers/views.js';
import { route, type Route } from '../serve/router.js';
import { endpoint, type HandlerContext } from './wrap.js';

const TRACE_MS = 15 * 60_000;

/** A trace the partner may still book from; 400 if unknown or someone else's, 409 once expired. */
export function liveTrace(state: SandboxState, partner: Partner, traceId: unknown): Trace {
  if (typeof traceId !== 'string' || !traceId) throw badRequest('trace_id: This field is required.');
  const trace = state.traces.get(traceId);
  if (!trace || trace.partnerKey !== partner.apiKey)
    throw badRequest(`trace_id: unknown trace '${traceId}'.`);
  if (state.clock.now() >= Math.min(trace.expiresAt, trace.offersExpireAt))
    throw expired(`The search (trace ${traceId}) and its fares`);
  return trace;
}

/** The offer a result index stands for, within its own trace only. */
export function offerOf(trace: Trace, index: unknown): Offer {
  if (typeof index !== 'string' || !index) throw badRequest('result_index: must be a non-empty string.');
  const offer = trace.offers.get(index);
  if (!offer) throw badRequest(`result_index '${index}' is not a result of trace ${trace.id}.`);
  return offer;
}

/** Runs a search: validates, generates, stores the trace and renders it for the partner. */
function search(ctx: HandlerContext, partner: Partner, body: unknown): Record<string, unknown> {
  const { state } = ctx;
  const now = state.clock.now();
  const req = parseSearch(body, isoNoZone(now).slice(0, 10));
  state.pruneTraces();
  const from = airport(req.origin);
  const to = airport(req.destination);
  const domestic = !!from && !!to && isDomestic(from, to);
  // The supplier's round-trip shape on this route (spec §1 Suppliers). A one-way answer carries it
  // too: the response table types round_trip_style as a string, and the shape it names is simply
  // not used (one-way is `outbound[]` only). The trace keeps null: nothing pairs on a one-way.
  const routeStyle = req.source === 'supplier_b' && domestic ? 'independent' : 'coupled';
  const style = req.journeyType === 'one_way' ? null : routeStyle;
  const rng = state.next('trace');
  const traceId = uuid(rng);
  const lifetimeMs =
    req.source === 'supplier_a'
      ? int(rngFor(state.options.seed, 'offer-life', traceId), 300, 600) * 1000
      : TRACE_MS;
  // Unknown (but well-formed) airports give an empty result, as a supplier with no inventory would.
  const generated =
    from && to
      ? generate({
          seed: state.options.seed,
          origin: from,
          destination: to,
          departDate: req.departDate,
          ...(req.returnDate ? { returnDate: req.returnDate } : {}),
          pax: req.pax,
          cabin: req.cabin,
          direct: req.direct,
          source: req.source,
          style,
          optionCount: state.options.optionCount,
          inboundOptionCount: state.options.inboundOptionCount,
          ids: () => uuid(rng),
        })
      : { outbound: [], inbound: [], offers: new Map<string, Offer>() };
  const trace: Trace = {
    id: traceId,
    partnerKey: partner.apiKey,
    source: req.source,
    createdAt: now,
    expiresAt: now + TRACE_MS,
    offersExpireAt: now + lifetimeMs,
    isDomestic: domestic,
    journeyType: req.journeyType,
    style,
    pax: req.pax,
    offers: generated.offers,
  };
  state.traces.set(traceId, trace);
  const pct = partner.markupPercent;
  return {
    trace_id: traceId,
    currency: 'INR',
    journey_type: req.journeyType,
    is_domestic: domestic,
    pax_count: { ...req.pax },
    round_trip_style: routeStyle,
    outbound: generated.outbound.map((d) => outboundOption(d, pct)),
    inbound: generated.inbound.map((o) => singleOption(o, pct)),
    expires_at: isoNoZone(trace.offersExpireAt),
    remaining_seconds: remainingSeconds(trace.offersExpireAt, now),
  };
}

function fareRules(state: SandboxState, partner: Partner, body: unknown): Record<string, unknown> {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.result_index !== 'string' || !b.result_index)
    throw badRequest('result_index: This field is required.');
  const trace = liveTrace(state, partner, b.trace_id);
  const offer = offerOf(trace, b.result_index);
  const rules = offer.legs.flatMap((leg) =>
    leg.segments.map((s) => {
      const seg = s as {
        airline: { code: string };
        origin: { airport_code: string };
        destination: { airport_code: string };
      };
      return {
        airline: seg.airline.code,
        origin: seg.origin.airport_code,
        destination: seg.destination.airport_code,
        rule_text: offer.is_refundable
          ? `${offer.fare_name} fare. Cancellation: INR 3,000 per passenger up to 4 hours before departure. Date change: INR 2,250 plus fare difference. Refundable.`
          : `${offer.fare_name} fare. Non-refundable except statutory taxes. Date change: INR 3,500 plus fare difference, up to 24 hours before departure. No-show: taxes only.`,
      };
    }),
  );
  const exp = Math.min(trace.expiresAt, trace.offersExpireAt);
  return {
    trace_id: trace.id,
    result_index: offer.result_index,
    expires_at: isoNoZone(exp),
    remaining_seconds: remainingSeconds(exp, state.clock.now()),
    rules,
  };
}

/** Routes for search and fare rules, on any origin. */
export function flightHandlers(ctx: HandlerContext): Route[] {
  return [
    route(
      'POST',
      '/v1/flights/search/',
      endpoint(ctx, 'search', { auth: true }, ({ partner, body }) => ({ json: search(ctx, partner, body) })),
    ),
    route(
      'POST',
      '/v1/flights/fare-rules/',
      endpoint(ctx, 'fareRules', { auth: true }, ({ partner, body }) => ({
        json: fareRules(ctx.state, partner, body),
      })),
    ),
  ];
}
