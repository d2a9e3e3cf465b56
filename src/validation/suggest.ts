/**
 * "Did you mean …?" for unknown keys: the nearest known name by edit distance, or by case alone
 * (`Title` → `title`). Nothing is suggested when no name is close enough to be a likely slip.
 */

/** Levenshtein distance, bounded: returns `max + 1` as soon as it must exceed `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** The known name `key` most likely meant, or undefined. */
export function nearest(key: string, known: readonly string[]): string | undefined {
  if (key.length > 64) return undefined;
  const lower = key.toLowerCase().replace(/[\s-]/g, '_');
  const exact = known.find((k) => k.toLowerCase() === lower);
  if (exact) return exact;
  const max = lower.length <= 4 ? 1 : lower.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = max + 1;
  for (const k of known) {
    const d = distance(lower, k.toLowerCase(), max);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/** The message for an unknown key: `unknown option — did you mean timeout?`. */
export function unknownKeyMessage(key: string, known: readonly string[], what = 'field'): string {
  const hint = nearest(key, known);
  if (hint) return `unknown ${what} — did you mean ${hint}?`;
  return known.length <= 8 ? `unknown ${what} (allowed: ${known.join(', ')})` : `unknown ${what}`;
}

/** Own keys that would rewrite an object's prototype or constructor when copied or merged. */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** The issue message for a prototype key. */
export const PROTOTYPE_KEY_MESSAGE =
  'is a prototype key (e.g. from JSON.parse); it is never sent — remove it';
