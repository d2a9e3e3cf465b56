import { subscribe } from 'node:diagnostics_channel';

/**
 * Wire timestamps from undici's diagnostics channels (Node's global `fetch` publishes them):
 * `undici:client:sendHeaders` when a request's headers were written to the socket and
 * `undici:request:headers` when its answer's headers arrived. The limiter counts a request from
 * these moments rather than from when the SDK decided to send.
 *
 * Attribution: each watched attempt carries a marker header (`x-fareway-attempt: <id>`), found
 * with one `indexOf` in the header block undici reports. The undici request object seen then is
 * remembered, so the answer's channel message is matched by identity. Nothing is subscribed until
 * the first watched attempt, and an attempt that is not watched pays nothing.
 */

/** The header that lets a channel message be attributed to one attempt. */
export const MARKER_HEADER = 'x-fareway-attempt';
const NEEDLE = `${MARKER_HEADER}: `;

/** Callbacks of one attempt. */
export interface WireWatch {
  onSent?: ((at: number) => void) | undefined;
  onAnswered?: ((at: number) => void) | undefined;
  /** True once the headers were reported written. */
  sent: boolean;
  answered: boolean;
}

const byMarker = new Map<string, WireWatch>();
const byRequest = new WeakMap<object, WireWatch>();
let subscribed = false;
let counter = 0;
// Distinguishes this module instance from another copy of the SDK in the same process (ESM + CJS).
const prefix = Math.random().toString(36).slice(2, 8);

function headerBlock(headers: unknown): string | undefined {
  if (typeof headers === 'string') return headers;
  if (Array.isArray(headers)) return headers.map(String).join('\r\n') + '\r\n';
  return undefined;
}

function onSendHeaders(message: unknown): void {
  const { request, headers } = message as { request?: object; headers?: unknown };
  const block = headerBlock(headers);
  if (block === undefined) return;
  const at = block.indexOf(NEEDLE);
  if (at < 0) return;
  const start = at + NEEDLE.length;
  const end = block.indexOf('\r', start);
  const watch = byMarker.get(block.slice(start, end < 0 ? undefined : end).trim());
  if (watch === undefined || watch.sent) return;
  watch.sent = true;
  if (request) byRequest.set(request, watch);
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
  subscribe('undici:client:sendHeaders', onSendHeaders);
  subscribe('undici:request:headers', onResponseHeaders);
}

/** Reports the answer once (from the channel, or from `fetch` resolving when no channel did). */
export function answered(watch: WireWatch, at: number): void {
  if (watch.answered) return;
  watch.answered = true;
  watch.onAnswered?.(at);
}

/**
 * Starts watching one attempt: returns the marker value to send and the watch. Call `unwatch`
 * when the attempt settles.
 */
export function watch(onSent: WireWatch['onSent'], onAnswered: WireWatch['onAnswered']): { marker: string; watch: WireWatch } {
  ensureSubscribed();
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const marker = `${prefix}${counter.toString(36)}`;
  const w: WireWatch = { onSent, onAnswered, sent: false, answered: false };
  byMarker.set(marker, w);
  return { marker, watch: w };
}

/** Stops watching an attempt. */
export function unwatch(marker: string): void {
  byMarker.delete(marker);
}
