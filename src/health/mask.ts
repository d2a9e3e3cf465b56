/** How secrets are shown in check details: never whole. */

/**
 * `fk_live_…abcd`: the key's type prefix (up to an `_` within its first 9 characters) and its last
 * 4 characters; a short key shows less (under 12 characters: nothing).
 */
export function maskKey(key: string): string {
  if (key.length < 12) return '…';
  const cut = key.length >= 16 ? key.lastIndexOf('_', 8) : -1;
  const head = cut > 0 ? key.slice(0, cut + 1) : '';
  return `${head}…${key.slice(-4)}`;
}

/** `redis://user:secret@host:6379/0` → `redis://user:***@host:6379/0` (a URL that does not parse is shown as is). */
export function maskUrlPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password === '') return url;
    parsed.password = '***';
    return parsed.toString().replace(/\/$/, url.endsWith('/') ? '/' : '');
  } catch {
    return url;
  }
}
