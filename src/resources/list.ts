import type { ClientContext } from '../core/state/context.js';
import { parseInput } from '../core/state/context.js';
import { checkCall } from './check-call.js';
import { FarewayPromise, type Call } from '../core/call/call.js';
import type { RequestOptions } from '../core/options/options.js';
import { Page } from '../model/pagination.js';
import { SERVICE } from '../schemas/endpoints.js';
import { ListParamsSchema, type BookingListEntry, type ListParams } from '../schemas/booking.js';

/**
 * What `bookings.list()` returns: a {@link FarewayPromise} of the first page that is also
 * async-iterable over every booking, so both `await list()` and `for await (const b of list())`
 * work. Nothing is sent until it is awaited, iterated or asked for its response.
 */
export class PagePromise extends FarewayPromise<Page> implements AsyncIterable<BookingListEntry> {
  /** `for await` over every booking of this and every following page. */
  async *[Symbol.asyncIterator](): AsyncIterator<BookingListEntry> {
    const page = await this;
    yield* page;
  }
}
/** The class keeps its name in minified bundles (see errors.ts). */
Object.defineProperty(PagePromise, 'name', { value: 'PagePromise' });

/**
 * `bookings.list`: every page is one call (its own span, the caller's options); a closed client
 * sends no later page either. Bad input or a closed client reject the returned promise.
 */
export function listBookings(ctx: ClientContext, params: ListParams, options?: RequestOptions): PagePromise {
  const page = (call: Call, p: { limit?: number | undefined; offset?: number | undefined }) =>
    fetchPage(ctx, call, p, options);
  return ctx.requester.lazyOperation(lazyPage, SERVICE.list, options, (call) => {
    checkCall(ctx, options);
    return page(call, parseInput(ListParamsSchema, params, 'Invalid list request'));
  });
}

/** A list sends nothing until it is awaited, iterated or asked for its response. */
const lazyPage = (call: Call, run: () => Promise<Page>) =>
  PagePromise.create<Page, PagePromise>(call, run, true);

async function fetchPage(
  ctx: ClientContext,
  call: Call,
  p: { limit?: number | undefined; offset?: number | undefined },
  options: RequestOptions | undefined,
): Promise<Page> {
  const { data, response } = await ctx.requester.call(
    SERVICE.list,
    { query: { limit: p.limit, offset: p.offset } },
    call,
  );
  const next = (q: { limit?: number | undefined; offset?: number | undefined }): Promise<Page> =>
    ctx.requester.operation(SERVICE.list, options, (c) => {
      checkCall(ctx, options);
      return fetchPage(ctx, c, q, options);
    });
  return Page.create(data, next, response.requestId, response.response);
}
