import { addMilliseconds } from 'date-fns';
import { parseExpiresAt, type ExpiresAtZone } from '../dates.js';
import { FareExpiredError } from '../errors.js';
import { MAX_TIMER_MS } from '../timer.js';

/** A deadline's clock: monotonic by default; injectable (the client's `clock` option, tests). */
export interface DeadlineClock {
  /** Milliseconds on a monotonic scale (only differences are meaningful). */
  now(): number;
  /** Epoch milliseconds now, when `now()` is not itself the wall clock's scale. @default Date.now() */
  wallNow?(): number;
}

/** The default clock: `performance.now()`, monotonic and unaffected by wall-clock changes. */
const monotonicClock: DeadlineClock = { now: () => performance.now() };

/**
 * What a deadline guards: `trace` (a search's `trace_id`, 15 minutes at most), `offer` (supplier A
 * search offers, about 5–10 minutes; also the fresh window fare rules report), `lock` (fares locked
 * by create-booking, typically 15–30 minutes).
 * @inline
 */
export type DeadlineKind = 'trace' | 'offer' | 'lock';

/** Where the deadline came from, in order of preference. @inline */
export type DeadlineBasis = 'remaining_seconds' | 'expires_at' | 'fallback';

const MINUTE = 60_000;
/** How often `onExpire` re-reads a clock that is not the real one (it may have been moved). */
const MOVED_CLOCK_CHECK_MS = 1000;

/** A search handle never lives longer than this after the search (spec §3, §8). */
const TRACE_MAX_MS = 15 * MINUTE;

/**
 * Documented windows used when a response carries neither `remaining_seconds` nor `expires_at`.
 * Always the conservative end: supplier A offers "about 5 to 10 minutes" → 5; supplier B's flat 15;
 * a lock's "typically 15 to 30 minutes" → 15.
 */
export const FALLBACK_WINDOW_MS = {
  supplier_a: 5 * MINUTE,
  supplier_b: 15 * MINUTE,
  lock: 15 * MINUTE,
} as const;

/** How `Deadline.fromResponse` reads a response. @inline */
export interface DeadlineOptions {
  /** What the deadline guards. */
  kind: DeadlineKind;
  /** The supplier that served the search. @default 'supplier_a' (the spec's default supplier) */
  source?: 'supplier_a' | 'supplier_b' | undefined;
  /** When the response arrived, on `clock`. @default clock.now() */
  receivedAt?: number | undefined;
  /** @default monotonicClock (performance.now()) */
  clock?: DeadlineClock | undefined;
  /** How a zone-less `expires_at` is read. @default 'utc' */
  expiresAtZone?: ExpiresAtZone | undefined;
}

interface DeadlineInit {
  kind: DeadlineKind;
  basis: DeadlineBasis;
  estimated: boolean;
  clock: DeadlineClock;
  at: number; // on `clock`: when the deadline passes
  expiresAt: Date;
}

/**
 * A countdown for something the service holds for a limited time (search offers, a trace, a fare
 * lock). It counts on a monotonic clock from the moment the response arrived, so a wall-clock
 * change (NTP step, manual change, DST) never moves it; `expiresAt` is the wall-clock estimate
 * taken at construction, for display.
 *
 * @example
 * results.deadline.toString();            // "expires in 4 min 12 s"
 * if (results.deadline.isExpired(5_000)) { // search again }
 * const off = results.deadline.onExpire(() => ui.showSearchAgain());
 */
export class Deadline {
  readonly kind: DeadlineKind;
  readonly basis: DeadlineBasis;
  /** True when the service gave no deadline and a documented window was assumed. */
  readonly estimated: boolean;
  /** Wall-clock estimate of the expiry, computed once at construction. */
  readonly expiresAt: Date;
  readonly #clock: DeadlineClock;
  readonly #at: number;

  private constructor(init: DeadlineInit) {
    this.kind = init.kind;
    this.basis = init.basis;
    this.estimated = init.estimated;
    this.expiresAt = init.expiresAt;
    this.#clock = init.clock;
    this.#at = init.at;
  }

