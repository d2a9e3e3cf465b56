/**
 * Ids in one place (issue 25): every FarewayError has `err.ids` — `{ request_id?, trace_id?,
 * booking_id?, pnr? }`, frozen, `{}` when none — and the older places of the same ids
 * (`requestId`, a class's `booking_id` / `trace_id`, `context.*`) still hold the same values.
 * Table-driven on a sample of every class that knows ids, then provoked through the public API
 * against the sandbox over real HTTP on 127.0.0.1.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  BookingFailedError,
  BookingInProgressError,
  BookingOutcomeUnknownError,
  type BookingStateError,
  ClientClosedError,
  CreateOutcomeUnknownError,
  DuplicateBookingError,
  FareExpiredError,
  Fareway,
  FarewayError,
  NotFoundError,
  PriceChangedError,
  RequestValidationError,
  ResponseValidationError,
  type FarewayIds,
  type FarewayOptions,
} from '../../src/index.js';
import { createSandbox, type ListeningSandbox } from '../../src/sandbox/index.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const B = '0f9e8d7c-6b5a-4c3d-9e2f-1a2b3c4d5e6f';
const T = 'trace-0001';
const R = 'req_abc';

interface Row {
  name: string;
  error: FarewayError;
  ids: FarewayIds;
  /** Old locations: each must equal the id named. */
  old: Array<[unknown, keyof FarewayIds]>;
}

const api = APIError.generate({
  status: 404,
  requestId: R,
  details: ['Booking not found.'],
  context: { booking_id: B },
  endpoint: 'retrieve',
});
const create400 = APIError.generate({ status: 400, requestId: R, context: { trace_id: T } });
const state = APIError.generate({
  status: 400,
  requestId: R,
  details: [`Cannot book booking ${B} in status 'confirmed': it is already confirmed (PNR ABC123).`],
  context: { booking_id: B },
  endpoint: 'book',
}) as BookingStateError;
const local = FareExpiredError.local('The fare lock', { booking_id: B });
const conn = new APIConnectionError('reset', { requestId: R, ids: { booking_id: B } });
const timeout = new APITimeoutError('slow', { ids: { booking_id: B } });
const invalid = new ResponseValidationError([{ path: 'pnr', message: 'missing' }], {
  requestId: R,
  status: 200,
  endpoint: `POST /v1/flights/booking/${B}/book/`,
  ids: { booking_id: B, trace_id: undefined },
});
const unknown = new BookingOutcomeUnknownError(B, { requestId: R, lastStatus: 'priced' });
const inProgress = new BookingInProgressError(B, { requestId: R });
const createUnknown = new CreateOutcomeUnknownError(T, [], { requestId: R });
const failed = new BookingFailedError(B, { booking_id: B, trace_id: T, status: 'failed' }, { requestId: R });
const price = new PriceChangedError('moved', B, 100, 120);
const duplicate = new DuplicateBookingError('dup', B, []);

const ROWS: Row[] = [
  {
    name: 'NotFoundError (a booking endpoint)',
    error: api,
    ids: { request_id: R, booking_id: B },
    old: [
      [api.requestId, 'request_id'],
      [api.context.booking_id, 'booking_id'],
    ],
  },
  {
    name: 'BadRequestError (create: the trace)',
    error: create400,
    ids: { request_id: R, trace_id: T },
    old: [[create400.context.trace_id, 'trace_id']],
  },
  {
    name: 'BookingStateError',
    error: state,
    ids: { request_id: R, booking_id: B, pnr: 'ABC123' },
    old: [
      [state.booking_id, 'booking_id'],
      [state.requestId, 'request_id'],
    ],
  },
  {
    name: 'FareExpiredLocallyError',
    error: local,
    ids: { booking_id: B },
    old: [[local.context.booking_id, 'booking_id']],
  },
  {
    name: 'APIConnectionError of a booking call',
    error: conn,
    ids: { request_id: R, booking_id: B },
    old: [[conn.requestId, 'request_id']],
  },
  { name: 'APITimeoutError of a booking call', error: timeout, ids: { booking_id: B }, old: [] },
  {
    name: 'ResponseValidationError',
    error: invalid,
    ids: { request_id: R, booking_id: B },
    old: [[invalid.requestId, 'request_id']],
  },
  {
    name: 'BookingOutcomeUnknownError',
    error: unknown,
    ids: { request_id: R, booking_id: B },
    old: [
      [unknown.booking_id, 'booking_id'],
      [unknown.requestId, 'request_id'],
    ],
  },
  {
    name: 'BookingInProgressError',
    error: inProgress,
    ids: { request_id: R, booking_id: B },
    old: [[inProgress.booking_id, 'booking_id']],
  },
  {
    name: 'CreateOutcomeUnknownError',
    error: createUnknown,
    ids: { request_id: R, trace_id: T },
    old: [[createUnknown.trace_id, 'trace_id']],
  },
  {
    name: 'BookingFailedError',
    error: failed,
    ids: { request_id: R, booking_id: B, trace_id: T },
    old: [[failed.booking_id, 'booking_id']],
  },
  {
    name: 'PriceChangedError',
    error: price,
    ids: { booking_id: B },
    old: [[price.booking_id, 'booking_id']],
  },
  {
    name: 'DuplicateBookingError',
    error: duplicate,
    ids: { booking_id: B },
    old: [[duplicate.booking_id, 'booking_id']],
  },
  { name: 'ClientClosedError (knows none)', error: new ClientClosedError(), ids: {}, old: [] },
  {
    name: 'RequestValidationError (knows none)',
    error: new RequestValidationError([{ path: 'x', message: 'bad' }]),
    ids: {},
    old: [],
  },
];

