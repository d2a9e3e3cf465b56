/**
 * Outcomes a book or create could not settle, or settled as failed, after reading the service.
 */
import { FarewayError, keepClassNames, type FarewayIds } from './base.js';

/**
 * A book whose outcome could not be established: the request may or may not have committed.
 * Do not book again; retrieve `booking_id` later or contact support with it.
 */
export class BookingOutcomeUnknownError extends FarewayError {
  static override readonly code = 'booking_outcome_unknown';
  declare readonly code: 'booking_outcome_unknown';
  override name = 'BookingOutcomeUnknownError';
  constructor(
    /** @deprecated use `err.ids.booking_id`; kept until 2.0 */
    readonly booking_id: string,
    options: {
      cause?: unknown;
      /** The booking's status the last time it was read. */
      booking_status?: string | undefined;
      /** @deprecated use `booking_status`; removed in 2.0 */
      lastStatus?: string | undefined;
      requestId?: string | undefined;
      /** Other ids known (the booking's `trace_id`). */
      ids?: FarewayIds | undefined;
    },
  ) {
    const status = options.booking_status ?? options.lastStatus;
    super(
      `The outcome of book for booking ${booking_id} is unknown${status ? ` (last seen status: ${status})` : ''}. ` +
        'Do not book again: retrieve the booking later, or contact support with the booking_id.',
      { cause: options.cause, ids: { ...options.ids, booking_id, request_id: options.requestId } },
    );
    this.requestId = options.requestId;
    this.booking_status = status;
    this.lastStatus = status;
  }
  /**
   * The booking's status the last time it was read (e.g. `priced`), if it was read — the
   * spelling `BookingStateError.booking_status` uses.
   */
  readonly booking_status: string | undefined;
  /**
   * The booking's status the last time it was read.
   * @deprecated use `booking_status` (one spelling with `BookingStateError`); removed in 2.0
   */
  readonly lastStatus: string | undefined;
}

/**
 * Book was not sent: another process (same API key, sharing `rateLimits.redis`) kept booking this
 * booking for longer than this call would wait, and the booking was still not confirmed when
 * this call gave up. Nothing was sent by this call and no money moved because of it: retrieve the
 * booking, and book again if it is still bookable.
 */
export class BookingInProgressError extends FarewayError {
  static override readonly code = 'booking_in_progress';
  declare readonly code: 'booking_in_progress';
  override name = 'BookingInProgressError';
  constructor(
    /** @deprecated use `err.ids.booking_id`; kept until 2.0 */
    readonly booking_id: string,
    options: {
      /** The booking's status the last time this call read it. */
      booking_status?: string | undefined;
      /** @deprecated use `booking_status`; removed in 2.0 */
      lastStatus?: string | undefined;
      requestId?: string | undefined;
    } = {},
  ) {
    const status = options.booking_status ?? options.lastStatus;
    super(
      `Book of booking ${booking_id} was not sent: another process held its book lock each time this call ` +
        `tried${status ? ` (last seen status: ${status})` : ''}. Nothing was sent by this ` +
        'call; retrieve the booking and book again if it is still bookable.',
      { ids: { booking_id, request_id: options.requestId } },
    );
    this.requestId = options.requestId;
    this.booking_status = status;
    this.lastStatus = status;
  }
  /**
   * The booking's status the last time this call read it, if it did — the spelling
   * `BookingStateError.booking_status` uses.
   */
  readonly booking_status: string | undefined;
  /**
   * The booking's status the last time this call read it.
   * @deprecated use `booking_status` (one spelling with `BookingStateError`); removed in 2.0
   */
  readonly lastStatus: string | undefined;
}

/**
 * Book was not sent: `rateLimits.redis` is set but Redis could not be reached to take the
 * booking's shared book lock, and the client's `bookLockUnavailable` is `'refuse'`. Nothing was
 * sent and no money moved: book again once Redis is back (or choose `'proceed'`, which books
 * with the per-client guarantee only).
 */
export class BookLockUnavailableError extends FarewayError {
  static override readonly code = 'book_lock_unavailable';
  declare readonly code: 'book_lock_unavailable';
  override name = 'BookLockUnavailableError';
  constructor(booking_id: string) {
    super(
      `Book of booking ${booking_id} was not sent: the shared book lock could not be taken (Redis ` +
        "unavailable) and bookLockUnavailable is 'refuse'. Nothing was sent; book again once Redis is back.",
      { ids: { booking_id } },
    );
  }
}

/**
 * A create-booking whose outcome could not be established (a timeout, a dropped connection or a
 * proxy error, and listing the newest bookings did not settle it). A booking (and a fare lock)
 * may exist for `trace_id`: look for it (`bookings.list`) before creating again.
 */
export class CreateOutcomeUnknownError extends FarewayError {
  static override readonly code = 'create_outcome_unknown';
  declare readonly code: 'create_outcome_unknown';
  override name = 'CreateOutcomeUnknownError';
  constructor(
    /** @deprecated use `err.ids.trace_id`; kept until 2.0 */
    readonly trace_id: string,
    /** Bookings made from this trace during the call, when more than one could be it. */
    readonly candidates: string[],
    options: { cause?: unknown; requestId?: string | undefined } = {},
  ) {
    super(
      `The outcome of create-booking for trace_id ${trace_id} is unknown: a booking may exist` +
        (candidates.length ? ` (candidates: ${candidates.join(', ')})` : '') +
        '. List bookings for this trace_id before creating again.',
      { cause: options.cause, ids: { trace_id, request_id: options.requestId } },
    );
    this.requestId = options.requestId;
    this.details = [this.message];
  }
}

/** Book ended with the booking `failed` (established by retrieving it). Create a fresh booking to retry. */
export class BookingFailedError extends FarewayError {
  static override readonly code = 'booking_failed';
  declare readonly code: 'booking_failed';
  override name = 'BookingFailedError';
  constructor(
    /** @deprecated use `err.ids.booking_id`; kept until 2.0 */
    readonly booking_id: string,
    /** The booking as retrieved, for context (its `trace_id` is in `ids`). */
    readonly booking: unknown,
    options: { cause?: unknown; requestId?: string | undefined },
  ) {
    super(`Booking ${booking_id} failed upstream; create a fresh booking to try again`, {
      cause: options.cause,
      ids: {
        trace_id: (booking as { trace_id?: unknown } | null)?.trace_id,
        booking_id,
        request_id: options.requestId,
      },
    });
    this.requestId = options.requestId;
    this.details = [this.message];
  }
}

keepClassNames({
  BookingOutcomeUnknownError,
  BookingInProgressError,
  BookLockUnavailableError,
  CreateOutcomeUnknownError,
  BookingFailedError,
});
