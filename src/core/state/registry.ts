import type { Deadline } from '../../model/deadline.js';
import type { IndexRoles } from '../../model/index-roles.js';
import type { SearchResults } from '../../model/search-results.js';
import type { PaxRules } from '../../schemas/booking.js';
import type { PaxCount, Source } from '../../schemas/common.js';
import { Cache } from './cache.js';

/**
 * What the client remembers of a search after the caller drops it: the roles of its result
 * indices (4 bytes an index), its deadline, supplier and passenger counts. Never the options themselves.
 */
interface SearchMemory {
  roles: IndexRoles;
  deadline: Deadline;
  source: Source;
  /** The search's passenger counts: a booking adopted after an interrupted create carries them. */
  pax_count: PaxCount;
}

/**
 * What the client remembers about a booking it created or saw. Only what lets a call refuse
 * earlier what the service would refuse anyway (an expired lock, passengers the rules reject):
 * nothing here ever decides whether a book is sent (ARCHITECTURE, "stateless low level").
 */
interface BookingMemory {
  booking_id: string;
  trace_id?: string | undefined;
  source?: Source | undefined;
  /** The fare lock, from create-booking (or a later response that reports one). */
  deadline?: Deadline | undefined;
  pax_rules?: PaxRules | undefined;
}

/** How much the client remembers (see `ClientOptions.memory`). */
interface RegistryLimits {
  searches: number;
  bookings: number;
}

/**
 * The searches and bookings this client has seen, so it can refuse work that would certainly
 * come back 409 and check result indices against the search they came from. Bounded: about
 * 4 bytes per result index per remembered search, and a few hundred bytes per booking.
 */
export class Registry {
  readonly #searches: Cache<string, SearchMemory>;
  /** The freshest known deadline per trace (a fare-rules answer reports a fresh window). */
  readonly #traceDeadlines: Cache<string, Deadline>;
  readonly #bookings: Cache<string, BookingMemory>;

  constructor(limits: RegistryLimits) {
    this.#searches = new Cache(limits.searches);
    this.#traceDeadlines = new Cache(limits.searches);
    this.#bookings = new Cache(limits.bookings);
  }

  rememberSearch(results: SearchResults): void {
    const { adult, child, infant } = results.pax_count;
    this.#searches.set(results.trace_id, {
      roles: results.indexRoles(),
      deadline: results.deadline,
      source: results.source,
      pax_count: { adult, child, infant },
    });
    this.#traceDeadlines.set(results.trace_id, results.deadline);
  }
  search(traceId: string): SearchMemory | undefined {
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
    for (const [k, v] of Object.entries(patch))
      if (v !== undefined) (next as unknown as Record<string, unknown>)[k] = v;
    this.#bookings.set(id, next);
    return next;
  }
  clear(): void {
    this.#searches.clear();
    this.#traceDeadlines.clear();
    this.#bookings.clear();
  }
}
