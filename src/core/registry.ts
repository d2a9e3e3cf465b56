import type { Deadline } from '../model/deadline.js';
import type { SearchResults } from '../model/search-results.js';
import type { PaxRules } from '../schemas/booking.js';
import type { Source } from '../schemas/common.js';

/** What the client remembers about a booking it created or saw, for local checks. */
export interface BookingMemory {
  booking_id: string;
  trace_id?: string | undefined;
  source?: Source | undefined;
  /** The fare lock, from create-booking (or a later response that reports one). */
  deadline?: Deadline | undefined;
  pax_rules?: PaxRules | undefined;
  /** The last reprice: did the fare move, and to what. */
  lastReprice?: { price_changed: boolean; final_fare: number; previous?: number | undefined } | undefined;
  /** The last save-passengers: were duplicates reported. */
  duplicates?: { found: boolean; entries: unknown[] } | undefined;
}

/** A small LRU map: the client must not grow without bound in a long-lived server. */
class Lru<K, V> {
  readonly #map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }
  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.max) this.#map.delete(this.#map.keys().next().value as K);
  }
  clear(): void {
    this.#map.clear();
  }
}

/**
 * The searches and bookings this client has seen, so it can refuse work that would certainly
 * come back 409 and check result indices against the search they came from.
 */
export class Registry {
  readonly #searches = new Lru<string, SearchResults>(200);
  /** The freshest known deadline per trace (a fare-rules answer reports a fresh window). */
  readonly #traceDeadlines = new Lru<string, Deadline>(1000);
  readonly #bookings = new Lru<string, BookingMemory>(2000);

  rememberSearch(results: SearchResults): void {
    this.#searches.set(results.trace_id, results);
    this.#traceDeadlines.set(results.trace_id, results.deadline);
  }
  search(traceId: string): SearchResults | undefined {
    return this.#searches.get(traceId);
  }
  setTraceDeadline(traceId: string, deadline: Deadline): void {
    this.#traceDeadlines.set(traceId, deadline);
  }
  traceDeadline(traceId: string): Deadline | undefined {
    return this.#traceDeadlines.get(traceId);
  }
  booking(id: string): BookingMemory | undefined {
    return this.#bookings.get(id);
  }
  /** Merges what a response told us into the booking's memory. */
  updateBooking(id: string, patch: Partial<BookingMemory>): BookingMemory {
    const current = this.#bookings.get(id) ?? { booking_id: id };
    const next: BookingMemory = { ...current };
    for (const [k, v] of Object.entries(patch)) if (v !== undefined) (next as unknown as Record<string, unknown>)[k] = v;
    this.#bookings.set(id, next);
    return next;
  }
  clear(): void {
    this.#searches.clear();
    this.#traceDeadlines.clear();
    this.#bookings.clear();
  }
}