  /**
   * The deadline a response reports. Precedence: `remaining_seconds` (counted from `receivedAt`),
   * then `expires_at` (zone-less, read as `expiresAtZone`), then the supplier's documented window
   * (`estimated: true`). A `trace`/`offer` never outlives 15 minutes after `receivedAt`.
   */
  static fromResponse(
    data: { expires_at?: string | null | undefined; remaining_seconds?: number | null | undefined },
    opts: DeadlineOptions,
  ): Deadline {
    const clock = opts.clock ?? monotonicClock;
    const now = clock.now();
    const receivedAt = opts.receivedAt ?? now;
    const wallNow = clock.wallNow?.() ?? Date.now();
    // The wall-clock time at which the response arrived, as best we know it now.
    const wallReceived = wallNow - (now - receivedAt);

    let basis: DeadlineBasis;
    let windowMs: number;
    let expiresAt: Date | undefined;
    const remaining = data.remaining_seconds;
    const useRemaining = typeof remaining === 'number' && Number.isFinite(remaining);
    // expires_at is only read when remaining_seconds is absent (it is the weaker basis, and
    // parsing it costs more than the rest of a small response's handling).
    const parsed =
      !useRemaining && data.expires_at
        ? parseExpiresAt(data.expires_at, opts.expiresAtZone ?? 'utc')
        : undefined;
    if (useRemaining) {
      basis = 'remaining_seconds';
      windowMs = (remaining as number) * 1000;
    } else if (parsed) {
      basis = 'expires_at';
      windowMs = parsed.getTime() - wallReceived;
      expiresAt = parsed;
    } else {
      basis = 'fallback';
      windowMs = fallbackWindowMs(opts.kind, opts.source);
    }
    if (opts.kind !== 'lock' && windowMs > TRACE_MAX_MS) {
      windowMs = TRACE_MAX_MS;
      expiresAt = undefined;
    }
    return new Deadline({
      kind: opts.kind,
      basis,
      estimated: basis === 'fallback',
      clock,
      at: receivedAt + windowMs,
      expiresAt: expiresAt ?? addMilliseconds(new Date(wallReceived), windowMs),
    });
  }

  /** A deadline `ms` from now (or from `receivedAt`). Handy in tests and for the caller's own windows. */
  static in(
    ms: number,
    opts: { kind?: DeadlineKind; clock?: DeadlineClock; receivedAt?: number; estimated?: boolean } = {},
  ): Deadline {
    const clock = opts.clock ?? monotonicClock;
    const now = clock.now();
    const start = opts.receivedAt ?? now;
    return new Deadline({
      kind: opts.kind ?? 'offer',
      basis: opts.estimated ? 'fallback' : 'remaining_seconds',
      estimated: opts.estimated ?? false,
      clock,
      at: start + ms,
      expiresAt: addMilliseconds(new Date((clock.wallNow?.() ?? Date.now()) - (now - start)), ms),
    });
  }

  /** The deadline at a wall-clock instant, counted on `clock` (a selection token's). */
  static until(
    expiresAt: Date,
    like: Pick<Deadline, 'kind' | 'basis' | 'estimated'>,
    clock = monotonicClock,
  ): Deadline {
    const at = clock.now() + (expiresAt.getTime() - (clock.wallNow?.() ?? Date.now()));
    return new Deadline({ ...like, clock, at, expiresAt: new Date(expiresAt.getTime()) });
  }

