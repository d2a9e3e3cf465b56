/**
 * The service's vocabulary (spec §2, §3, §4, §8), spelled once for the client and the sandbox:
 * the endpoints' names, the rate-limit buckets and which endpoint draws from which, the booking
 * statuses, the passengers' enumerations and the list parameters' bounds. Names and numbers only,
 * no rules: the sandbox keeps its own rules (it is an independent oracle of the service). No zod
 * here, so the sandbox can use it without pulling zod into its bundle.
 */

/** The nine endpoints, as hooks, logs, retry policy, the limiter and `control.failNext` name them. */
export const ENDPOINTS = [
  'search',
  'fareRules',
  'createBooking',
  'savePassengers',
  'reprice',
  'book',
  'retrieve',
  'list',
  'autocomplete',
] as const;
/** One of the nine endpoints. */
export type Endpoint = (typeof ENDPOINTS)[number];

/** The three rate-limit budgets of spec §8: searches, books, and every other endpoint combined. */
export const BUCKETS = ['search', 'book', 'other'] as const;
/** A rate-limit budget (spec §8). */
export type Bucket = (typeof BUCKETS)[number];

/**
 * The partner budget an endpoint draws from (spec §8). Autocomplete is unauthenticated: it has no
 * per-key budget.
 */
export function bucketOf(endpoint: Endpoint): Bucket | undefined {
  if (endpoint === 'autocomplete') return undefined;
  return endpoint === 'search' || endpoint === 'book' ? endpoint : 'other';
}

/** Booking statuses (spec §3). */
export const BOOKING_STATUSES = [
  'draft',
  'passenger_saved',
  'priced',
  'confirmed',
  'failed',
  'cancelled',
] as const;
/** A booking status (spec §3). A status the service adds later is passed through as it came. */
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A passenger's `title` (spec §2, Passenger). */
export const TITLES = ['Mr', 'Ms', 'Mrs'] as const;
/** A passenger's `gender` (spec §2, Passenger). */
export const GENDERS = ['male', 'female', 'other'] as const;
/** A passenger's `pax_type` (spec §2, Passenger). */
export const PAX_TYPES = ['adult', 'child', 'infant'] as const;

/** `GET /v1/bookings/`'s `limit` (spec §8): 25 when not sent, at most 100. */
export const LIST_LIMIT = { default: 25, max: 100 } as const;
