/**
 * Booking operations shared by the HTTP handlers and `control` (seedBookings, injected failures):
 * creating a booking from offers, confirming it, failing it, and duplicate detection.
 */
import { airport } from '../data/airports.js';
import { isoNoZone, isoUtc } from '../state/clock.js';
import { generate, type Offer } from '../data/generator.js';
import { code, int, uuid } from '../state/random.js';
import type {
  BookingRecord,
  BookingStatus,
  DuplicateEntry,
  ItemData,
  Partner,
  SandboxState,
  Trace,
} from '../state/state.js';
import { amountDue, round2 } from '../answers/views.js';

/** Statuses from which a booking can still move forward. */
export const LIVE_STATUSES: readonly BookingStatus[] = ['draft', 'passenger_saved', 'priced'];

function item(itineraryCode: string, n: number, offer: Offer, journey: ItemData['journey_type']): ItemData {
  const { raw: _raw, ...rest } = offer;
  return { ...rest, item_code: `${itineraryCode}-${n}`, journey_type: journey };
}

/** Creates a draft booking for the chosen offers (already validated against the trace). */
export function createBookingRecord(
  state: SandboxState,
  partner: Partner,
  trace: Pick<Trace, 'id' | 'source' | 'isDomestic' | 'pax' | 'style'>,
  offers: Offer[],
): BookingRecord {
  const rng = state.next('booking');
  const now = state.clock.now();
  const itineraryCode = `FW${code(rng, 8)}`;
  // Independent round trips are two separately ticketed one-way items; a coupled pair is one round-trip item.
  const journey = offers.length === 1 && offers[0]?.legs.length === 2 ? 'round_trip' : 'one_way';
  const sum = (k: keyof Offer['raw']): number => round2(offers.reduce((s, o) => s + o.raw[k], 0));
  const b: BookingRecord = {
    id: uuid(rng),
    partnerKey: partner.apiKey,
    traceId: trace.id,
    itineraryCode,
    source: trace.source,
    status: 'draft',
    isDomestic: trace.isDomestic,
    paxCount: { ...trace.pax },
    passportRequired: trace.source === 'supplier_a' || !trace.isDomestic,
    items: offers.map((o, i) => item(itineraryCode, i + 1, o, journey)),
    lockedRaw: {
      base_fare: sum('base_fare'),
      tax_and_surcharge: sum('tax_and_surcharge'),
      service_fee: sum('service_fee'),
      published_fare: sum('published_fare'),
      final_fare: sum('final_fare'),
    },
    priceDelta: 0,
    ssrAmount: 0,
    previousRawFinal: null,
    priceChanged: false,
    passengers: null,
    duplicates: [],
    pnr: null,
    bmsBookingCode: null,
    lockExpiresAt: now + state.options.lockMinutes * 60_000,
    createdAt: now,
    modifiedAt: now,
    debits: [],
    events: [{ from: null, to: 'draft', at: now }],
    failureReason: null,
  };
  state.bookings.set(b.id, b);
  return b;
}

/** Issues the PNR and debits the wallet by the post-markup final fare. */
export function confirm(state: SandboxState, b: BookingRecord, partner: Partner, debit = true): void {
  const rng = state.next('pnr');
  const now = state.clock.now();
  if (debit) {
    const due = amountDue(b, partner);
    partner.walletBalance = round2(partner.walletBalance - due);
    b.debits.push({ amount: due, at: now });
  }
  b.pnr = code(rng, 6);
  b.bmsBookingCode = `BMS${int(rng, 10_000_000, 99_999_999)}`;
  state.transition(b, 'confirmed');
}

/** Moves a bookable booking to `failed` (upstream failure on book). */
export function fail(state: SandboxState, b: BookingRecord, reason: string): void {
  if (b.status !== 'passenger_saved' && b.status !== 'priced') return;
  b.failureReason = reason;
  state.transition(b, 'failed');
}

type Seg = {
  origin: { airport_code: string; city_code?: string; departure_time: string };
  destination: { airport_code: string; city_code?: string };
};

/** Sector (first leg's origin and destination) and departure date of a booking. */
function sector(b: BookingRecord): { from: Seg['origin']; to: Seg['destination']; date: string } | undefined {
  const segs = b.items[0]?.legs[0]?.segments as Seg[] | undefined;
  const first = segs?.[0];
  const last = segs?.[segs.length - 1];
  return first && last
    ? { from: first.origin, to: last.destination, date: first.origin.departure_time.slice(0, 10) }
    : undefined;
}

