/**
 * Deterministic randomness. The sandbox must give the same flights for the same seed and search,
 * so nothing here touches Math.random or crypto.
 */

/** A seeded generator of floats in [0, 1). */
export type Rng = () => number;

/** Hashes strings and numbers into a 32-bit seed (cyrb53 folded to 32 bits). */
export function hashSeed(...parts: Array<string | number>): number {
  const str = parts.join('|');
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** mulberry32: tiny, fast and good enough for fake data. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator seeded from any mix of strings and numbers. */
export function rngFor(...parts: Array<string | number>): Rng {
  return mulberry32(hashSeed(...parts));
}

/** Integer in [min, max] inclusive. */
export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** One element of a non-empty array. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T;
}

const HEX = '0123456789abcdef';

/** `n` lowercase hex digits. */
export function hex(rng: Rng, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += HEX[Math.floor(rng() * 16)];
  return out;
}

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `n` upper-case letters and digits (no look-alikes such as 0/O, 1/I). */
export function code(rng: Rng, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += ALNUM[Math.floor(rng() * ALNUM.length)];
  return out;
}

/** A UUID v4-shaped string drawn from `rng` (deterministic, unlike crypto.randomUUID). */
export function uuid(rng: Rng): string {
  const h = hex(rng, 32).split('');
  h[12] = '4';
  h[16] = '89ab'[Math.floor(rng() * 4)] as string;
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
