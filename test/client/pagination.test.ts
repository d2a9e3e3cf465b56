import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Page, RequestValidationError } from '../../src/index.js';
import { listEntry } from '../fixtures/wire.js';
import { BASE, client, mockService } from '../helpers/mock-service.js';

const svc = mockService();

/** A service with `total` bookings that paginates like spec §4.8. */
function paginated(total: number) {
  svc.use(
    http.get(`${BASE}/v1/bookings/`, ({ request }) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
        listEntry(offset + i),
      );
      const link = (o: number) => `https://elsewhere.example/v1/bookings/?limit=${limit}&offset=${o}`;
      return HttpResponse.json({
        count: total,
        next: offset + limit < total ? link(offset + limit) : null,
        previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
        results,
      });
    }),
  );
}

describe('bookings.list', () => {
  it('iterates every booking of every page, following next', async () => {
    paginated(7);
    const ids: string[] = [];
    for await (const booking of client().bookings.list({ limit: 3 })) ids.push(booking.id);
    expect(ids).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => listEntry(i).id));
    expect(svc.calls.map((c) => c.url.search)).toEqual([
      '?limit=3',
      '?limit=3&offset=3',
      '?limit=3&offset=6',
    ]);
    // next pointed at another host: only its limit and offset were used, with our base URL
    expect(svc.calls.every((c) => c.url.origin === BASE)).toBe(true);
  });

  it('returns a page with count, results, next and previous', async () => {
    paginated(7);
    const page = await client().bookings.list({ limit: 3, offset: 3 });
    expect(page).toBeInstanceOf(Page);
    expect(page.count).toBe(7);
    expect(page.results).toHaveLength(3);
    expect(page.next).toContain('offset=6');
    expect(page.previous).toContain('offset=0');
    const next = await page.nextPage();
    expect(next?.results.map((b) => b.id)).toEqual([listEntry(6).id]);
    expect(await next?.nextPage()).toBeNull();
    const prev = await page.previousPage();
    expect(prev?.results[0]!.id).toBe(listEntry(0).id);
  });

  it('a page is itself async-iterable from that page on', async () => {
    paginated(5);
    const page = await client().bookings.list({ limit: 2, offset: 2 });
    const ids: string[] = [];
    for await (const b of page) ids.push(b.id);
    expect(ids).toEqual([2, 3, 4].map((i) => listEntry(i).id));
  });

  it('refuses limit above 100 locally: the returned promise rejects, list itself never throws', async () => {
    await expect(client().bookings.list({ limit: 101 })).rejects.toThrow(RequestValidationError);
    await expect(client().bookings.list({ limit: 101 })).rejects.toThrow(/limit: must be at most 100/);
    await expect(client().bookings.list({ offset: -1 })).rejects.toThrow(/offset/);
    expect(svc.calls).toHaveLength(0);
  });
});
