import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/index.js';
import { BASE, client, envelope, mockService } from '../helpers/mock-service.js';

const svc = mockService();
const path = `${BASE}/v1/airports/autocomplete/`;
const answer = { results: [{ code: 'BOM', city: 'Mumbai', name: 'Chhatrapati Shivaji Maharaj International' }] };

describe('airports.autocomplete', () => {
  it('answers fewer than 2 characters with an empty result and no request', async () => {
    const fareway = client();
    expect(await fareway.airports.autocomplete('')).toEqual({ results: [] });
    expect(await fareway.airports.autocomplete(' b ')).toEqual({ results: [] });
    expect(svc.calls).toHaveLength(0);
  });

  it('caches answers, whatever the case or surrounding spaces', async () => {
    svc.use(http.get(path, () => HttpResponse.json(answer)));
    const fareway = client();
    expect(await fareway.airports.autocomplete('mum')).toEqual(answer);
    expect(await fareway.airports.autocomplete(' MUM')).toEqual(answer);
    expect(svc.calls).toHaveLength(1);
  });

  it('expires the cache after autocompleteCacheMs', async () => {
    svc.use(http.get(path, () => HttpResponse.json(answer)));
    const fareway = client({ autocompleteCacheMs: 10 });
    await fareway.airports.autocomplete('mum');
    await new Promise((r) => setTimeout(r, 30));
    await fareway.airports.autocomplete('mum');
    expect(svc.calls).toHaveLength(2);
  });

  it('shares one request between identical queries in flight', async () => {
    svc.use(
      http.get(path, async () => {
        await delay(50);
        return HttpResponse.json(answer);
      }),
    );
    const fareway = client();
    const all = await Promise.all([fareway.airports.autocomplete('mu'), fareway.airports.autocomplete('MU'), fareway.airports.autocomplete('mu ')]);
    expect(all).toEqual([answer, answer, answer]);
    expect(svc.calls).toHaveLength(1);
  });

  it('does not cache failures', async () => {
    svc.use(http.get(path, () => HttpResponse.json(answer)));
    svc.use(http.get(path, () => HttpResponse.json(envelope('airport data unreachable'), { status: 502 }), { once: true }));
    const fareway = client();
    await expect(fareway.airports.autocomplete('mum')).rejects.toBeInstanceOf(UpstreamError);
    expect(await fareway.airports.autocomplete('mum')).toEqual(answer);
  });
});
