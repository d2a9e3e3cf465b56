import { RequestValidationError, toIssues } from '../../errors.js';
import type { z } from '../../schemas/zod.js';
import type { Hooks, Logger } from '../options/options.js';
import type { Registry } from './registry.js';
import type { Requester } from '../call/requester.js';
import type { Limiter } from '../limiter/limiter.js';
import type { ClientClock } from '../options/clock.js';
import { PLAIN_ID } from '../../schemas/plain/fields.js';

/** What every resource shares: the pipeline, the client's memory and resolved options. */
export interface ClientContext {
  requester: Requester;
  registry: Registry;
  limiter: Limiter;
  /** The service's base URL. */
  baseUrl: string;
  /** The client's per-attempt timeout, ms. */
  timeout: number;
  /** The client's `maxRetries` (a call's own option wins). */
  maxRetries: number;
  logger: Logger;
  hooks: Hooks;
  expiryMarginMs: number;
  /** The time local expiry decisions read (the `clock` option). */
  clock: ClientClock;
  expiresAtZone: 'utc' | 'local';
  /** The guided flow's policy for reported duplicates. */
  duplicates: 'allow' | 'refuse';
  bookReconcile: { timeoutMs: number; intervalMs: number };
  /** What an interrupted create may adopt without a shared store (`createAdoption`). */
  createAdoption: 'this-client' | 'shared-store';
  /** `bookLockUnavailable`: book without the shared lock while Redis is away, or refuse. */
  bookLockUnavailable: 'proceed' | 'refuse';
  autocompleteCacheMs: number;
  autocompleteCacheSize: number;
}

/** Parses caller input; bad input throws RequestValidationError naming every field. Nothing is sent. */
export function parseInput<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  what: string,
  prefix = '',
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new RequestValidationError(toIssues(parsed.error.issues, prefix), what);
  return parsed.data;
}

/** Attaches non-enumerable metadata so JSON of the result stays the wire data. */
export function withMeta<T extends object, M extends Record<string, unknown>>(
  data: T,
  meta: M,
): T & Readonly<M> {
  for (const [key, value] of Object.entries(meta)) {
    Object.defineProperty(data, key, { value, enumerable: false, configurable: true, writable: false });
  }
  return data as T & Readonly<M>;
}

/** A booking_id in a URL path must be a plain id: no slashes, no traversal. */
export function checkBookingId(id: unknown, path = 'booking_id'): string {
  if (typeof id !== 'string' || !PLAIN_ID.test(id)) {
    throw new RequestValidationError(
      [{ path, message: 'must be a booking_id string (letters, digits, - and _)' }],
      'Invalid booking',
    );
  }
  return id;
}
