/**
 * `fareway`: the partner-side SDK of the Flight Booking Service — the client (`new Fareway(…)`), its
 * resources (`fareway.flights`, `.bookings`, `.airports`), the guided `bookFlight`, the errors and types.
 * @packageDocumentation
 * @module fareway
 */
export { Fareway, type FarewayOptions } from './client.js';
export type {
  ClientOptions,
  RequestOptions,
  Logger,
  LogLevel,
  Hooks,
  Endpoint,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  RateLimitedEvent,
  ReconcileEvent,
  ReconcileOptions,
  MemoryOptions,
  ContractDriftEvent,
  FetchLike,
} from './core/options/options.js';
export type { RateLimitOptions, RateLimitSpec, RateLimitSetting, Bucket } from './core/options/options.js';
export * from './errors.js';
export { Deadline } from './model/deadline.js';
// The resource classes behind `fareway.bookings`, `.flights` and `.airports`, so the API reference
// has a page for each method and `x instanceof Bookings` holds. Values, not `export type`: the
// declaration rollup drops the `type`, and a class declared but absent at run time would be a
// phantom export (test/package/built.test.ts). Callers never construct them (`@internal`).
import { Bookings } from './resources/bookings.js';
import { Flights } from './resources/flights.js';
import { Airports } from './resources/airports.js';
export { Bookings, Flights, Airports };
// No keepNames in the build (tsup.config.ts): each exported class says its own name, like Deadline.
for (const [cls, name] of [
  [Bookings, 'Bookings'],
  [Flights, 'Flights'],
  [Airports, 'Airports'],
] as const)
  Object.defineProperty(cls, 'name', { value: name });
export type { DeadlineClock } from './model/deadline.js';
export type { FarewayClock } from './core/options/clock.js';
export type { RoundTripStyle } from './model/selection.js';
export { SearchResults, isSelection, type Selection } from './model/search-results.js';
export type { SortKey, FilterCriteria } from './model/option-helpers.js';
export { Page } from './model/pagination.js';
export { PagePromise } from './resources/list.js';
export { FarewayPromise } from './core/call/call.js';
export type { TracerProviderLike } from './core/observe/events.js';
export type { FareRules } from './resources/flights.js';
export type {
  BookingRef,
  BookingMeta,
  CreateBookingInput,
  CreatedBooking,
  SavedPassengers,
  SavePassengersOptions,
  RepricedBooking,
  RetrievedBooking,
} from './resources/bookings.js';
export type { BookOptions, BookResult } from './resources/book/book.js';
export type { BookFlightParams, BookFlightResult, PriceChange, DuplicatesFound } from './flow.js';
export type { PassengerContext, PassengerValidationResult } from './validation/passengers.js';
export { validatePassengers, passengerContextFromBooking } from './validation/passengers.js';
export {
  searchInputSchema,
  passengersInputSchema,
  passengersInputSchemaFor,
} from './validation/input-schemas.js';
// Named type exports only: `export type *` made the .d.ts declare the schemas' values too
// (BOOKING_STATUSES, PricingSchema, …), which do not exist at run time.
export type {
  PaxCount,
  RawPricing,
  Pricing,
  Segment,
  SegmentAirline,
  SegmentOrigin,
  SegmentDestination,
  Place,
  InboundOption,
  FlightOption,
  BookingStatus,
  Source,
} from './schemas/common.js';
export type { Airport, AutocompleteResponse } from './schemas/airport.js';
export type {
  SearchParams,
  SearchResponse,
  FareRule,
  FareRulesParams,
  FareRulesResponse,
  CabinClass,
  JourneyType,
} from './schemas/search.js';
export type {
  Booking,
  BookingListEntry,
  BookingListResponse,
  BookResponse,
  CreateBookingResponse,
  DuplicateEntry,
  ItineraryItem,
  Leg,
  ListParams,
  PaxRule,
  PaxRuleGroup,
  PaxRules,
  ItineraryBooking,
  RepriceResponse,
  RetrieveBookingResponse,
  SavePassengersResponse,
} from './schemas/booking.js';
export type { PassengerInput, Passenger, SsrItem, SsrSeatItem, PaxType } from './schemas/passenger.js';
export { VERSION } from './version.js';
