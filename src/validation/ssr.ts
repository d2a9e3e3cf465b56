import type { PassengerContext } from './context.js';
import type { Report } from './issues.js';
import { at, str, type PaxView } from './view.js';
import { isObject } from '../schemas/plain/guards.js';

const SSR_KINDS = ['meal', 'baggage', 'seat'] as const;
/** A seat code: row number and column letter, e.g. `12A`. */
const SEAT_RE = /^\d{1,3}[A-Za-z]$/;

function code(v: unknown): string | undefined {
  return typeof v === 'string' && /^[A-Za-z]{3}$/.test(v) ? v.toUpperCase() : undefined;
}

/** Seats taken per segment across the list: `DEL-BOM` → seat → passenger index. */
export type SeatMap = Map<string, Map<string, number>>;

/**
 * SSR rules beyond the schema's shape (which already refuses a `seat` outside `ssr.seat[]`, for
 * either supplier): a `seat` in every `ssr.seat[]` item, each item on a segment of this booking
 * (when the segments are known), one seat per passenger and segment, no seat shared by two
 * passengers, no seat for an infant. supplier_a ignores `ssr`: a warning, and none of these rules
 * apply.
 */
export function checkSsr(p: PaxView, ctx: PassengerContext, seats: SeatMap, report: Report): void {
  const ssr = p.raw['ssr'];
  if (ssr === undefined) return;
  if (ctx.supplier === 'supplier_a') {
    report.warn(`supplier_a ignores ssr: passengers[${p.index}].ssr will not be applied`);
    return;
  }
  if (!isObject(ssr)) return;
  const sectors = ctx.sectors?.length ? ctx.sectors : undefined;
  const known = new Set(sectors?.map((s) => `${s.origin}-${s.destination}`));
  const isInfant = str(p, 'pax_type') === 'infant';
  const ownSeats = new Set<string>();
  for (const kind of SSR_KINDS) {
    const items = ssr[kind];
    if (!Array.isArray(items)) continue;
    if (kind === 'seat' && isInfant && items.length > 0) {
      report.add(at(p, 'ssr', 'seat'), "an infant travels on an adult's lap and cannot have a seat");
    }
    items.forEach((item: unknown, j: number) => {
      if (!isObject(item)) return;
      const o = code(item['origin']);
      const d = code(item['destination']);
      const sector = o && d ? `${o}-${d}` : undefined;
      if (sector && sectors && !known.has(sector)) {
        report.add(
          at(p, 'ssr', kind, j),
          `${sector} is not a segment of this booking (segments: ${[...known].join(', ')})`,
        );
      }
      // A `seat` on a meal or baggage item is refused by the schema, for either supplier.
      if (kind !== 'seat') return;
      const seat = item['seat'];
      if (seat === undefined) {
        report.add(at(p, 'ssr', kind, j, 'seat'), 'required in ssr.seat[] items');
        return;
      }
      if (typeof seat !== 'string') return; // the schema reports the type
      if (!SEAT_RE.test(seat.trim())) {
        report.add(at(p, 'ssr', kind, j, 'seat'), 'must be a seat code such as 12A');
        return;
      }
      if (!sector) return;
      if (ownSeats.has(sector)) {
        report.add(at(p, 'ssr', kind, j), `a second seat on ${sector} (one seat per passenger per segment)`);
        return;
      }
      ownSeats.add(sector);
      const taken = seats.get(sector) ?? new Map<string, number>();
      seats.set(sector, taken);
      const s = seat.trim().toUpperCase();
      const other = taken.get(s);
      if (other !== undefined)
        report.add(
          at(p, 'ssr', kind, j, 'seat'),
          `seat ${s} on ${sector} is already given to passengers[${other}]`,
        );
      else taken.set(s, p.index);
    });
  }
}
