import { parseInput, withMeta, type ClientContext } from '../core/state/context.js';
import type { Call, FarewayPromise } from '../core/call/call.js';
import type { RequestOptions } from '../core/options/options.js';
import { FareExpiredError, RequestValidationError } from '../errors.js';
import { runMethod, type Checked, type Method } from './naming.js';
import type { CallSpec } from './check-call.js';
import { Deadline } from '../model/deadline.js';
import { checkIndices } from '../model/index-roles.js';
import { isSelection, searchOfSelection } from '../model/search-results.js';
import { SERVICE } from '../schemas/endpoints.js';
import {
  CreateBookingParamsSchema,
  type CreateBookingResponse,
  type ListParams,
  type RetrieveBookingResponse,
} from '../schemas/booking.js';
import type { PassengerInput } from '../schemas/passenger.js';
import type { PassengerRead } from '../validation/passenger-shape.js';
import {
  book as bookOnce,
  type BooksInFlight,
  BookOptionsSchema,
  type BookOptions,
  type BookResult,
} from './book/book.js';
import { sendCreate, withPaxCount } from './create/create.js';
import { sendReprice } from './reprice.js';
import { preflight, rejectedPassengers } from './save-passengers.js';
import { lockDeadlineFrom } from './lock-deadline.js';
import {
  SavePassengersOptionsObject,
  type BookingRef,
  type CreateBookingInput,
  type CreatedBooking,
  type RepricedBooking,
  type RetrievedBooking,
  type SavedPassengers,
  type SavePassengersOptions,
} from './booking-types.js';
import { listBookings, type PagePromise } from './list.js';

export type {
  BookingMeta,
  BookingRef,
  CreateBookingInput,
  CreatedBooking,
  RepricedBooking,
  RetrievedBooking,
  SavedPassengers,
  SavePassengersOptions,
} from './booking-types.js';

/**
 * The methods of `Bookings` that can run as steps of a larger call; `savePassengers` may be given
 * the list as the outer call already read it (bookFlight), so a call reads its passengers once.
 */
export type BookingSteps = Pick<Bookings, 'create' | 'reprice' | 'book' | 'retrieve'> & {
  savePassengers(
    ...args: [...Parameters<Bookings['savePassengers']>, read?: PassengerRead]
  ): ReturnType<Bookings['savePassengers']>;
};

/** Each method: its endpoint, its options' schema, the booking it names; its checks are `runMethod`'s. */
const METHODS = {
  create: { endpoint: SERVICE.createBooking },
  savePassengers: {
    endpoint: SERVICE.savePassengers,
    schema: SavePassengersOptionsObject,
    booking: 'locked',
  },
  reprice: { endpoint: SERVICE.reprice, booking: 'locked' },
  book: { endpoint: SERVICE.book, schema: BookOptionsSchema, booking: 'locked' },
  retrieve: { endpoint: SERVICE.retrieve, booking: 'named' },
} satisfies Record<keyof BookingSteps, Method>;

/** Each client's steps, by its `Bookings` (module-private: the steps are not part of the class). */
const stepsIn = new WeakMap<Bookings, (parent: Call) => BookingSteps>();

/**
 * `bookings`' methods as steps of the call `parent` (bookFlight's steps, book's reads): each is a
 * call of its own (its span a child of the parent's), with the parent's settings (timeout,
 * signal, headers) under its own options, reporting what it sees to the parent.
 */
export function stepsOf(bookings: Bookings, parent: Call): BookingSteps {
  return stepsIn.get(bookings)!(parent);
}

/** `fareway.bookings`: create, passengers, reprice, book, retrieve, list. */
export class Bookings {
  /** Book's single-flight: one book in flight per booking for this client (so for its API key). */
  readonly #booksInFlight: BooksInFlight = new Map();
  readonly #top: BookingSteps;
  /** @internal The client builds it (`fareway.bookings`). */
  static create(ctx: ClientContext): Bookings {
    return new Bookings(ctx);
  }

