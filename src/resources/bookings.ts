import type { ClientContext } from '../core/context.js';
import { checkBookingId, parseInput, withMeta } from '../core/context.js';
import { closed, flag } from '../core/option-rules.js';
import { REQUEST_OPTIONS_SHAPE, type RequestOptions } from '../core/options.js';
import type { FarewayPromise } from '../core/operation.js';
import { checkCall } from '../core/call-options.js';
import { FareExpiredError, RequestValidationError } from '../errors.js';
import { Deadline } from '../model/deadline.js';
import { Page, PagePromise } from '../model/pagination.js';
import { checkIndices } from '../model/index-roles.js';
import { isSelection, searchOfSelection, type Selection } from '../model/search-results.js';
import { SERVICE } from '../schemas/endpoints.js';
import {
  CreateBookingParamsSchema,
  ListParamsSchema,
  type Booking,
  type CreateBookingResponse,
  type ListParams,
  type RepriceResponse,
  type RetrieveBookingResponse,
  type SavePassengersResponse,
} from '../schemas/booking.js';
import type { PassengerInput } from '../schemas/passenger.js';
import { passengerContextFromBooking, validatePassengers } from '../validation/passengers.js';
import { z } from '../schemas/zod.js';
import {
  book as bookOnce,
  BookOptionsSchema,
  type BookingMeta,
  type BookOptions,
  type BookResult,
} from './book.js';
import { sendCreate, withPaxCount } from './create.js';

export type { BookingMeta } from './book.js';
/**
 * A created booking. `reconciled: false`: the service's create answer, with every field spec §4.3
 * lists. `reconciled: true`: the create was interrupted and its own booking was found by listing
 * and read with get-booking (spec §4.7), which does not carry `pax_count`, `pax_rules` or the
 * lock countdown: `pax_count` is filled from the search when this client knows it (or from the
 * answer, when the service sends it) and is absent otherwise.
 */
export type CreatedBooking =
  | (CreateBookingResponse & BookingMeta & { readonly reconciled: false })
  | (RetrieveBookingResponse & BookingMeta & { readonly reconciled: true });
export type SavedPassengers = SavePassengersResponse & BookingMeta & { readonly warnings: string[] };
export type RepricedBooking = RepriceResponse & BookingMeta;
export type RetrievedBooking = RetrieveBookingResponse & BookingMeta;

/** A booking object (any response that has `booking_id`) or the id itself. */
export type BookingRef = string | { booking_id: string };

/** `create` input: a selection from `results.select(...)`, or raw trace id and indices. */
export type CreateBookingInput = Selection | { trace_id: string; result_indices: readonly string[] };

const SavePassengersOptionsObject = closed({
  ...REQUEST_OPTIONS_SHAPE,
  /**
   * Skip the local preflight (the service still validates). For emergencies only.
   * @default false
   */
  skipPreflight: z.optional(flag()),
});
/** Options of `savePassengers`: every call's options, and the preflight switch. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the named type of the schema
export interface SavePassengersOptions extends z.input<typeof SavePassengersOptionsObject> {}

/** `fareway.bookings`: create, passengers, reprice, book, retrieve, list. */
export class Bookings {
  constructor(private readonly ctx: ClientContext) {}

  /**
   * Locks the fare and creates a `draft` booking. Accepts a selection (`results.select(out, ret)`)
   * or `{ trace_id, result_indices }`; when the client knows the search, the indices are checked
   * against the spec's scenario table, and an expired search is refused locally.
   */
  create(input: CreateBookingInput, options?: RequestOptions): FarewayPromise<CreatedBooking> {
    return this.ctx.requester.operation(SERVICE.createBooking, options, (o) => this.#create(input, o));
  }

  async #create(input: CreateBookingInput, options: RequestOptions): Promise<CreatedBooking> {
    checkCall(this.ctx, options);
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
    const outcome = await sendCreate(this.ctx, params, options);
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
            receivedAt: outcome.receivedAt,
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
   * passport_required, supplier, pax_count, travel dates). Given only a booking_id the client
   * has not seen, it retrieves the booking first (one GET). Every problem is reported at once in
   * a RequestValidationError, and nothing is sent.
   */
  savePassengers(
    booking: BookingRef,
    passengers: PassengerInput[],
    options?: SavePassengersOptions,
  ): FarewayPromise<SavedPassengers> {
    return this.ctx.requester.operation(SERVICE.savePassengers, options, (o) =>
      this.#savePassengers(booking, passengers, o),
    );
  }