  /** The one that passes first; `undefined` when none is given. */
  static earliest(...deadlines: (Deadline | undefined)[]): Deadline | undefined {
    let best: Deadline | undefined;
    for (const d of deadlines) if (d && (!best || d.#rawRemaining() < best.#rawRemaining())) best = d;
    return best;
  }

  #rawRemaining(): number {
    return this.#at - this.#clock.now();
  }

  /**
   * Whole milliseconds left on the monotonic clock, rounded down (never more than is really left);
   * 0 once passed.
   */
  remainingMs(): number {
    return Math.max(0, Math.floor(this.#rawRemaining()));
  }

  /** True when less than `marginMs` remains (a request sent now might arrive too late). */
  isExpired(marginMs = 0): boolean {
    return this.#rawRemaining() <= marginMs;
  }

  /** "expires in 4 min 12 s", "expires in 45 s", "expired 12 s ago"; "(estimated)" when assumed. */
  toString(): string {
    const raw = this.#rawRemaining();
    const text =
      raw > 0
        ? `expires in ${formatSpan(Math.ceil(raw / 1000))}`
        : raw > -1000
          ? 'expired'
          : `expired ${formatSpan(Math.floor(-raw / 1000))} ago`;
    return this.estimated ? `${text} (estimated)` : text;
  }

  /** A plain, loggable snapshot (`JSON.stringify(deadline)`): ISO `expiresAt`, `remainingMs` now. */
  toJSON(): {
    expiresAt: string;
    remainingMs: number;
    estimated: boolean;
    basis: DeadlineBasis;
    kind: DeadlineKind;
  } {
    return {
      expiresAt: this.expiresAt.toISOString(),
      remainingMs: this.remainingMs(),
      estimated: this.estimated,
      basis: this.basis,
      kind: this.kind,
    };
  }

  /**
   * Calls `cb` once when the deadline passes (`marginMs` early). Already past: `cb` runs on the
   * next microtask. Returns a function that cancels. The timer is `unref()`ed: it never keeps the
   * process alive. On another clock (the client's `clock` option) a move fires `cb` within a
   * second of real time (re-read every second); `isExpired()` and refusals read it at once.
   */
  onExpire(cb: () => void, opts: { marginMs?: number } = {}): () => void {
    const margin = opts.marginMs ?? 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const fire = (): void => {
      if (done) return;
      done = true;
      cb();
    };
    const arm = (): void => {
      if (done) return;
      const wait = this.#rawRemaining() - margin;
      if (wait <= 0) {
        fire();
        return;
      }
      // Re-check when the timer fires (chained beyond 2^31-1 ms; every second on a movable clock).
      const cap = this.#clock === monotonicClock ? MAX_TIMER_MS : MOVED_CLOCK_CHECK_MS;
      timer = setTimeout(arm, Math.min(Math.ceil(wait), cap));
      timer.unref?.();
    };
    if (this.isExpired(margin)) queueMicrotask(fire);
    else arm();
    return () => {
      done = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }

  /**
   * An AbortSignal that aborts when the deadline passes (`marginMs` early), with a local
   * `FareExpiredError` as its reason. Pass it to anything that should stop at expiry.
   */
  signal(marginMs = 0): AbortSignal {
    if (this.isExpired(marginMs)) return AbortSignal.abort(this.#expiredError());
    const controller = new AbortController();
    this.onExpire(() => controller.abort(this.#expiredError()), { marginMs });
    return controller.signal;
  }

  /** The local refusal for this deadline (`local: true`; nothing was sent). */
  expiredError(context: Record<string, unknown> = {}): ReturnType<typeof FareExpiredError.local> {
    return this.#expiredError(context);
  }

  #expiredError(context: Record<string, unknown> = {}): ReturnType<typeof FareExpiredError.local> {
    return FareExpiredError.local(WHAT[this.kind], { deadline: this.toJSON(), ...context });
  }
}
/** The class keeps its name in minified bundles (see errors.ts). */
Object.defineProperty(Deadline, 'name', { value: 'Deadline' });

const WHAT: Record<DeadlineKind, string> = {
  trace: 'The search (trace_id)',
  offer: 'The search offers',
  lock: 'The fare lock',
};

/** The documented window for a deadline the response did not report. */
function fallbackWindowMs(kind: DeadlineKind, source: 'supplier_a' | 'supplier_b' = 'supplier_a'): number {
  if (kind === 'lock') return FALLBACK_WINDOW_MS.lock;
  return Math.min(FALLBACK_WINDOW_MS[source], TRACE_MAX_MS);
}

function formatSpan(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}