  /** Built by the client only (`fareway.bookings`). */
  private constructor(private readonly ctx: ClientContext) {
    this.#top = this.#steps(undefined);
    stepsIn.set(this, (parent) => this.#steps(parent));
  }

  #steps(parent: Call | undefined): BookingSteps {
    const run = <T>(
      method: Method,
      options: unknown,
      booking: BookingRef | undefined,
      body: (call: Call, checked: Checked) => Promise<T>,
      spec?: CallSpec,
    ) => runMethod(this.ctx, method, options, body, { parent, booking, spec });
    return {
      create: (input, options) =>
        run(METHODS.create, options, undefined, (call) => this.#create(input, call)),
      // The list as bookFlight's guard read it (`read`) is not read (parsed) again.
      savePassengers: (booking, passengers, options, read) =>
        run(
          METHODS.savePassengers,
          options,
          booking,
          (call, checked) =>
            this.#savePassengers(booking, checked.id, passengers, options, call, read ?? checked.read),
          { scan: { passengers }, ...(read ? {} : { passengers }) },
        ),
      reprice: (booking, options) =>
        run(METHODS.reprice, options, booking, (call, c) => this.#reprice(c.id, call)),
      book: (booking, options) =>
        run(METHODS.book, options, booking, (call, c) => this.#book(c.id, options, call)),
      retrieve: (booking, options) =>
        run(METHODS.retrieve, options, booking, (call, c) => this.#retrieve(c.id, call)),
    };
  }

  /**
   * Locks the fare and creates a `draft` booking. Accepts a selection (`results.select(out, ret)`)
   * or `{ trace_id, result_indices }`; when the client knows the search, the indices are checked
   * against the spec's scenario table, and an expired search is refused locally.
   * @example
   * const booking = await fareway.bookings.create(results.select(results.outbound[0])); // booking.booking_id
   */
  create(input: CreateBookingInput, options?: RequestOptions): FarewayPromise<CreatedBooking> {
    return this.#top.create(input, options);
  }

  async #create(input: CreateBookingInput, call: Call): Promise<CreatedBooking> {
    // Only the two wire fields are taken, so a selection that went through JSON (and lost its
    // live deadline) is still accepted as `{ trace_id, result_indices }`.
    const raw = input as { trace_id?: unknown; result_indices?: unknown };
    const params = parseInput(
      CreateBookingParamsSchema,
      raw && typeof raw === 'object'
        ? {
            trace_id: raw.trace_id,
            result_indices: Array.isArray(raw.result_indices)
              ? [...(raw.result_indices as unknown[])]
              : raw.result_indices,
          }
        : input,
      'Invalid booking request',
    );
    const live = isSelection(input) ? searchOfSelection(input) : undefined;
    const memory = this.ctx.registry.search(params.trace_id);
    const roles = live?.indexRoles() ?? memory?.roles;
    if (roles) {
      const issues = checkIndices(roles, params.result_indices);
      if (issues.length) throw new RequestValidationError(issues, 'Invalid booking request');
    }
    const traceDeadline = this.ctx.registry.traceDeadline(params.trace_id);
    if (traceDeadline?.isExpired(this.ctx.expiryMarginMs))
      throw FareExpiredError.local('The search', { trace_id: params.trace_id });

    const source = live?.source ?? memory?.source ?? (isSelection(input) ? input.source : undefined);
    const outcome = await sendCreate(this.ctx, params, call);
    const reconciled = outcome.kind === 'adopted';
    const data: CreateBookingResponse | RetrieveBookingResponse =
      outcome.kind === 'made'
        ? outcome.data
        : withPaxCount(outcome.booking, live?.pax_count ?? memory?.pax_count);
    const deadline =
      data.expires_at == null && data.remaining_seconds == null && reconciled
        ? this.ctx.registry.booking(data.booking_id)?.deadline
        : Deadline.fromResponse(data, {
            kind: 'lock',
            ...(source ? { source } : {}),
            ...this.ctx.clock.arrived(outcome.receivedAt),
            expiresAtZone: this.ctx.expiresAtZone,
          });
    this.ctx.registry.updateBooking(data.booking_id, {
      trace_id: data.trace_id ?? params.trace_id,
      source,
      deadline,
      pax_rules: data.pax_rules ?? undefined,
    });
    return withMeta(data, { requestId: outcome.requestId, deadline, reconciled }) as CreatedBooking;
  }

  /**
   * Saves passengers after a local preflight against what the booking knows (pax_rules,
   * passport_required, supplier, pax_count, travel dates). Given only a booking_id, it retrieves
   * the booking first (one GET) and adds what this client remembers (its search's pax_count).
   * Every problem is reported at once in a RequestValidationError, and nothing is sent.
   * @throws RequestValidationError every problem Fareway can know, nothing sent
   * @throws PassengerRejectedError (`passenger_rejected`, a BadRequestError) the service refused
   * the passengers (e.g. a count this process could not know), with `booking_id` and `issues`
   * @example
   * await fareway.bookings.savePassengers(booking, [{ pax_type: 'adult', is_lead: true, title: 'Ms', … }]);
   */
  savePassengers(
    booking: BookingRef,
    passengers: PassengerInput[],
    options?: SavePassengersOptions,
  ): FarewayPromise<SavedPassengers> {
    return this.#top.savePassengers(booking, passengers, options);
  }

  async #savePassengers(
    booking: BookingRef,
    id: string,
    passengers: PassengerInput[],
    options: SavePassengersOptions | undefined,
    call: Call,
    read: PassengerRead | undefined,
  ): Promise<SavedPassengers> {
    const { body, warnings } =
      options?.skipPreflight === true
        ? { body: { passengers: passengers as unknown[] }, warnings: [] }
        : await preflight(this.ctx, id, booking, passengers, read, () => this.#steps(call).retrieve(id));
    const saving = this.ctx.requester.call(SERVICE.savePassengers, { booking_id: id, body }, call);
    const { data, response } = await saving.catch(rejectedPassengers(id));
    const memory = this.ctx.registry.updateBooking(id, {});
    if (data.duplicates_found) {
      this.ctx.logger.warn?.(`possible duplicate bookings found for ${id} (${data.duplicates.length})`, {
        booking_id: id,
        pnrs: data.duplicates.map((d) => d.pnr),
      });
    }
    return withMeta(data, { requestId: response.requestId, deadline: memory.deadline, warnings });
  }

  /**
   * Revalidates the price. `pricing.price_changed` true: the fare moved since create; confirm with
   * the traveller, then book with `expectedFinalFare` (bookFlight: `onPriceChange`). Never hidden by a re-send.
   */
  reprice(booking: BookingRef, options?: RequestOptions): FarewayPromise<RepricedBooking> {
    return this.#top.reprice(booking, options);
  }

  async #reprice(id: string, call: Call): Promise<RepricedBooking> {
    const retrieve = (opts?: RequestOptions) => this.#steps(call).retrieve(id, opts);
    const { data, response } = await sendReprice(this.ctx, id, call, retrieve);
    const memory = this.ctx.registry.updateBooking(
      id,
      lockDeadlineFrom(this.ctx, data, response.receivedAt, id),
    );
    return withMeta(data, { requestId: response.requestId, deadline: memory.deadline });
  }

  /**
   * Books: issues the PNR and debits the wallet. Stateless and never blindly re-sent:
   * - `expectedFinalFare` is verified against the service's current fare (one GET first) in any
   *   process; a mismatch throws PriceChangedError and nothing is booked;
   * - one book in flight per booking: a concurrent `book(id)` joins the running one (across
   *   processes too when `rateLimits.redis` is configured);
   * - an interrupted book (timeout, dropped connection, proxy error, 5xx) is settled by retrieving
   *   the booking: confirmed returns the PNR (`reconciled: true`), `failed` throws
   *   BookingFailedError, and an undecidable outcome throws BookingOutcomeUnknownError.
   * Duplicates and price-change opinions live in `bookFlight`.
   * @example
   * const { pricing } = await fareway.bookings.reprice(booking); // price_changed? ask the traveller first
   * const { pnr } = await fareway.bookings.book(booking, { expectedFinalFare: pricing.final_fare });
   */
  book(booking: BookingRef, options?: BookOptions): FarewayPromise<BookResult> {
    return this.#top.book(booking, options);
  }

  async #book(id: string, options: BookOptions | undefined, call: Call): Promise<BookResult> {
    return bookOnce(this.ctx, this.#booksInFlight, id, options ?? {}, call, (opts) =>
      this.#steps(call).retrieve(id, opts),
    );
  }

  /** Gets a booking (any partner-visible status). */
  retrieve(booking: BookingRef, options?: RequestOptions): FarewayPromise<RetrievedBooking> {
    return this.#top.retrieve(booking, options);
  }

  async #retrieve(id: string, call: Call): Promise<RetrievedBooking> {
    const { data, response } = await this.ctx.requester.call(SERVICE.retrieve, { booking_id: id }, call);
    const memory = this.ctx.registry.updateBooking(id, {
      trace_id: data.trace_id ?? undefined,
      ...lockDeadlineFrom(this.ctx, data, response.receivedAt, id),
    });
    return withMeta(data, { requestId: response.requestId, deadline: memory.deadline });
  }

  /**
   * Lists the partner's bookings, most recent first. Await it for one page, or iterate it with
   * `for await` for every booking of every page. `limit` above 100 is refused locally.
   * @example
   * for await (const b of fareway.bookings.list({ limit: 100 })) console.log(b.id, b.status);
   */
  list(params: ListParams = {}, options?: RequestOptions): PagePromise {
    return listBookings(this.ctx, params, options);
  }
}
