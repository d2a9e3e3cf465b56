/**
 * `fareway/sandbox`: a stateful fake of the Flight Booking Service for tests, examples and local
 * development. One framework-free router runs over real HTTP (`await sandbox.listen()`, Node only),
 * as a plain fetch function (`sandbox.fetch`), and inside MSW (`setupServer(...sandbox.handlers)`,
 * msw loaded only when `handlers` is read), sharing one state.
 * @packageDocumentation
 * @module fareway/sandbox
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createSandbox } from 'fareway/sandbox';
 *
 * const sandbox = createSandbox({ seed: 7 });
 * const server = setupServer(...sandbox.handlers);
 * server.listen({ onUnhandledFrame: 'error' });
 * // new Fareway({ apiKey: sandbox.apiKey, baseUrl: 'https://sandbox.test' }) …
 */
import type { RequestHandler } from 'msw';
import { createControl, type SandboxControl } from './control/control.js';
import { controlRoutes } from './control/control-http.js';
import { buildRoutes, type HandlerContext } from './handlers/index.js';
import { toMswHandlers } from './serve/msw.js';
import { createRouter, droppingFetch, type SandboxFetch } from './serve/router.js';
import { fail } from './rules/bookings.js';
import { resolveOptions, type SandboxOptions } from './state/options.js';
import { InFlight } from './control/in-flight.js';
import { RateLimiter } from './rules/ratelimit.js';
import { serve } from './serve/server.js';
import { SandboxState } from './state/state.js';

export type { SandboxOptions, PartnerOptions, RateLimitOptions, RateLimitRule } from './state/options.js';
export type { SandboxControl, FailNextOptions, BookingSnapshot } from './control/control.js';
export type { InFlightRequest, WaitForRequestOptions } from './control/in-flight.js';
export type { SandboxFetch } from './serve/router.js';
export { createClock, type MovableClock } from './state/clock.js';
export type {
  EndpointName,
  BookingStatus,
  RequestLogEntry,
  BookingRecord,
  DuplicateEntry,
} from './state/state.js';
export type { ItemData } from './state/state.js';
export type { RawPrice, FareMeta, LegData } from './data/generator.js';

/** Options of `sandbox.listen`. */
export interface ListenOptions {
  /** TCP port; 0 picks a free one. @default 0 */
  port?: number;
  /** Interface to bind. @default '127.0.0.1' */
  host?: string;
  /** Enforce the rate limits over HTTP (uses the sandbox's `rateLimits` rules if given). @default true */
  rateLimits?: boolean;
  /**
   * Serve `control` over HTTP too: every method at `POST /__sandbox/control/<method>` with a JSON
   * object of its arguments (docs/sandbox.md). Unauthenticated: keep the host a loopback one.
   * @default false (those paths are a 404)
   */
  control?: boolean;
}

/** A sandbox served over real HTTP. */
export interface ListeningSandbox {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:54321`. */
  url: string;
  /** The default partner's API key. */
  apiKey: string;
  /** Closes the server and destroys open connections. */
  close: () => Promise<void>;
}

/** A stateful fake Flight Booking Service. */
export interface Sandbox {
  /**
   * MSW handlers for every endpoint, matching any origin. Reading this property loads `msw` (an
   * optional peer dependency); nothing else in the sandbox needs it.
   */
  readonly handlers: RequestHandler[];
  /**
   * The fake service as a plain function: a Fetch `Request` in, a `Response` out (`undefined` when
   * no endpoint matches). A dropped connection (`failNext({ drop })`, `commitThenDrop`) rejects as
   * a reset socket does: `TypeError('fetch failed')`, cause code `ECONNRESET`. Framework-free; e.g.
   * `new Fareway({ fetch: … })` or any test runner's mock.
   */
  fetch: SandboxFetch;
  /** The default (first) partner's API key. */
  apiKey: string;
  /** Serves the same state over HTTP on 127.0.0.1. */
  listen: (options?: ListenOptions) => Promise<ListeningSandbox>;
  /** Scenario knobs: time, failures, prices, wallets, expiries, seeded data, request log. */
  control: SandboxControl;
  /**
   * The sandbox's virtual clock, for the client's `clock` option: `new Fareway({ clock:
   * sandbox.clock, … })` reads the time `control.advanceTime` moves, so one move expires a search
   * or a fare lock on both sides (the client refuses before sending). `now()` is epoch ms.
   */
  readonly clock: {
    /** The sandbox's virtual now, epoch milliseconds. */
    now(): number;
  };
}

/**
 * Creates a sandbox. Everything generated (flights, ids, codes, keys) follows `seed`.
 *
 * @example
 * const sandbox = createSandbox({ optionCount: 300, partners: [{ walletBalance: 1_000 }] });
 * const { url, apiKey, close } = await sandbox.listen({ port: 4010 });
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const resolved = resolveOptions(options);
  const state = new SandboxState(resolved);
  const limiter = new RateLimiter(resolved.limits);
  const inFlight = new InFlight();
  let requests = 0;
  const nonce = Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0');
  const context = (rateLimits: boolean): HandlerContext => ({
    state,
    limiter,
    inFlight,
    rateLimits,
    nextRequestId: () => `req_${nonce}${(++requests).toString(16).padStart(8, '0')}`,
    onInjectedBookFailure(id, key, detail) {
      const b = state.bookings.get(id);
      if (b && (key === null || b.partnerKey === key)) fail(state, b, detail);
    },
  });
  const apiKey = resolved.partners[0]?.apiKey as string;
  const routes = buildRoutes(context(resolved.rateLimitsEnabled));
  let handlers: RequestHandler[] | undefined;
  const control = createControl(state, limiter, inFlight);
  return {
    get handlers() {
      return (handlers ??= toMswHandlers(routes));
    },
    fetch: droppingFetch(createRouter(routes)),
    apiKey,
    control,
    clock: { now: () => state.clock.now() },
    async listen(opts = {}) {
      const served = buildRoutes(context(opts.rateLimits ?? true));
      const router = createRouter(opts.control ? [...controlRoutes(control), ...served] : served);
      const server = await serve(router, {
        port: opts.port ?? 0,
        host: opts.host ?? '127.0.0.1',
      });
      return { url: server.url, apiKey, close: server.close };
    },
  };
}
