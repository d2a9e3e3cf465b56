/**
 * `fareway bookings get <id>` and `fareway bookings list [--limit N]`: a readable view of what the
 * service holds, through the public SDK. Get-booking carries no passengers (spec §4.7), so `get`
 * also looks the booking up in the bookings list (at most 3 pages of 100), whose entries do.
 */
import type { BookingListEntry, Fareway, ItineraryItem, Pricing, RetrievedBooking } from '../index.js';
import { money, table, type Writer } from './output.js';

/** How far `get` looks in the list for the booking's passengers. */
const LIST_PAGES = 3;

export interface BookingView {
  booking: RetrievedBooking;
  /** From the booking itself when it carries them, else from its list entry; null when not found. */
  passengers: unknown[] | null;
  requestId: string | undefined;
}

export interface ListView {
  count: number;
  results: BookingListEntry[];
  next: string | null;
  requestId: string | undefined;
}

async function passengersOf(client: Fareway, booking: RetrievedBooking): Promise<unknown[] | null> {
  const own = (booking as { passengers?: unknown }).passengers;
  if (Array.isArray(own)) return own;
  let page = await client.bookings.list({ limit: 100 });
  for (let i = 0; i < LIST_PAGES; i++) {
    const entry = page.results.find((b) => b.id === booking.booking_id);
    if (entry) return Array.isArray(entry.passengers) ? entry.passengers : null;
    const next = page.hasNextPage() && i + 1 < LIST_PAGES ? await page.nextPage() : null;
    if (!next) break;
    page = next;
  }
  return null;
}

export async function getBooking(client: Fareway, id: string): Promise<BookingView> {
  const booking = await client.bookings.retrieve(id);
  return { booking, passengers: await passengersOf(client, booking), requestId: booking.requestId };
}

export async function listBookings(client: Fareway, limit: number | undefined): Promise<ListView> {
  const page = await client.bookings.list(limit === undefined ? {} : { limit });
  return { count: page.count, results: page.results, next: page.next, requestId: page.requestId };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** `Dev Rao (adult, lead)`, from whatever name fields an entry carries (their shape is "not shown", spec §2). */
export function passengerName(p: unknown): string {
  if (typeof p !== 'object' || p === null) return '?';
  const o = p as Record<string, unknown>;
  const name = [str(o.first_name), str(o.last_name)].filter(Boolean).join(' ') || str(o.name) || '(no name)';
  const notes = [str(o.pax_type), o.is_lead === true ? 'lead' : undefined].filter(Boolean);
  return notes.length ? `${name} (${notes.join(', ')})` : name;
}

function amounts(p: Pricing | null | undefined): string {
  if (!p) return '—';
  const c = p.currency;
  const parts = [`final ${money(p.final_fare, c)}`, `base ${money(p.base_fare, c)}`];
  if (p.tax_and_surcharge != null) parts.push(`taxes ${money(p.tax_and_surcharge, c)}`);
  parts.push(`fee ${money(p.service_fee, c)}`, `published ${money(p.published_fare, c)}`);
  if (p.price_changed === true) parts.push(`price changed from ${money(p.previous_total_amount, c)}`);
  return parts.join(' · ');
}

const time = (t: string | null | undefined) => (t ? t.replace('T', ' ').replace(/:00$/, '') : '?');

function segments(items: ItineraryItem[] | null | undefined): string[] {
  const out: string[] = [];
  for (const item of items ?? []) {
    for (const leg of item.legs) {
      for (const s of leg.segments) {
        out.push(
          `${leg.direction.padEnd(8)} ${s.airline.code} ${s.airline.flight_number}  ${s.origin.airport_code} ${time(s.origin.departure_time)} → ${s.destination.airport_code} ${time(s.destination.arrival_time)}`,
        );
      }
    }
  }
  return out;
}

export function printBooking(out: Writer, view: BookingView): void {
  const b = view.booking;
  const rows: Array<[string, string]> = [
    ['Booking', b.booking_id],
    ['Status', b.status],
    ['PNR', b.pnr ?? '— (not confirmed)'],
    ['Itinerary', b.itinerary_code ?? '—'],
    ['Amounts', amounts(b.pricing)],
  ];
  const names =
    view.passengers === null
      ? ['— (not in the first bookings pages)']
      : view.passengers.length
        ? view.passengers.map(passengerName)
        : ['— (none saved)'];
  const segs = segments(b.itinerary_items);
  const width = 11;
  for (const [label, value] of rows) out.line(`${out.bold(label.padEnd(width))} ${value}`);
  names.forEach((n, i) => out.line(`${out.bold((i === 0 ? 'Passengers' : '').padEnd(width))} ${n}`));
  (segs.length ? segs : ['—']).forEach((s, i) =>
    out.line(`${out.bold((i === 0 ? 'Segments' : '').padEnd(width))} ${s}`),
  );
  out.line(`${out.bold('Request id'.padEnd(width))} ${view.requestId ?? '—'}`);
}

export function printList(out: Writer, view: ListView): void {
  if (view.results.length === 0) {
    out.line('No bookings.');
  } else {
    const rows = view.results.map((b) => [
      b.id,
      b.status,
      b.pnr ?? '—',
      money(b.amount_charged, b.currency),
      b.created_at ?? '—',
      (b.passengers ?? []).map((p) => passengerName(p).replace(/ \(.*\)$/, '')).join(', ') || '—',
    ]);
    const lines = table([['ID', 'STATUS', 'PNR', 'AMOUNT', 'CREATED', 'PASSENGERS'], ...rows]);
    out.line(out.bold(lines[0] as string));
    for (const line of lines.slice(1)) out.line(line);
  }
  const more = view.next ? ' (more: --limit up to 100)' : '';
  out.line(
    out.dim(`${view.results.length} of ${view.count} bookings${more}; request id ${view.requestId ?? '—'}`),
  );
}
