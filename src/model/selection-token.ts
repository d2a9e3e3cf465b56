/**
 * Selection tokens: a Selection as a compact, signed, opaque string that another client instance
 * (another process, another machine, after a restart) turns back into a working Selection.
 *
 * Layout (base64url): one format byte, the payload (JSON, deflate-raw), then HMAC-SHA256 of both
 * (32 bytes). The HMAC key is derived with HKDF from the client's secret (its API key unless
 * `selectionTokenSecret` is set) and bound to the client's API key and base URL (HKDF `info`), so
 * a token made for one partner or environment fails the MAC on another even when they share a
 * secret: the token holds neither the key nor anything derived from it but the MAC. Web Crypto and
 * CompressionStream only, so it runs on Node, Bun, Deno and workerd.
 *
 * A token is made to be handed to a browser: the payload is readable by anyone (deflate is not
 * encryption), so it carries nothing the partner keeps private. An option's pricing keeps only the
 * billed amounts (`currency`, `base_fare`, `service_fee`, `tax_and_surcharge`, `published_fare`,
 * `final_fare`): never `markup_percent`, the pre-markup `raw` amounts or an unknown pricing field.
 * Input is bounded before any work: a string longer than MAX_TOKEN_LENGTH is refused before it
 * is decoded, verified or inflated.
 *
 * What the payload carries is what the round-trip rules need: the trace, the deadline as a
 * wall-clock instant, the supplier, the style, the passenger counts and the two options (their
 * identifying, priced and flown fields; names of places, seat counts and fields the SDK does not
 * know are left out). `result_indices` and `pricing` are not carried: they are derived again by
 * `makeSelection`, so a token can only ever produce what `select` would have produced.
 */
import { SelectionTokenError } from '../errors.js';
import { FlightOptionSchema, InboundOptionSchema, wholeCount } from '../schemas/common.js';
import type { FlightOption, PaxCount, Source } from '../schemas/common.js';
import { SOURCES } from '../schemas/common.js';
import { z } from '../schemas/zod.js';
import { Deadline, type DeadlineClock } from './deadline.js';
import { checkIndices, IndexSet, type IndexRoles } from './index-roles.js';
import { failSelection } from './option-index.js';
import { makeSelection, type AnyOption, type Selection } from './selection.js';

/**
 * The token format. A token of another format is refused (`problem: 'version'`). 2 since 1.2:
 * billed amounts only, bound to the API key and base URL (1.1's format 1 carried whole pricing).
 */
const FORMAT = 2;
/**
 * The longest token read, in characters: refused before any decoding, MAC or inflate. Tokens
 * measure 0.7-1.0k characters (docs/selections.md); 8 KiB leaves room for long multi-segment
 * trips, and a 4 MiB string costs a length comparison.
 */
export const MAX_TOKEN_LENGTH = 8192;
const MAC_BYTES = 32;
const text = new TextEncoder();

/** The search a selection belongs to, as far as a token needs it. */
export interface TokenOrigin {
  roles: IndexRoles;
  source: Source;
  pax_count: PaxCount;
}

const PayloadSchema = z.object({
  /** trace_id */
  t: z.string(),
  /** The deadline: wall-clock expiry (ms since the epoch), kind, basis, estimated. */
  e: z.number(),
  k: z.enum(['trace', 'offer', 'lock']),
  b: z.enum(['remaining_seconds', 'expires_at', 'fallback']),
  x: z.boolean(),
  s: z.enum(SOURCES),
  /** round_trip_style; null for one-way. */
  y: z.nullable(z.enum(['coupled', 'independent'])),
  /** pax_count: adult, child, infant. */
  p: z.array(wholeCount),
  o: FlightOptionSchema,
  i: z.optional(InboundOptionSchema),
});
type Payload = z.output<typeof PayloadSchema>;

