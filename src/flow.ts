import type { ClientContext } from './core/state/context.js';
import { checkFlowCall } from './resources/check-call.js';
import { closed, flag, fn } from './core/options/rules.js';
import { DEFAULTS, RequestOptionsSchema, type RequestOptions } from './core/options/options.js';
import { DuplicateBookingError, FareExpiredError, PriceChangedError } from './errors.js';
import { isSelection } from './model/search-results.js';
import type { BookResult } from './resources/book/book.js';
import type {
  CreateBookingInput,
  CreatedBooking,
  RepricedBooking,
  SavedPassengers,
} from './resources/bookings.js';
import type { DuplicateEntry } from './schemas/booking.js';
import type { PassengerInput } from './schemas/passenger.js';
import { stepsOf, type Bookings } from './resources/bookings.js';
import type { Call } from './core/call/call.js';
import { z } from './schemas/zod.js';

/** What `onPriceChange` is told. Return true to book at the new fare. */
export interface PriceChange {
  booking_id: string;
  previous: number | undefined;
  current: number;
  repriced: RepricedBooking;
}

/** What `onDuplicates` is told. Return true to book anyway. */
export interface DuplicatesFound {
  booking_id: string;
  duplicates: DuplicateEntry[];
  saved: SavedPassengers;
}

const BookFlightParamsObject = closed(
  {
    /** `results.select(outbound, inbound?)`, or `{ trace_id, result_indices }`. */
    selection: z.custom<CreateBookingInput>((v) => v !== null && typeof v === 'object', {
      error: 'is required: results.select(...) or { trace_id, result_indices }',
    }),
    /** The travellers (their shape is checked before the booking is created). */
    passengers: z.custom<PassengerInput[]>(),
    /** Reprice before booking (recommended: it is what detects a moved fare). @default true */
    reprice: z._default(flag(), DEFAULTS.bookFlightReprice),
    /**
     * Decides on a fare that moved at reprice: return true to book at `current`.
     * @default refuse with PriceChangedError
     */
    onPriceChange: z.optional(fn<(change: PriceChange) => boolean | Promise<boolean>>()),
    /**
     * Decides on possible duplicates (supplier_b): return true to book anyway.
     * @default the client's `duplicates` policy
     */
    onDuplicates: z.optional(fn<(found: DuplicatesFound) => boolean | Promise<boolean>>()),
    /** Options for every step (signal, timeout, maxRetries, headers). */
    requestOptions: z.optional(RequestOptionsSchema),
  },
  { what: 'parameter', error: 'must be an object { selection, passengers, ... }' },
);
/** Parameters of `fareway.bookFlight`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the named type of the schema
export interface BookFlightParams extends z.input<typeof BookFlightParamsObject> {}

/** The confirmed booking and every step's result, for logging. */
export interface BookFlightResult {
  booking: BookResult;
  steps: {
    created: CreatedBooking;
    passengers: SavedPassengers;
    repriced: RepricedBooking | undefined;
    booked: BookResult;
  };
}

/**
 * create → passengers → reprice → book, with the guards: a deadline check between steps, a price
 * change that nobody accepted never books, duplicates never go unnoticed.
 */
/** The guided flow runs on the client's bookings resource (not the client: no client ↔ flow import cycle). */
export async function bookFlight(
  fareway: { readonly bookings: Bookings },
  ctx: ClientContext,
  params: BookFlightParams,
  /** The bookFlight call: each step is a call inside it (core/call/call.ts). */
  call: Call,
): Promise<BookFlightResult> {
  const { params: checked, passengers: read } = checkFlowCall(ctx, params, BookFlightParamsObject);
  const { selection, passengers: list, reprice, onPriceChange, onDuplicates, requestOptions } = checked;
  // Each step is a call of its own inside this one, with `requestOptions` as its options.
  const steps = stepsOf(fareway.bookings, call);
  const options: RequestOptions = { ...requestOptions };
  if (isSelection(selection) && selection.deadline.isExpired(ctx.expiryMarginMs))
    throw FareExpiredError.local('The search', { trace_id: selection.trace_id });

  const created = await steps.create(selection, options);
  const id = created.booking_id;
  const passengers = await steps.savePassengers(created, list, options, read);

  // Duplicates: the callback decides, else the client's policy. Decided here, where the answer
  // of save-passengers is in hand: `bookings.book` itself holds no memory of it.
  if (passengers.duplicates_found) {
    const proceed = onDuplicates
      ? await onDuplicates({ booking_id: id, duplicates: passengers.duplicates, saved: passengers })
      : ctx.duplicates === 'allow';
    if (!proceed)
      throw new DuplicateBookingError(
        `Booking ${id}: save-passengers reported ${passengers.duplicates.length} possible duplicate booking(s)` +
          `${onDuplicates ? ' refused by onDuplicates' : ' (duplicates policy "refuse")'}; nothing was booked. ` +
          'Check them, then pass onDuplicates (or set duplicates: "allow")',
        id,
        passengers.duplicates,
      );
    ctx.logger.warn?.(
      `booking ${id} proceeds despite ${passengers.duplicates.length} possible duplicate(s)`,
      { booking_id: id },
    );
  }

  // The fare the traveller agreed to: the one at create, or a moved one accepted by onPriceChange.
  let agreedFare = created.pricing?.final_fare;
  let repriced: RepricedBooking | undefined;
  if (reprice) {
    repriced = await steps.reprice(id, options);
    const current = repriced.pricing.final_fare;
    const previous = repriced.pricing.previous_total_amount ?? agreedFare;
    const moved =
      repriced.pricing.price_changed === true ||
      (agreedFare !== undefined && Math.round(agreedFare * 100) !== Math.round(current * 100));
    if (moved) {
      const change: PriceChange = { booking_id: id, previous: previous ?? undefined, current, repriced };
      const accepted = onPriceChange ? await onPriceChange(change) : false;
      if (!accepted)
        throw new PriceChangedError(
          `Booking ${id}: the fare changed from ${change.previous} to ${change.current} and was not accepted; nothing was booked`,
          id,
          change.previous,
          change.current,
        );
    }
    agreedFare = current;
  }

  // Book only at the agreed fare, verified against the service (stateless guard of book).
  const booked = await steps.book(id, {
    ...options,
    ...(agreedFare !== undefined ? { expectedFinalFare: agreedFare } : {}),
  });
  return { booking: booked, steps: { created, passengers, repriced, booked } };
}
