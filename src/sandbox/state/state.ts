/**
 * The sandbox's memory: partners, search traces and bookings, plus the knobs that `control` sets.
 * Plain data and lookups only; the service rules live in handlers/.
 */
import { ENDPOINTS, type BookingStatus, type Endpoint } from '../../schemas/plain/vocabulary.js';
import { Clock } from './clock.js';
import type { FareMeta, LegData, Offer, RawPrice } from '../data/generator.js';
import type { ResolvedOptions } from './options.js';
import { hex, rngFor, type Rng } from './random.js';

/** The endpoints as `control.failNext` names them (the service's vocabulary, src/schemas/plain/vocabulary.ts). */
export { ENDPOINTS };
/** One of the nine endpoints. */
export type EndpointName = Endpoint;

/** A booking status (spec §3). `cancelled` is never reached here: the cancel flow is not in v1. */
export type { BookingStatus };

/** A partner account. */
export interface Partner {
  apiKey: string;
  name: string;
  walletBalance: number;
  markupPercent: number;
  memberCode: string;
}

/** A search handle and the offers it can book. */
export interface Trace {
  id: string;
  partnerKey: string;
  source: 'supplier_a' | 'supplier_b';
  createdAt: number;
  /** The trace's own 15-minute validity. */
  expiresAt: number;
  /** When its offers stop being bookable: 5–10 min for supplier_a, 15 for supplier_b. */
  offersExpireAt: number;
  isDomestic: boolean;
  journeyType: 'one_way' | 'round_trip';
  style: 'coupled' | 'independent' | null;
  pax: { adult: number; child: number; infant: number };
  offers: Map<string, Offer>;
}

/** One itinerary item of a booking. */
export interface ItemData extends FareMeta {
  item_code: string;
  result_index: string;
  journey_type: 'one_way' | 'round_trip';
  legs: LegData[];
}

/** A duplicate entry as the spec's §2 lists it. */
export interface DuplicateEntry {
  pnr: string;
  status: string;
  bms_booking_code: string;
  member_code: string;
  origin_city_code: string;
  destination_city_code: string;
  created_at: string;
}

/** A booking with everything the sandbox knows about it (returned by `control.getBooking`). */
export interface BookingRecord {
  id: string;
  partnerKey: string;
  traceId: string;
  itineraryCode: string;
  source: Trace['source'];
  status: BookingStatus;
  isDomestic: boolean;
  paxCount: Trace['pax'];
  passportRequired: boolean;
  items: ItemData[];
  /** Price locked at create-booking, pre-markup. */
  lockedRaw: RawPrice;
  /** Base-fare movement from reprices (control.movePriceOnNextReprice), pre-markup INR. */
  priceDelta: number;
  /** SSR amounts applied by supplier_b, pre-markup INR. */
  ssrAmount: number;
  /**
   * Pre-markup total reprice compares with: the fare locked at create-booking (with the SSRs
   * applied), or the total before the last reprice with `priceChangedSince: 'last-reprice'`.
   */
  previousRawFinal: number | null;
  /** Whether the fare moved since create-booking (since the last reprice with `priceChangedSince: 'last-reprice'`). */
  priceChanged: boolean;
  passengers: Array<Record<string, unknown>> | null;
  duplicates: DuplicateEntry[];
  pnr: string | null;
  bmsBookingCode: string | null;
  lockExpiresAt: number;
  createdAt: number;
  modifiedAt: number;
  /** Every wallet debit for this booking: a correct client books once, so length ≤ 1. */
  debits: Array<{ amount: number; at: number }>;
  /** The audit log of status transitions (not exposed by the API, spec §6). */
  events: Array<{ from: BookingStatus | null; to: BookingStatus; at: number }>;
  failureReason: string | null;
}

/** An injected failure queued by `control.failNext` (its options, with the count resolved). */
/** How `failNext` fails (or slows) the next calls of an endpoint. */
export interface FailNextOptions {
  /** How many consecutive calls fail. @default 1 */
  times?: number;
  /** HTTP status to answer with. @default 502 (unless only `delayMs` is given: then the call succeeds late) */
  status?: number;
  /** The envelope's detail message. @default 'Injected <status> failure (sandbox control.failNext).' */
  detail?: string;
  /** A raw, non-envelope body instead of the JSON envelope (e.g. an HTML 502 page from a proxy). */
  body?: string;
  /** Extra response headers (e.g. `{ 'Retry-After': '2' }`). */
  headers?: Record<string, string>;
  /** Drop the connection without answering: a network error for the client. @default false */
  drop?: boolean;
  /** Wait this long before answering (normally, or with the failure). @default 0 */
  delayMs?: number;
}

export type FailureSpec = Omit<FailNextOptions, 'times'> & { times: number };

/** One request as `control.requests()` reports it. */
export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  endpoint: EndpointName | null;
  status: number;
  /** True when the connection was dropped instead of answered. */
  dropped: boolean;
  requestId: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The mutable state of one sandbox. */
export class SandboxState {
  readonly clock: Clock;
  partners = new Map<string, Partner>();
  traces = new Map<string, Trace>();
  bookings = new Map<string, BookingRecord>();
  failures = new Map<EndpointName, FailureSpec[]>();
  commitThenDrop = new Map<EndpointName, number>();
  pendingPriceDelta = 0;
  log: RequestLogEntry[] = [];
  private counters = new Map<string, number>();

  constructor(readonly options: ResolvedOptions) {
    this.clock = new Clock(options.now);
    this.reset();
  }

  /**
   * Back to the initial partners and no traces, bookings, knobs or log. Time keeps going, and so do
   * the id counters: a reset never re-issues a booking id, trace id, result index or PNR that this
   * sandbox issued before (a client kept across tests must not find the last test's booking).
   */
  reset(): void {
    this.partners.clear();
    this.traces.clear();
    this.bookings.clear();
    this.failures.clear();
    this.commitThenDrop.clear();
    this.pendingPriceDelta = 0;
    this.log = [];
    for (const p of this.options.partners) this.addPartner(p);
  }

  /** Registers a partner; its member code is derived from its key. */
  addPartner(p: Omit<Partner, 'memberCode'>): Partner {
    const partner = { ...p, memberCode: `MBR${hex(rngFor(p.apiKey), 6).toUpperCase()}` };
    this.partners.set(p.apiKey, partner);
    return partner;
  }

  /** A fresh deterministic generator for the n-th entity of a kind ('trace', 'booking', …). */
  next(kind: string): Rng {
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    return rngFor(this.options.seed, kind, n);
  }

  /** The partner's booking, or undefined if it does not exist or is someone else's (→ 404). */
  bookingOf(partnerKey: string, id: string): BookingRecord | undefined {
    const b = this.bookings.get(id);
    return b && b.partnerKey === partnerKey ? b : undefined;
  }

  /** Moves a booking to a new status and records the transition. */
  transition(b: BookingRecord, to: BookingStatus): void {
    const at = this.clock.now();
    if (b.status !== to) b.events.push({ from: b.status, to, at });
    b.status = to;
    b.modifiedAt = at;
  }

  /**
   * Frees the offers of traces an hour past expiry so a long-running sandboxes (the CLI) does not
   * grow without bound. The trace itself stays, so using it still answers 409, not 400.
   */
  pruneTraces(): void {
    const cutoff = this.clock.now() - 60 * 60_000;
    for (const t of this.traces.values()) if (t.expiresAt < cutoff && t.offers.size) t.offers = new Map();
  }
}