/** The fields of an option a token keeps (everything `select` and a booking page need). */
const OPTION_KEYS = 'result_index is_refundable stop_count fare_name fare_class'.split(' ');
/** The billed (post-markup) amounts of a pricing object: all a token carries of it. */
const PRICING_KEYS = 'currency base_fare service_fee tax_and_surcharge published_fare final_fare'.split(' ');
const SEGMENT_KEYS =
  'cabin_class duration_minutes ground_time_minutes baggage_allowance cabin_baggage_allowance'.split(' ');
const AIRLINE_KEYS = 'code flight_number fare_class'.split(' ');
const PLACE_KEYS = 'airport_code terminal departure_time arrival_time'.split(' ');

function pick(from: object, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = (from as Record<string, unknown>)[key];
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

function trim(option: AnyOption): Record<string, unknown> {
  return {
    ...pick(option, OPTION_KEYS),
    pricing: pick(option.pricing, PRICING_KEYS),
    segments: option.segments.map((s) => ({
      ...pick(s, SEGMENT_KEYS),
      airline: pick(s.airline, AIRLINE_KEYS),
      origin: pick(s.origin, PLACE_KEYS),
      destination: pick(s.destination, PLACE_KEYS),
    })),
  };
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(token: string): Uint8Array | undefined {
  if (!/^[\w-]+$/.test(token)) return undefined;
  try {
    const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream) {
  const out = new Response(new Blob([bytes as BufferSource]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** Whom tokens are made for: the client's API key and base URL. */
export interface TokenBinding {
  apiKey: string;
  baseUrl: string;
}

/**
 * An HMAC-SHA256 key for tokens, derived from a secret with HKDF (never the secret itself), bound
 * to the API key and the base URL through HKDF's `info`: a shared `selectionTokenSecret` does not
 * make one partner's (or one environment's) tokens valid for another.
 */
async function deriveKey(secret: string, binding: TokenBinding): Promise<CryptoKey> {
  const { subtle } = globalThis.crypto;
  const base = await subtle.importKey('raw', text.encode(secret), 'HKDF', false, ['deriveKey']);
  const info = text.encode(`v${FORMAT}\u0000${binding.apiKey}\u0000${binding.baseUrl.replace(/\/+$/, '')}`);
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: text.encode('fareway/selection-token'), info },
    base,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign', 'verify'],
  );
}

/** A client's token signer: the first secret signs, every one verifies (rotation). Keys derived once. */
export class SelectionTokens {
  #secrets: readonly string[] | undefined;
  #binding: TokenBinding | undefined;
  #keys: Promise<CryptoKey[]> | undefined;

  /** @param clock what a decoded selection's deadline counts on (the client's `clock`) */
  constructor(
    secrets: string | readonly string[],
    binding: TokenBinding,
    private readonly clock?: DeadlineClock,
  ) {
    this.#secrets = typeof secrets === 'string' ? [secrets] : [...secrets];
    this.#binding = { ...binding };
  }

  #derived(): Promise<CryptoKey[]> {
    if (!this.#keys) {
      const secrets = this.#secrets ?? [];
      const binding = this.#binding ?? { apiKey: '', baseUrl: '' };
      this.#secrets = undefined;
      this.#binding = undefined;
      this.#keys = Promise.all(secrets.map((secret) => deriveKey(secret, binding)));
    }
    return this.#keys;
  }

  /** The token of `selection`, checked against its search's roles first. Nothing is sent. */
  async encode(selection: Selection, origin: TokenOrigin): Promise<string> {
    const { roles } = origin;
    const out = selection.outbound;
    const back = selection.inbound;
    // The indices the token will stand for, by the same rules as select: they must be the
    // selection's own and fit its search's roles (a coupled return never beside the display token).
    const indices = makeSelection(
      { ...selection, style: roles.style, outbound: out, inbound: back },
      { indexRoles: () => roles, ...origin },
    ).result_indices;
    if (
      roles.trace_id !== selection.trace_id ||
      !roles.outbound.has(out.result_index) ||
      indices.join('\u0000') !== selection.result_indices.join('\u0000') ||
      checkIndices(roles, indices).length > 0
    )
      failSelection('selection', 'does not follow the round-trip rules of its search (use results.select)');
    const d = selection.deadline;
    const payload: Payload = {
      t: selection.trace_id,
      e: d.expiresAt.getTime(),
      k: d.kind,
      b: d.basis,
      x: d.estimated,
      s: origin.source,
      y: roles.style,
      p: [origin.pax_count.adult, origin.pax_count.child, origin.pax_count.infant],
      o: trim(out) as FlightOption,
      ...(back ? { i: trim(back) as FlightOption } : {}),
    };
    const body = await through(text.encode(JSON.stringify(payload)), new CompressionStream('deflate-raw'));
    const signed = new Uint8Array(1 + body.length);
    signed[0] = FORMAT;
    signed.set(body, 1);
    const [key] = await this.#derived();
    const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key!, signed));
    const token = new Uint8Array(signed.length + MAC_BYTES);
    token.set(signed);
    token.set(mac, signed.length);
    const made = base64url(token);
    if (made.length > MAX_TOKEN_LENGTH)
      failSelection('selection', `makes a token longer than ${MAX_TOKEN_LENGTH} characters`);
    return made;
  }

  /** The Selection a token stands for; a token that cannot be trusted is a SelectionTokenError. */
  async decode(token: unknown): Promise<Selection> {
    // Bounded before any work: no decoding, MAC or inflate of an oversized string.
    if (typeof token === 'string' && token.length > MAX_TOKEN_LENGTH)
      throw new SelectionTokenError(
        'malformed',
        `Not a selection token (${token.length} characters; at most ${MAX_TOKEN_LENGTH})`,
      );
    const bytes = typeof token === 'string' ? fromBase64url(token) : undefined;
    if (!bytes || bytes.length < 2 + MAC_BYTES)
      throw new SelectionTokenError('malformed', 'Not a selection token (garbled or cut short)');
    if (bytes[0] !== FORMAT)
      throw new SelectionTokenError('version', `A selection token of another format (${bytes[0]})`);
    const signed = bytes.subarray(0, bytes.length - MAC_BYTES);
    const mac = bytes.subarray(bytes.length - MAC_BYTES);
    let trusted = false;
    for (const key of await this.#derived())
      if (await globalThis.crypto.subtle.verify('HMAC', key, mac as BufferSource, signed as BufferSource))
        trusted = true;
    if (!trusted)
      throw new SelectionTokenError(
        'signature',
        'A selection token altered, or signed with another API key or selectionTokenSecret',
      );
    let parsed: ReturnType<typeof PayloadSchema.safeParse> | undefined;
    try {
      const json = await through(signed.subarray(1), new DecompressionStream('deflate-raw'));
      parsed = PayloadSchema.safeParse(JSON.parse(new TextDecoder().decode(json)));
    } catch {
      parsed = undefined;
    }
    const p = parsed?.success ? parsed.data : undefined;
    if (!p || p.p.length !== 3 || (p.y === null) !== (p.i === undefined))
      throw new SelectionTokenError('malformed', 'The selection token could not be read');
    const [adult = 0, child = 0, infant = 0] = p.p;
    const back = p.i;
    const roles: IndexRoles = {
      trace_id: p.t,
      style: p.y,
      outbound: new IndexSet([p.o.result_index]),
      inbound: new IndexSet(p.y === 'independent' && back ? [back.result_index] : []),
      nested: new IndexSet(p.y === 'coupled' && back ? [back.result_index] : []),
    };
    const like = { kind: p.k, basis: p.b, estimated: p.x };
    const deadline = Deadline.until(new Date(p.e), like, this.clock);
    return makeSelection(
      {
        trace_id: p.t,
        journey_type: p.y === null ? 'one_way' : 'round_trip',
        style: p.y,
        source: p.s,
        outbound: p.o,
        inbound: back,
        deadline,
      },
      { indexRoles: () => roles, source: p.s, pax_count: { adult, child, infant } },
    );
  }
}
