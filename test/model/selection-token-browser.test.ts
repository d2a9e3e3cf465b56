/**
 * Selection tokens fit for a browser (issue 31, item 5): a token carries no pricing internals
 * (`markup_percent`, the pre-markup `raw` amounts), readable by anyone who inflates it; an
 * oversized string is refused before any work (no base64 decoding, no MAC, no inflate); and a
 * token is bound to the API key and base URL it was made for, even when clients share a
 * `selectionTokenSecret`.
 */
import { inflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Fareway, SelectionTokenError, type SearchParams, type Selection } from '../../src/index.js';
import { inDays, SANDBOX_URL, useSandbox } from '../helpers/sandbox.js';

const env = useSandbox({ seed: 31 });
afterEach(() => {
  vi.restoreAllMocks();
});

const SCENARIOS: [string, SearchParams][] = [
  ['one-way', { origin: 'BLR', destination: 'GOI', preferred_departure_time: inDays(30), adult_count: 1 }],
  [
    'coupled',
    {
      origin: 'DEL',
      destination: 'DXB',
      preferred_departure_time: inDays(20),
      preferred_return_departure_time: inDays(27),
      adult_count: 2,
      source: 'supplier_b',
    },
  ],
  [
    'independent',
    {
      origin: 'DEL',
      destination: 'BOM',
      preferred_departure_time: inDays(20),
      preferred_return_departure_time: inDays(27),
      adult_count: 1,
      source: 'supplier_b',
    },
  ],
];

/** The token's payload as anyone can read it: base64url, format byte and MAC off, inflate-raw. */
function readable(token: string): string {
  const bytes = Buffer.from(token, 'base64url');
  return inflateRawSync(bytes.subarray(1, bytes.length - 32)).toString('utf8');
}

/** Every number in a JSON value. */
function numbers(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) numbers(v, out);
  return out;
}

async function choice(params: SearchParams, fareway: Fareway = env.client()) {
  const results = await fareway.flights.search(params);
  const out = results.outbound[0]!;
  const selection = results.isRoundTrip
    ? results.select(out, results.returnsFor(out)[0]!)
    : results.select(out);
  return { fareway, selection, token: await fareway.flights.selectionToken(selection) };
}

describe('no pricing internals in a token', () => {
  it.each(SCENARIOS)(
    '%s: no markup_percent, no raw, no pre-markup amount; the fare survives',
    async (_n, params) => {
      const { selection, token } = await choice(params);
      const options = [selection.outbound, ...(selection.inbound ? [selection.inbound] : [])];
      // The search did carry them (so the test can fail): the sandbox's partner has a 5% markup.
      for (const o of options)
        expect(o.pricing).toMatchObject({ markup_percent: 5, raw: expect.any(Object) });
      const billed = new Set(options.flatMap((o) => numbers({ ...o.pricing, raw: undefined })));
      const preMarkup = options
        .flatMap((o) => numbers(o.pricing.raw))
        .filter((n) => n !== 0 && !billed.has(n));
      expect(preMarkup.length).toBeGreaterThan(0);

      const text = readable(token);
      expect(text).not.toMatch(/markup|"raw"/);
      const carried = new Set(numbers(JSON.parse(text)));
      expect(preMarkup.filter((n) => carried.has(n))).toEqual([]);

      const rebuilt = await env.client().flights.selectionFromToken(token);
      expect(rebuilt.pricing.final_fare).toBe(selection.pricing.final_fare);
      expect(rebuilt.pricing).not.toHaveProperty('markup_percent');
      expect(rebuilt.pricing).not.toHaveProperty('raw');
    },
  );
});

describe('input bounded before any work', () => {
  it('a 4 MiB token is a SelectionTokenError without decoding, verifying or inflating it', async () => {
    const atob = vi.spyOn(globalThis, 'atob');
    const verify = vi.spyOn(globalThis.crypto.subtle, 'verify');
    const inflate = vi.spyOn(globalThis, 'DecompressionStream');
    const huge = 'A'.repeat(4 * 1024 * 1024);
    const error = await env
      .client()
      .flights.selectionFromToken(huge)
      .then(
        () => expect.unreachable('refused'),
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(SelectionTokenError);
    expect(error).toMatchObject({ code: 'invalid_selection_token', problem: 'malformed' });
    expect(atob).not.toHaveBeenCalled();
    expect(verify).not.toHaveBeenCalled();
    expect(inflate).not.toHaveBeenCalled();
    expect(env.control.requests()).toHaveLength(0);
  });

  it('a real token is far below the bound, and still reads', async () => {
    const { token, selection } = await choice(SCENARIOS[1]![1]);
    expect(token.length).toBeLessThan(2048);
    await expect(env.client().flights.selectionFromToken(token)).resolves.toMatchObject({
      result_indices: selection.result_indices,
    });
  });
});

describe('bound to the API key and base URL, even with a shared selectionTokenSecret', () => {
  const secret = 's'.repeat(40);
  const other = (opts: { apiKey?: string; baseUrl?: string }) =>
    new Fareway({
      apiKey: opts.apiKey ?? env.sandbox.apiKey,
      baseUrl: opts.baseUrl ?? SANDBOX_URL,
      selectionTokenSecret: secret,
      logger: null,
      rateLimits: false,
    });

  it("partner B's client refuses partner A's token; another environment's client too", async () => {
    const keyB = env.control.addPartner();
    const { token } = await choice(SCENARIOS[0]![1], env.client({ selectionTokenSecret: secret }));
    const clients = [
      other({ apiKey: keyB }),
      other({ baseUrl: 'https://production.fareway.test' }),
      other({}),
    ];
    try {
      for (const c of clients.slice(0, 2))
        await expect(c.flights.selectionFromToken(token)).rejects.toMatchObject({
          code: 'invalid_selection_token',
          problem: 'signature',
        });
      // The same key, URL and secret read it (another instance of partner A).
      const same: Selection = await clients[2]!.flights.selectionFromToken(token);
      expect(same.trace_id).toMatch(/\w/);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});
