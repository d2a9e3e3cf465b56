import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ClientClosedError, RequestValidationError, UpstreamError } from '../../src/index.js';
import { BASE, client, envelope, mockService } from '../helpers/mock-service.js';

const svc = mockService();
const path = `${BASE}/v1/airports/autocomplete/`;
const answer = {
  results: [{ code: 'BOM', city: 'Mumbai', name: 'Chhatrapati Shivaji Maharaj International' }],
};

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
    const all = await Promise.all([
      fareway.airports.autocomplete('mu'),
      fareway.airports.autocomplete('MU'),
      fareway.airports.autocomplete('mu '),
    ]);
    expect(all).toEqual([answer, answer, answer]);
    expect(svc.calls).toHaveLength(1);
  });

  it('does not cache failures', async () => {
    svc.use(http.get(path, () => HttpResponse.json(answer)));
    svc.use(
      http.get(path, () => HttpResponse.json(envelope('airport data unreachable'), { status: 502 }), {
        once: true,
      }),
    );
    const fareway = client();
    await expect(fareway.airports.autocomplete('mum')).rejects.toBeInstanceOf(UpstreamError);
    expect(await fareway.airports.autocomplete('mum')).toEqual(answer);
  });

  it('rejects a pre-aborted signal at once and sends nothing, even with the same query in flight', async () => {
    svc.use(
      http.get(path, async () => {
        await delay(30);
        return HttpResponse.json(envelope('airport data unreachable'), { status: 502 });
      }),
    );
    const fareway = client();
    const first = fareway.airports.autocomplete('de');
    const reason = new Error('gone');
    await expect(fareway.airports.autocomplete('de', { signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason,
    );
    await expect(first).rejects.toBeInstanceOf(UpstreamError);
    expect(svc.calls).toHaveLength(1);
    // Alone, it sends nothing either (it used to send, fail unhandled and end the process).
    await expect(fareway.airports.autocomplete('del', { signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason,
    );
    expect(svc.calls).toHaveLength(1);
  });

  it('an abort detaches only that caller; the others still get the shared answer', async () => {
    svc.use(
      http.get(path, async () => {
        await delay(40);
        return HttpResponse.json(answer);
      }),
    );
    const fareway = client();
    const controller = new AbortController();
    const leaving = fareway.airports.autocomplete('mum', { signal: controller.signal });
    const staying = fareway.airports.autocomplete('mum');
    controller.abort(new Error('user typed on'));
    await expect(leaving).rejects.toThrow('user typed on');
    expect(await staying).toEqual(answer);
    expect(svc.calls).toHaveLength(1);
  });

  it('a shared request that fails after its only caller left leaves no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const count = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', count);
    try {
      svc.use(
        http.get(path, async () => {
          await delay(30);
          return HttpResponse.json(envelope('airport data unreachable'), { status: 502 });
        }),
      );
      const fareway = client();
      const controller = new AbortController();
      const call = fareway.airports.autocomplete('de', { signal: controller.signal });
      controller.abort(new Error('left'));
      await expect(call).rejects.toThrow('left');
      await delay(80); // the shared request fails meanwhile
      await new Promise((resolve) => setImmediate(resolve));
      expect(svc.calls).toHaveLength(1);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', count);
    }
  });

  it('after close(), cache hits reject with ClientClosedError too', async () => {
    svc.use(http.get(path, () => HttpResponse.json(answer)));
    const fareway = client();
    await fareway.airports.autocomplete('mum');
    await fareway.close();
    await expect(fareway.airports.autocomplete('mum')).rejects.toBeInstanceOf(ClientClosedError);
    await expect(fareway.airports.autocomplete('m')).rejects.toBeInstanceOf(ClientClosedError);
    expect(svc.calls).toHaveLength(1);
  });

  it('refuses a query longer than 100 characters without a request', async () => {
    await expect(client().airports.autocomplete('d'.repeat(101))).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(svc.calls).toHaveLength(0);
  });
});
