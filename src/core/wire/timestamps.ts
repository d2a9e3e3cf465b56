import { subscribe } from 'node:diagnostics_channel';

/**
 * Wire timestamps from undici's diagnostics channels (Node's global `fetch` publishes them):
 * `undici:client:sendHeaders` when a request's headers were written to the socket and
 * `undici:request:headers` when its answer's headers arrived. The limiter counts a request from
 * these moments rather than from when the SDK decided to send.
 *
 * Attribution stays on the client side: nothing is added to the request. ky builds a `Request`
 * and calls the fetch it was given; the transport makes that call inside `attribute`. `fetch()`
 * builds its undici request synchronously inside the call, also from a `Request` (with ky's retry
 * off nothing is cloned first; `undici:request:create` is published before `fetch` returns), so
 * the attempt being sent at that moment owns the request object the channel reports; later
 * messages about that object are matched by identity (a WeakMap). Nothing is subscribed until the
 * first watched attempt, and an attempt that is not watched pays nothing. A fetch that creates its
 * request later (a custom `fetch` that awaits first) is simply not attributed: its answer time is
 * then taken when `fetch` resolves.
 */

/** Callbacks of one attempt. */
export interface WireWatch {
  onSent?: ((at: number) => void) | undefined;
  onAnswered?: ((at: number) => void) | undefined;
  /** True once the headers were reported written. */
  sent: boolean;
  answered: boolean;
}

const byRequest = new WeakMap<object, WireWatch>();
let subscribed = false;
/** The watched attempt whose `fetch` call is running right now (synchronously), if any. */
let current: WireWatch | undefined;

function onCreate(message: unknown): void {
  const { request } = message as { request?: object };
  if (current === undefined || request === undefined) return;
  byRequest.set(request, current);
  current = undefined; // one attempt, one undici request
}

function onSendHeaders(message: unknown): void {
  const { request } = message as { request?: object };
  const watch = request ? byRequest.get(request) : undefined;
  if (watch === undefined || watch.sent) return;
  watch.sent = true;
  watch.onSent?.(performance.now());
}

function onResponseHeaders(message: unknown): void {
  const { request } = message as { request?: object };
  const watch = request ? byRequest.get(request) : undefined;
  if (watch === undefined) return;
  answered(watch, performance.now());
}

function ensureSubscribed(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe('undici:request:create', onCreate);
  subscribe('undici:client:sendHeaders', onSendHeaders);
  subscribe('undici:request:headers', onResponseHeaders);
}

/** Reports the answer once (from the channel, or from `fetch` resolving when no channel did). */
export function answered(watch: WireWatch, at: number): void {
  if (watch.answered) return;
  watch.answered = true;
  watch.onAnswered?.(at);
}

/** Starts watching one attempt. Call `unwatch` when the attempt settles. */
export function watch(onSent: WireWatch['onSent'], onAnswered: WireWatch['onAnswered']): WireWatch {
  ensureSubscribed();
  return { onSent, onAnswered, sent: false, answered: false };
}

/** Calls `send` (a `fetch(...)` call) with the undici request it creates attributed to `watch`. */
export function attribute<T>(watch: WireWatch, send: () => T): T {
  current = watch;
  try {
    return send();
  } finally {
    current = undefined;
  }
}

/** Stops watching an attempt: a late channel message about its request reports nothing. */
export function unwatch(watch: WireWatch): void {
  watch.onSent = undefined;
  watch.onAnswered = undefined;
}
