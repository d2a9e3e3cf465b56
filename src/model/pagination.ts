import { idsOf } from '../errors/base.js';
import type { FarewayIds } from '../errors.js';
import type { BookingListEntry, BookingListResponse } from '../schemas/booking.js';

/** Fetches the page at `offset` with `limit`. */
type PageFetcher = (params: { limit?: number | undefined; offset?: number | undefined }) => Promise<Page>;

/** Reads `limit` and `offset` from a `next`/`previous` URL; only those are trusted from it. */
function pageParams(url: string | null): { limit?: number; offset?: number } | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://placeholder.invalid');
  } catch {
    return undefined;
  }
  const out: { limit?: number; offset?: number } = {};
  const limit = parsed.searchParams.get('limit');
  const offset = parsed.searchParams.get('offset');
  if (limit !== null && /^\d+$/.test(limit)) out.limit = Number(limit);
  if (offset !== null && /^\d+$/.test(offset)) out.offset = Number(offset);
  return out;
}

/**
 * One page of bookings (`count`, `results`, `next`, `previous`), also async-iterable over every
 * booking of this and every following page. Following `next` reuses only its `limit` and
 * `offset`, against the client's own base URL, so the key never goes to another host.
 *
 * @example
 * // Page by page (e.g. a UI's "next" button): `count` is the total, `results` this page's bookings.
 * let page: Page | null = await fareway.bookings.list({ limit: 25 });
 * while (page) {
 *   show(page.results.map((b) => `${b.id} ${b.status}`), page.count);
 *   page = await page.nextPage();
 * }
 */
export class Page implements AsyncIterable<BookingListEntry> {
  readonly count: number;
  readonly results: BookingListEntry[];
  readonly next: string | null;
  readonly previous: string | null;
  readonly #fetch: PageFetcher;
  /** Every id the page knows, as an error's `ids`: `request_id` (the service's X-Request-Id). */
  declare readonly ids: FarewayIds;
  /**
   * The service's X-Request-Id for this page.
   * @deprecated use `ids.request_id` (the spelling errors use too); removed in 2.0.
   */
  declare readonly requestId: string | undefined;
  /** The fetch `Response` of this page (status and headers; its body already read). */
  declare readonly response: Response | undefined;

  /** @internal `bookings.list` builds pages; callers receive them. */
  static create(
    data: BookingListResponse,
    fetcher: PageFetcher,
    requestId?: string,
    response?: Response,
  ): Page {
    return new Page(data, fetcher, requestId, response);
  }

  /** Built by `bookings.list` only; callers receive pages. */
  private constructor(
    data: BookingListResponse,
    fetcher: PageFetcher,
    requestId?: string,
    response?: Response,
  ) {
    // Tolerant: a page without `count` or links still iterates (drift is reported by the reader).
    this.count = data.count ?? data.results.length;
    this.results = data.results;
    this.next = data.next ?? null;
    this.previous = data.previous ?? null;
    this.#fetch = fetcher;
    Object.defineProperty(this, 'requestId', { value: requestId, enumerable: false });
    Object.defineProperty(this, 'ids', { value: idsOf({ request_id: requestId }), enumerable: false });
    Object.defineProperty(this, 'response', { value: response, enumerable: false });
  }

  /** True when `next` names a following page. */
  hasNextPage(): boolean {
    return pageParams(this.next) !== undefined;
  }

  /** The next page, or null at the end. */
  async nextPage(): Promise<Page | null> {
    const params = pageParams(this.next);
    return params ? this.#fetch(params) : null;
  }

  /** The previous page, or null at the start. */
  async previousPage(): Promise<Page | null> {
    const params = pageParams(this.previous);
    return params ? this.#fetch(params) : null;
  }

  /** Every page from this one on. */
  async *pages(): AsyncGenerator<Page> {
    yield this;
    const seen = new Set<string>();
    let page: Page | null = this.next ? await this.nextPage() : null;
    if (this.next) seen.add(this.next);
    while (page) {
      yield page;
      // A service that returned the same `next` twice would loop forever: stop instead.
      if (!page.next || seen.has(page.next)) return;
      seen.add(page.next);
      page = await page.nextPage();
    }
  }

  /** Every booking of this page, then of each following page (fetched one at a time). */
  async *[Symbol.asyncIterator](): AsyncIterator<BookingListEntry> {
    for await (const page of this.pages()) yield* page.results;
  }

  /** The page as the service sent it: `{ count, next, previous, results }`. */
  toJSON() {
    return { count: this.count, next: this.next, previous: this.previous, results: this.results };
  }
}
/** The class keeps its name in minified bundles (see errors.ts). */
Object.defineProperty(Page, 'name', { value: 'Page' });
