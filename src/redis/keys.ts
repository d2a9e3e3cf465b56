/** The Redis keys of one API key's shared budgets (prefix: `keyPrefix(apiKey)`, connection.ts). A leaf. */

/** The sorted set of one budget's sliding-window log: `<prefix>:<bucket>`. */
export function budgetKey(prefix: string, bucket: string): string {
  return `${prefix}:${bucket}`;
}

/** The key of one budget's shared pause (after a 429): `<prefix>:<bucket>:pause`. */
export function pauseKey(prefix: string, bucket: string): string {
  return `${budgetKey(prefix, bucket)}:pause`;
}
