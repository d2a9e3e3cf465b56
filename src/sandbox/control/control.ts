/**
 * `sandbox.control`: the scenario knobs a test turns to reach the paths a real service only
 * reaches by bad luck (expiries, upstream failures, lost responses, price moves, empty wallets).
 */
import { seedBooking } from '../rules/bookings.js';
import type { InFlight, InFlightRequest, WaitForRequestOptions } from './in-flight.js';
import { resolvePartner, type PartnerOptions } from '../state/options.js';
import type { RateLimiter } from '../rules/ratelimit.js';
import {
  ENDPOINTS,
  type BookingRecord,
  type BookingStatus,
  type EndpointName,
  type FailNextOptions,
  type Partner,
  type RequestLogEntry,
  type SandboxState,
} from '../state/state.js';

export type { FailNextOptions } from '../state/state.js';
export type { InFlightRequest, WaitForRequestOptions } from './in-flight.js';

/** A read-only copy of a booking's internal state, for assertions. */
export type BookingSnapshot = Readonly<BookingRecord>;

/** The scenario knobs of a sandbox. */
export interface SandboxControl {
  /** Moves the virtual clock forward by `ms` (expiries, rate-limit windows and look-backs follow it). */
  advanceTime(ms: number): void;
  /** The virtual time. */
  now(): Date;
  /** Makes the next call(s) of `endpoint` fail, drop or slow down, before any auth or logic runs. */
  failNext(endpoint: EndpointName, options?: FailNextOptions): void;
  /** The next `times` successful calls of `endpoint` do their work (for book: PNR issued, wallet debited) and then drop the connection. */
  commitThenDrop(endpoint?: EndpointName, times?: number): void;
  /** The next reprice (of any booking) moves the pre-markup base fare by `deltaInr` and reports `price_changed`. */
  movePriceOnNextReprice(deltaInr: number): void;
  /** Sets a partner's wallet balance (INR). Defaults to the first partner. */
  setWalletBalance(amount: number, apiKey?: string): void;
  /** A partner's wallet balance (INR). Defaults to the first partner. */
  walletBalance(apiKey?: string): number;
  /** Expires a search now: fare-rules and create-booking on it answer 409. */
  expireTrace(traceId: string): void;
  /** Expires a booking's fare lock now: save-passengers, reprice and book answer 409. */
  expireBooking(bookingId: string): void;
  /** Adds `count` historical bookings (confirmed by default, no wallet debit) and returns their ids, newest first. */
  seedBookings(count: number, options?: { apiKey?: string; status?: BookingStatus }): string[];
  /** Every request so far, oldest first, with the Authorization value redacted. */
  requests(): RequestLogEntry[];
  /**
   * Requests received and not yet answered (or dropped), oldest first: what `requests()` will list
   * once each is answered. A request shows here from the moment its body has arrived.
   */
  inFlight(): InFlightRequest[];
  /**
   * Resolves with the first request of `endpoint` (any endpoint when omitted) that is in flight
   * now or arrives later; rejects after `timeoutMs` (default 10 s). To act while a call is on the
   * wire, hold it there with `failNext(endpoint, { delayMs })`: e.g. a SIGTERM during a confirm.
   */
  waitForRequest(endpoint?: EndpointName, options?: WaitForRequestOptions): Promise<InFlightRequest>;
  /** Empties the request log. */
  clearRequests(): void;
  /** A snapshot of a booking's internal state (debits, events, passengers, pnr…), or undefined. */
  getBooking(id: string): BookingSnapshot | undefined;
  /** Back to the initial partners, no traces or bookings, no pending knobs, empty log and rate windows. The clock is not rewound. */
  reset(): void;
  /** Adds a partner account and returns its API key. */
  addPartner(partner?: PartnerOptions): string;
}

/** Builds the control object over a sandbox's state. */
export function createControl(state: SandboxState, limiter: RateLimiter, inFlight: InFlight): SandboxControl {
  const partner = (apiKey?: string): Partner => {
    const p = apiKey === undefined ? state.partners.values().next().value : state.partners.get(apiKey);
    if (!p) throw new Error(`sandbox control: unknown partner API key '${apiKey}'`);
    return p;
  };
  const checkEndpoint = (e: EndpointName): void => {
    if (!ENDPOINTS.includes(e))
      throw new Error(`sandbox control: unknown endpoint '${e}' (one of ${ENDPOINTS.join(', ')})`);
  };
  return {
    advanceTime: (ms) => state.clock.advance(ms),
    now: () => new Date(state.clock.now()),
    failNext(endpoint, options = {}) {
      checkEndpoint(endpoint);
      const queue = state.failures.get(endpoint) ?? [];
      queue.push({ ...options, times: options.times ?? 1 });
      state.failures.set(endpoint, queue);
    },
    commitThenDrop(endpoint = 'book', times = 1) {
      checkEndpoint(endpoint);
      state.commitThenDrop.set(endpoint, (state.commitThenDrop.get(endpoint) ?? 0) + times);
    },
    movePriceOnNextReprice(deltaInr) {
      state.pendingPriceDelta += deltaInr;
    },
    setWalletBalance(amount, apiKey) {
      partner(apiKey).walletBalance = amount;
    },
    walletBalance: (apiKey) => partner(apiKey).walletBalance,
    expireTrace(traceId) {
      const t = state.traces.get(traceId);
      if (!t) throw new Error(`sandbox control: unknown trace '${traceId}'`);
      t.expiresAt = t.offersExpireAt = state.clock.now();
    },
    expireBooking(bookingId) {
      const b = state.bookings.get(bookingId);
      if (!b) throw new Error(`sandbox control: unknown booking '${bookingId}'`);
      b.lockExpiresAt = state.clock.now();
    },
    seedBookings(count, options = {}) {
      const p = partner(options.apiKey);
      const status = options.status ?? 'confirmed';
      const ids: string[] = [];
      // Oldest first, one minute apart, all before now: later real bookings list above them.
      for (let i = 0; i < count; i++) ids.push(seedBooking(state, p, i, status, (count - i) * 60_000).id);
      return ids.reverse();
    },
    requests: () => state.log.map((e) => structuredClone(e)),
    inFlight: () => inFlight.list(),
    waitForRequest(endpoint, options) {
      if (endpoint !== undefined) checkEndpoint(endpoint);
      return inFlight.wait(endpoint, options);
    },
    clearRequests() {
      state.log = [];
    },
    getBooking(id) {
      const b = state.bookings.get(id);
      return b ? structuredClone(b) : undefined;
    },
    reset() {
      state.reset();
      limiter.clear();
    },
    addPartner(p = {}) {
      const resolved = resolvePartner(state.options.seed, state.partners.size, p);
      if (state.partners.has(resolved.apiKey))
        throw new Error('sandbox control: a partner with this API key already exists');
      state.addPartner(resolved);
      return resolved.apiKey;
    },
  };
}
