/**
 * Request and response headers at the HTTP edge: the one list of the names the SDK or the HTTP
 * stack owns (option-rules.ts refuses them in `defaultHeaders` and a call's `headers`; the
 * transport never lets one through), and the lower-cased plain object the SDK hands back.
 */

/**
 * Headers a caller may not set, in `defaultHeaders` or a call's `headers` alike: the SDK owns
 * them (`authorization`, `content-type`, `content-length`, `accept`, `host`), or the HTTP stack
 * does (hop-by-hop headers undici refuses). Lower case; names are compared in any case.
 */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'content-type',
  'content-length',
  'accept',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'te',
  'trailer',
]);

/** True when `name` (any case) is a reserved header. */
export const isReservedHeader = (name: string): boolean => RESERVED_HEADERS.has(name.toLowerCase());

/** Copies `from` into `into`, dropping the reserved names (any case). */
export function addHeaders(into: Record<string, string>, from: Record<string, string> | undefined): void {
  if (!from) return;
  for (const name of Object.keys(from)) {
    if (!isReservedHeader(name)) into[name] = from[name] as string;
  }
}

/** Lower-cased response headers as a plain object. */
export function headersOf(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key.toLowerCase()] = value;
  });
  return out;
}