  async #savePassengers(
    booking: BookingRef,
    passengers: PassengerInput[],
    options: SavePassengersOptions,
  ): Promise<SavedPassengers> {
    checkCall(this.ctx, options, { schema: SavePassengersOptionsObject, scan: { passengers }, passengers });
    const id = checkBookingId(typeof booking === 'string' ? booking : booking?.booking_id);
    this.#refuseIfLockExpired(id);
    let body: { passengers: unknown[] };
    let warnings: string[] = [];
    const { skipPreflight, ...requestOptions } = options;
    if (skipPreflight) {
      body = { passengers };
    } else {
      const memory = this.ctx.registry.booking(id);
      let known: Partial<Booking> | undefined =
        typeof booking === 'object' && 'itinerary_items' in booking
          ? (booking as Partial<Booking>)
          : undefined;
      if (!known) known = await this.retrieve(id, requestOptions);
      const context = passengerContextFromBooking(
        {
          ...known,
          ...(memory?.pax_rules && !known.pax_rules ? { pax_rules: memory.pax_rules } : {}),
        } as Partial<Booking>,
        memory?.source,
      );
      const result = validatePassengers(passengers, context);
      if (result.issues.length) throw new RequestValidationError(result.issues, 'Invalid passengers');
      warnings = result.warnings;
      for (const warning of warnings) this.ctx.logger.warn?.(warning, { booking_id: id });
      body = { passengers: result.passengers };
    }
    const { data, response } = await this.ctx.requester.call(
      SERVICE.savePassengers,
      { booking_id: id, body },
      requestOptions,
    );
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
   * Revalidates the price. When `pricing.price_changed` is true the fare moved: confirm with the
   * traveller, then book with `expectedFinalFare: repriced.pricing.final_fare` (the guided flow
   * `bookFlight` does this with `onPriceChange`).
   */
  reprice(booking: BookingRef, options?: RequestOptions): FarewayPromise<RepricedBooking> {
    return this.ctx.requester.operation(SERVICE.reprice, options, (o) => this.#reprice(booking, o));
  }

  async #reprice(booking: BookingRef, options: RequestOptions): Promise<RepricedBooking> {
    checkCall(this.ctx, options);
    const id = checkBookingId(typeof booking === 'string' ? booking : booking?.booking_id);
    this.#refuseIfLockExpired(id);
    const { data, response } = await this.ctx.requester.call(SERVICE.reprice, { booking_id: id }, options);
    const memory = this.ctx.registry.updateBooking(id, this.#deadlineFrom(data, response.receivedAt, id));
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
   */
  book(booking: BookingRef, options?: BookOptions): FarewayPromise<BookResult> {
    return this.ctx.requester.operation(SERVICE.book, options, (o) => this.#book(booking, o));
  }

  async #book(booking: BookingRef, options: BookOptions): Promise<BookResult> {
    checkCall(this.ctx, options, { schema: BookOptionsSchema });
    const id = checkBookingId(typeof booking === 'string' ? booking : booking?.booking_id);
    this.#refuseIfLockExpired(id);
    return bookOnce(this.ctx, this.ctx.baseUrl, id, options, (bid, opts) => this.retrieve(bid, opts));
  }

  /** Gets a booking (any partner-visible status). */
  retrieve(booking: BookingRef, options?: RequestOptions): FarewayPromise<RetrievedBooking> {
    return this.ctx.requester.operation(SERVICE.retrieve, options, (o) => this.#retrieve(booking, o));
  }

  async #retrieve(booking: BookingRef, options: RequestOptions): Promise<RetrievedBooking> {
    checkCall(this.ctx, options);
    const id = checkBookingId(typeof booking === 'string' ? booking : booking?.booking_id);
    const { data, response } = await this.ctx.requester.call(SERVICE.retrieve, { booking_id: id }, options);
    const memory = this.ctx.registry.updateBooking(id, {
      trace_id: data.trace_id ?? undefined,
      ...this.#deadlineFrom(data, response.receivedAt, id),
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
    // Every page is one call (its own span); a closed client sends no later page either.
    const fetchPage = (p: { limit?: number | undefined; offset?: number | undefined }): Promise<Page> =>
      this.ctx.requester.operation(SERVICE.list, options, async (o) => {
        checkCall(this.ctx, o);
        const { data, response } = await this.ctx.requester.call(
          SERVICE.list,
          { query: { limit: p.limit, offset: p.offset } },
          o,
        );
        return new Page(data, fetchPage, response.requestId, response.response);
      });
    // Bad input or a closed client reject the returned promise (list itself never throws).
    return PagePromise.from(async () =>
      fetchPage(parseInput(ListParamsSchema, params, 'Invalid list request')),
    );
  }

  #deadlineFrom(
    data: {
      expires_at?: string | null | undefined;
      remaining_seconds?: number | null | undefined;
      status?: string;
    },
    receivedAt: number,
    id: string,
  ) {
    if (data.expires_at == null && data.remaining_seconds == null) return {};
    const source = this.ctx.registry.booking(id)?.source;
    return {
      deadline: Deadline.fromResponse(data, {
        kind: 'lock',
        ...(source ? { source } : {}),
        receivedAt,
        expiresAtZone: this.ctx.expiresAtZone,
      }),
    };
  }

  #refuseIfLockExpired(id: string) {
    const deadline = this.ctx.registry.booking(id)?.deadline;
    if (deadline?.isExpired(this.ctx.expiryMarginMs))
      throw FareExpiredError.local('The fare lock of this booking', { booking_id: id });
  }
}