describe('err.ids on every class', () => {
  it.each(ROWS)('$name', ({ error, ids, old }) => {
    expect(error).toBeInstanceOf(FarewayError);
    expect(error.ids).toEqual(ids);
    expect(Object.isFrozen(error.ids)).toBe(true);
    for (const [value, key] of old) expect(value).toBe(error.ids[key]);
    expect((JSON.parse(JSON.stringify(error)) as { ids: unknown }).ids).toEqual(ids);
  });

  it('ResponseValidationError names the endpoint it came from', () => {
    expect(invalid.endpoint).toBe(`POST /v1/flights/booking/${B}/book/`);
  });
});

// ---------------------------------------------------------------------------------------------

const sandbox = createSandbox({ seed: 26 });
let served: ListeningSandbox;
const clients: Fareway[] = [];
beforeAll(async () => {
  served = await sandbox.listen({ rateLimits: false });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  sandbox.control.reset();
});
afterAll(async () => {
  await served.close();
});

function client(opts: FarewayOptions = {}): Fareway {
  const c = new Fareway({
    apiKey: served.apiKey,
    baseUrl: served.url,
    logger: null,
    rateLimits: false,
    retryBackoff: { baseDelayMs: 5, maxDelayMs: 20 },
    bookReconcile: { timeoutMs: 200, intervalMs: 20 },
    ...opts,
  });
  clients.push(c);
  return c;
}

async function rejection(promise: PromiseLike<unknown>): Promise<FarewayError> {
  const error = await Promise.resolve(promise).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FarewayError);
  return error as FarewayError;
}

const params = { origin: 'BLR', destination: 'GOI', preferred_departure_time: inDays(30) };

describe('err.ids through the public API', () => {
  it('a 404 of a booking endpoint: the request id from X-Request-Id and the booking id from the path', async () => {
    const error = await rejection(client().bookings.retrieve(B));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.ids).toEqual({ request_id: expect.any(String), booking_id: B });
    expect(error.ids.request_id).toBe(error.requestId);
    expect((error as NotFoundError).context.booking_id).toBe(error.ids.booking_id);
    expect(JSON.stringify(error)).not.toContain(served.apiKey);
  });

  it('a timeout of a reprice, a dropped book settled as unknown, a dropped create: each carries its ids', async () => {
    const fw = client();
    const results = await fw.flights.search(params);
    const booking = await fw.bookings.create(results.select(results.outbound[0]!));
    await fw.bookings.savePassengers(booking, passengersFor(results));

    sandbox.control.failNext('reprice', { delayMs: 2_000 });
    const slow = await rejection(fw.bookings.reprice(booking, { timeout: 50, maxRetries: 0 }));
    expect(slow).toBeInstanceOf(APITimeoutError);
    expect(slow.ids).toEqual({ booking_id: booking.booking_id });

    sandbox.control.failNext('book', { drop: true });
    sandbox.control.failNext('retrieve', { status: 503, body: 'down', times: 100 });
    const unsettled = await rejection(fw.bookings.book(booking));
    expect(unsettled).toBeInstanceOf(BookingOutcomeUnknownError);
    expect(unsettled.ids.booking_id).toBe(booking.booking_id);
    expect((unsettled as BookingOutcomeUnknownError).booking_id).toBe(unsettled.ids.booking_id);
    sandbox.control.reset();

    const again = await fw.flights.search(params);
    sandbox.control.failNext('createBooking', { drop: true });
    sandbox.control.failNext('list', { drop: true, times: 100 });
    const lost = await rejection(fw.bookings.create(again.select(again.outbound[0]!)));
    expect(lost).toBeInstanceOf(CreateOutcomeUnknownError);
    expect(lost.ids).toMatchObject({ trace_id: again.trace_id });
    expect((lost as CreateOutcomeUnknownError).trace_id).toBe(lost.ids.trace_id);
  });
});
