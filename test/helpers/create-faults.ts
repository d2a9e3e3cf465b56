/**
 * Fetch wrappers that fault create-booking in ways the sandbox's own knobs do not: the service
 * commits and then answers with its error envelope, a create that never answers, a get-booking
 * without `pax_count`, and gates that hold an answer until the test lets it go. Each wraps the
 * global fetch (msw's in unit tests, the real one in child processes), so the sandbox stays the
 * oracle of what was made.
 */

/** The service's own error envelope with `status`. */
export function envelope(
  status: number,
  detail = `Injected ${status} after the service acted (test fetch).`,
): Response {
  return new Response(JSON.stringify({ success: false, errors: [{ detail: [detail] }] }), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': `req_test_${status}` },
  });
}

/** What a wrapper sees of a request. */
export interface Seen {
  method: string;
  path: string;
  /** The per-call `x-test-role` header, if any (set with `create(sel, { headers: { 'x-test-role': 'a' } })`). */
  role: string | undefined;
}

function seen(input: RequestInfo | URL, init?: RequestInit): Seen {
  const request = input instanceof Request ? input : undefined;
  const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
  const url = new URL(request?.url ?? String(input));
  const headers = new Headers(request?.headers ?? init?.headers);
  return { method, path: url.pathname, role: headers.get('x-test-role') ?? undefined };
}

export const isCreate = (s: Seen) => s.method === 'POST' && s.path === '/v1/flights/booking/';
export const isList = (s: Seen) => s.method === 'GET' && s.path === '/v1/bookings/';
export const isRetrieve = (s: Seen) => s.method === 'GET' && /^\/v1\/flights\/booking\/[^/]+\/$/.test(s.path);

/** One rule of a faulty fetch: when `match` says so, `respond` answers instead of the plain fetch. */
export interface Rule {
  match(s: Seen): boolean;
  /** How many requests it applies to. @default 1 */
  times?: number;
  respond(forward: () => Promise<Response>, s: Seen, signal: AbortSignal | undefined): Promise<Response>;
}

/** A fetch that applies `rules` (first match wins, each for its `times`) and forwards the rest. */
export function faultyFetch(...rules: Rule[]): typeof fetch {
  const left = rules.map((r) => r.times ?? 1);
  return async (input, init) => {
    const s = seen(input, init);
    const forward = () => fetch(input, init);
    const i = rules.findIndex((r, n) => left[n]! > 0 && r.match(s));
    if (i < 0) return forward();
    left[i]!--;
    const signal = input instanceof Request ? input.signal : (init?.signal ?? undefined);
    return rules[i]!.respond(forward, s, signal);
  };
}

/** The create reaches the service (it commits), then the answer is replaced by the envelope with `status`. */
export function commitThen(status: number, match: (s: Seen) => boolean = isCreate, times = 1): Rule {
  return {
    match,
    times,
    async respond(forward) {
      await (await forward()).arrayBuffer();
      return envelope(status);
    },
  };
}

/** The create is never sent and never answered: the client's timeout ends it. */
export function hang(match: (s: Seen) => boolean = isCreate): Rule {
  return {
    match,
    respond: (_forward, _s, signal) =>
      new Promise<Response>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      }),
  };
}

/** get-booking answers without `pax_count` (spec §4.7 does not list it). */
export function retrieveWithoutPaxCount(times = Infinity): Rule {
  return {
    match: isRetrieve,
    times,
    async respond(forward) {
      const response = await forward();
      const body = (await response.json()) as Record<string, unknown>;
      delete body.pax_count;
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    },
  };
}

/** A gate a test opens when it wants: `wait` resolves once `open()` was called. */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

/** The request is forwarded (the service acts), but its answer is held until `until` resolves. */
export function holdAnswer(match: (s: Seen) => boolean, until: Promise<void>): Rule {
  return {
    match,
    async respond(forward) {
      const response = await forward();
      await until;
      return response;
    },
  };
}

/** The request is forwarded and answered as usual, and `then` runs once the answer is in. */
export function after(match: (s: Seen) => boolean, then: () => void): Rule {
  return {
    match,
    async respond(forward) {
      const response = await forward();
      then();
      return response;
    },
  };
}

/**
 * The request is forwarded (the service acts), `arrived` runs once the service has answered, and
 * the answer is then held until the caller aborts: the fetch rejects with the signal's reason, as
 * fetch does. An abort after the service acted, whatever the network does.
 */
export function holdUntilAborted(match: (s: Seen) => boolean, arrived: () => void = () => undefined): Rule {
  return {
    match,
    async respond(forward, _s, signal) {
      await (await forward()).arrayBuffer();
      arrived();
      return new Promise<Response>((_resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason as Error);
        signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    },
  };
}
