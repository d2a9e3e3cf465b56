/**
 * createSandbox options and their defaults. Every default is stated once, here.
 */
import { hashSeed, hex, mulberry32 } from './random.js';

/** A partner account of the sandbox: an API key, a prepaid wallet and a flat markup. */
export interface PartnerOptions {
  /** @default `sbx_live_` + 32 hex digits derived from the seed and the partner's position */
  apiKey?: string;
  /** @default 'Sandbox Partner <n>' */
  name?: string;
  /** Wallet balance in INR. @default 500000 */
  walletBalance?: number;
  /** Flat markup applied to every amount (spec §2 Pricing). @default 5 */
  markupPercent?: number;
}

/** One rate-limit bucket: at most `limit` requests per API key in any sliding `windowMs`. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** Per-bucket overrides; a missing bucket keeps the spec's limit. */
export interface RateLimitOptions {
  /** @default { limit: 60, windowMs: 60_000 } */
  search?: RateLimitRule;
  /** @default { limit: 30, windowMs: 60_000 } */
  book?: RateLimitRule;
  /** All other authenticated endpoints combined. @default { limit: 120, windowMs: 60_000 } */
  other?: RateLimitRule;
}

/** Options of `createSandbox`. */
export interface SandboxOptions {
  /** Seeds every generated flight, key and code. Same seed + same calls → same data. @default 1 */
  seed?: number;
  /** Outbound options per search (one-way, independent and coupled). Several hundred are fine. @default 24 */
  optionCount?: number;
  /** Return options per coupled outbound, and the size of an independent `inbound[]` list. @default 6 */
  inboundOptionCount?: number;
  /** Partner accounts; the first is the default partner (`sandbox.apiKey`). @default one partner */
  partners?: PartnerOptions[];
  /**
   * Rate limits of `sandbox.handlers`: `true` for the spec's limits, or per-bucket rules.
   * `listen()` has its own switch, on by default.
   * @default false
   */
  rateLimits?: boolean | RateLimitOptions;
  /** Send `Retry-After` (whole seconds) with every 429. @default true */
  retryAfterHeader?: boolean;
  /** Virtual time at creation (epoch ms or Date). @default Date.now() */
  now?: number | Date;
  /** How long create-booking locks fares, 15–30 minutes. @default 15 + (seed-derived 0–15) */
  lockMinutes?: number;
  /**
   * Vary every 2xx answer within the contract, seeded by `seed` and reproducible: absent optional
   * fields, allowed nulls, unknown extra fields, reordered option lists (docs/sandbox.md,
   * "Variations"). Off: every answer carries exactly the documented fields.
   * @default false
   */
  variations?: boolean;
  /**
   * What reprice's `pricing.price_changed` and `previous_total_amount` compare with (and so every
   * answer's pricing afterwards). `'create'` is the contract (spec §4.5: "when the fare moved since
   * create-booking"). `'last-reprice'` mimics a service that compares with the previous reprice
   * (sandbox 1.1 did): a re-sent reprice then answers `price_changed: false` after a move; use it
   * to test that your code never relies on one answer's flag (docs/booking-safety.md).
   * @default 'create'
   */
  priceChangedSince?: 'create' | 'last-reprice';
}

/** Options with every default filled in. */
export interface ResolvedOptions {
  seed: number;
  optionCount: number;
  inboundOptionCount: number;
  partners: Array<Required<PartnerOptions>>;
  rateLimitsEnabled: boolean;
  limits: Required<RateLimitOptions>;
  retryAfterHeader: boolean;
  now: number;
  lockMinutes: number;
  variations: boolean;
  priceChangedSince: 'create' | 'last-reprice';
}

/** The spec's limits (§8). */
const DEFAULT_LIMITS: Required<RateLimitOptions> = {
  search: { limit: 60, windowMs: 60_000 },
  book: { limit: 30, windowMs: 60_000 },
  other: { limit: 120, windowMs: 60_000 },
};

/** Deterministic key for the n-th partner of a seed. */
export function partnerKey(seed: number, n: number): string {
  return `sbx_live_${hex(mulberry32(hashSeed(seed, 'partner', n)), 32)}`;
}

/** Fills in a partner's defaults. */
export function resolvePartner(seed: number, n: number, p: PartnerOptions = {}): Required<PartnerOptions> {
  return {
    apiKey: p.apiKey ?? partnerKey(seed, n),
    name: p.name ?? `Sandbox Partner ${n + 1}`,
    walletBalance: p.walletBalance ?? 500_000,
    markupPercent: p.markupPercent ?? 5,
  };
}

function count(name: string, v: number | undefined, dflt: number, max: number): number {
  const n = v ?? dflt;
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new RangeError(`createSandbox: ${name} must be an integer from 1 to ${max}`);
  return n;
}

/** Validates options and fills in defaults. Throws RangeError on nonsense values. */
export function resolveOptions(o: SandboxOptions = {}): ResolvedOptions {
  const seed = o.seed ?? 1;
  const lockMinutes = o.lockMinutes ?? 15 + (hashSeed(seed, 'lock') % 16);
  if (lockMinutes < 15 || lockMinutes > 30)
    throw new RangeError('createSandbox: lockMinutes must be from 15 to 30');
  if (o.variations !== undefined && typeof o.variations !== 'boolean')
    throw new RangeError('createSandbox: variations must be true or false');
  const since = o.priceChangedSince ?? 'create';
  if (since !== 'create' && since !== 'last-reprice')
    throw new RangeError("createSandbox: priceChangedSince must be 'create' or 'last-reprice'");
  const custom = typeof o.rateLimits === 'object' ? o.rateLimits : {};
  return {
    seed,
    optionCount: count('optionCount', o.optionCount, 24, 1000),
    inboundOptionCount: count('inboundOptionCount', o.inboundOptionCount, 6, 100),
    partners: (o.partners?.length ? o.partners : [{}]).map((p, i) => resolvePartner(seed, i, p)),
    rateLimitsEnabled: o.rateLimits !== undefined && o.rateLimits !== false,
    limits: { ...DEFAULT_LIMITS, ...custom },
    retryAfterHeader: o.retryAfterHeader ?? true,
    now: o.now instanceof Date ? o.now.getTime() : (o.now ?? Date.now()),
    lockMinutes,
    variations: o.variations ?? false,
    priceChangedSince: since,
  };
}