const leadName = (b: BookingRecord): string | undefined => {
  const lead = b.passengers?.find((p) => p.is_lead === true);
  return lead
    ? `${String(lead.first_name).trim()} ${String(lead.last_name).trim()}`.toLowerCase()
    : undefined;
};

/**
 * supplier_b's duplicate check: the partner's confirmed bookings of the last 7 days with the same
 * lead passenger name (case-insensitive), sector and departure date.
 */
export function findDuplicates(state: SandboxState, b: BookingRecord, partner: Partner): DuplicateEntry[] {
  const mine = sector(b);
  const name = leadName(b);
  if (!mine || !name) return [];
  const since = state.clock.now() - 7 * 24 * 60 * 60_000;
  const out: DuplicateEntry[] = [];
  for (const other of state.bookings.values()) {
    if (
      other === b ||
      other.partnerKey !== partner.apiKey ||
      other.status !== 'confirmed' ||
      other.createdAt < since
    )
      continue;
    const s = sector(other);
    if (
      !s ||
      leadName(other) !== name ||
      s.from.airport_code !== mine.from.airport_code ||
      s.to.airport_code !== mine.to.airport_code ||
      s.date !== mine.date
    )
      continue;
    out.push({
      pnr: other.pnr ?? '',
      status: other.status.toUpperCase(),
      bms_booking_code: other.bmsBookingCode ?? '',
      member_code: partner.memberCode,
      origin_city_code: s.from.city_code ?? s.from.airport_code,
      destination_city_code: s.to.city_code ?? s.to.airport_code,
      created_at: isoUtc(other.createdAt),
    });
  }
  return out;
}

const SEED_ROUTES = [
  ['DEL', 'BOM'],
  ['BLR', 'DEL'],
  ['BOM', 'GOI'],
  ['MAA', 'CCU'],
  ['HYD', 'BLR'],
  ['DEL', 'DXB'],
  ['BOM', 'SIN'],
] as const;
const SEED_NAMES = [
  ['Aarav', 'Sharma'],
  ['Diya', 'Patel'],
  ['Vihaan', 'Iyer'],
  ['Ananya', 'Reddy'],
  ['Kabir', 'Singh'],
  ['Meera', 'Nair'],
] as const;

/**
 * Creates one historical booking for list tests, without a wallet debit. It is dated `ageMs` before
 * now so seeded history sorts below anything created afterwards.
 */
export function seedBooking(
  state: SandboxState,
  partner: Partner,
  n: number,
  status: BookingStatus,
  ageMs: number,
): BookingRecord {
  const [o, d] = SEED_ROUTES[n % SEED_ROUTES.length] as readonly [string, string];
  const from = airport(o);
  const to = airport(d);
  if (!from || !to) throw new Error('sandbox: seed route airport missing');
  const travel = isoNoZone(state.clock.now() + (7 + (n % 30)) * 86_400_000).slice(0, 10);
  const traceRng = state.next('seed-trace');
  const domestic = from.country === to.country;
  const gen = generate({
    seed: state.options.seed,
    origin: from,
    destination: to,
    departDate: travel,
    pax: { adult: 1, child: 0, infant: 0 },
    cabin: '2',
    direct: false,
    source: 'supplier_a',
    style: null,
    optionCount: 1,
    inboundOptionCount: 1,
    ids: () => uuid(traceRng),
  });
  const offer = gen.outbound[0]?.offer as Offer;
  const trace = {
    id: uuid(traceRng),
    source: 'supplier_a' as const,
    isDomestic: domestic,
    pax: { adult: 1, child: 0, infant: 0 },
    style: null,
  };
  const b = createBookingRecord(state, partner, trace, [offer]);
  const [first, last] = SEED_NAMES[n % SEED_NAMES.length] as readonly [string, string];
  b.passengers = [
    {
      title: 'Mr',
      first_name: first,
      last_name: last,
      gender: 'other',
      pax_type: 'adult',
      dob: '1990-01-01',
      is_lead: true,
    },
  ];
  b.createdAt = b.modifiedAt = state.clock.now() - ageMs;
  b.events = [{ from: null, to: 'draft', at: b.createdAt }];
  if (status === 'confirmed') confirm(state, b, partner, false);
  else if (status !== 'draft') state.transition(b, status);
  b.modifiedAt = b.createdAt;
  return b;
}
