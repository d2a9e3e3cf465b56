/**
 * Mutations of real answers, in three kinds:
 * - `legal`: variations the spec allows (§2: "not shown", "present in some responses", "may be
 *   absent", nullable fields, extra fields anywhere). The call must accept them.
 * - `required`: what the SDK needs to act is missing or wrong (booking_id of a create, pnr/status
 *   of a book, the fare of a reprice). The call must end in a typed error that carries the raw
 *   body and the ids.
 * - `random`: seeded damage anywhere (drop, null, wrong type, empty arrays, huge strings, non-JSON,
 *   HTML, empty, deep nesting, truncation, transport lies). The call must settle with a
 *   FarewayError or a valid result.
 */
import type { ProxyEndpoint } from '../../helpers/fault-proxy.js';
import { mulberry32 } from '../../../src/sandbox/state/random.js';

export type CaseKind = 'legal' | 'required' | 'random';

/** One mutated answer. */
export interface FuzzCase {
  id: string;
  endpoint: ProxyEndpoint;
  kind: CaseKind;
  name: string;
  status: number;
  contentType: string;
  body: string;
  /** A lie at the transport level: half the body with the full content-length, or a gzip header on plain text. */
  transport?: 'truncate-socket' | 'gzip-lie';
  /** What other endpoints answer during this case (book's reconciling retrieve): the real answer, or 503. */
  fallback: 'base' | '503';
  /** Legal search variants: the options that must survive. */
  minOutbound?: number;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

/** The sandbox's seeded mulberry32: good enough to pick mutations. */
export const rng = (seed: number): (() => number) => mulberry32(seed);

const isObj = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => structuredClone(v);

/** Every path below the root, depth first. */
function paths(v: Json, at: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(v))
    v.forEach((x, i) => {
      out.push([...at, i]);
      paths(x, [...at, i], out);
    });
  else if (isObj(v))
    for (const [k, x] of Object.entries(v)) {
      out.push([...at, k]);
      paths(x, [...at, k], out);
    }
  return out;
}
function parentOf(root: Json, path: Path): { parent: Json; key: string | number } {
  let node = root;
  for (const k of path.slice(0, -1)) node = (node as Record<string | number, Json>)[k] as Json;
  return { parent: node, key: path[path.length - 1] as string | number };
}
function get(root: Json, path: Path): Json {
  const { parent, key } = parentOf(root, path);
  return (parent as Record<string | number, Json>)[key] as Json;
}
function set(root: Json, path: Path, value: Json): void {
  const { parent, key } = parentOf(root, path);
  (parent as Record<string | number, Json>)[key] = value;
}
function drop(root: Json, path: Path): void {
  const { parent, key } = parentOf(root, path);
  if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete (parent as Record<string, Json>)[key as string];
}
/** Applies `fn` to every object in the tree (the root included), collected before any change. */
function eachObject(v: Json, fn: (o: Record<string, Json>) => void): void {
  const found: Record<string, Json>[] = [];
  const walk = (x: Json): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (isObj(x)) {
      found.push(x);
      Object.values(x).forEach(walk);
    }
  };
  walk(v);
  found.forEach(fn);
}

/** The spec's legal variations of one answer (only those that change it). */
export function legalVariants(
  endpoint: ProxyEndpoint,
  base: Json,
): Array<{ name: string; body: Json; minOutbound?: number }> {
  const out: Array<{ name: string; body: Json; minOutbound?: number }> = [];
  const outbound = isObj(base) && Array.isArray(base.outbound) ? base.outbound.length : undefined;
  const variant = (name: string, fn: (b: Json) => void, minOutbound = outbound) => {
    const b = clone(base);
    fn(b);
    if (JSON.stringify(b) !== JSON.stringify(base))
      out.push({ name, body: b, ...(minOutbound !== undefined ? { minOutbound } : {}) });
  };
  const setWhere =
    (key: string, value: Json | undefined, when: (o: Record<string, Json>) => boolean = () => true) =>
    (b: Json) =>
      eachObject(b, (o) => {
        if (!(key in o) || !when(o)) return;
        if (value === undefined) delete o[key];
        else o[key] = value;
      });
  const isPricing = (o: Record<string, Json>) => 'final_fare' in o;
  variant('extra unknown fields at every level', (b) => {
    // A pax_rules group maps field names to flag objects: its new entries must keep that shape.
    const groups = new Set<object>();
    eachObject(b, (o) => {
      if (isObj(o.pax_rules)) Object.values(o.pax_rules).forEach((g) => isObj(g) && groups.add(g));
    });
    eachObject(b, (o) => {
      o.zz_unknown = groups.has(o)
        ? { isVisible: false, isMandatoryIfVisible: false }
        : { nested: [1, 'x', null], flag: true };
    });
  });
  variant('pricing.markup_percent: null', setWhere('markup_percent', null, isPricing));
  variant('pricing.markup_percent absent', setWhere('markup_percent', undefined, isPricing));
  variant('pricing.raw absent', setWhere('raw', undefined, isPricing));
  variant('pricing.tax_and_surcharge: null', setWhere('tax_and_surcharge', null, isPricing));
  variant(
    'fare_class and airline_remark null',
    (b) => (setWhere('fare_class', null)(b), setWhere('airline_remark', null)(b)),
  );
  variant('origin/destination without terminal, names, country', (b) =>
    eachObject(b, (o) => {
      if ('airport_code' in o)
        for (const k of ['terminal', 'airport_name', 'city_name', 'country_name', 'city_code']) delete o[k];
    }),
  );
  let seen = false;
  variant('one segment without departure_time', (b) =>
    eachObject(b, (o) => {
      if (seen || !('departure_time' in o)) return;
      delete o.departure_time;
      seen = true;
    }),
  );
  variant(
    'every segment without departure_time and arrival_time',
    (b) => (setWhere('departure_time', undefined)(b), setWhere('arrival_time', undefined)(b)),
  );
  variant('passport_required absent', setWhere('passport_required', undefined));
  if (endpoint === 'search')
    variant(
      'no expires_at / remaining_seconds',
      (b) => (
        delete (b as Record<string, Json>).expires_at,
        delete (b as Record<string, Json>).remaining_seconds
      ),
    );
  variant('pax_rules: non-lead groups of another shape', (b) =>
    eachObject(b, (o) => {
      if (isObj(o.pax_rules))
        Object.assign(o.pax_rules, { adult: { passportNumber: 'visible' }, child: [], infant: null });
    }),
  );
  variant('pax_rules: extra field names in the lead group', (b) =>
    eachObject(b, (o) => {
      if (isObj(o.pax_rules) && isObj(o.pax_rules.leadPax))
        Object.assign(o.pax_rules.leadPax, {
          passportExpiry: { isVisible: true, isMandatoryIfVisible: false },
          seatPreference: { isVisible: false, isMandatoryIfVisible: false },
        });
    }),
  );
  if (endpoint === 'list') {
    variant('list entries without the optional amounts', (b) =>
      ['wallet_debited_inr', 'amount_raw', 'markup_percent_applied'].forEach((k) =>
        setWhere(k, undefined)(b),
      ),
    );
    variant('list entries with passengers and flight_segments of other shapes', (b) =>
      eachObject(b, (o) => {
        if ('amount_charged' in o)
          Object.assign(o, { passengers: [{ name: 'X' }, 'y', 3], flight_segments: [null, { any: [] }] });
      }),
    );
  }
  if (endpoint === 'search' && outbound && outbound > 1)
    variant(
      'one malformed option among good ones',
      (b) =>
        delete ((b as { outbound: Record<string, Json>[] }).outbound[1] as Record<string, Json>).result_index,
      outbound - 1,
    );
  return out;
}

/** What the SDK needs to act, removed or broken. */
export function requiredVariants(endpoint: ProxyEndpoint, base: Json): Array<{ name: string; body: Json }> {
  const spec: Partial<Record<ProxyEndpoint, Array<[string, (b: Record<string, Json>) => void]>>> = {
    createBooking: [
      ['booking_id missing', (b) => delete b.booking_id],
      ['booking_id a number', (b) => (b.booking_id = 12345)],
    ],
    reprice: [
      ['pricing missing', (b) => delete b.pricing],
      ['pricing.final_fare missing', (b) => delete (b.pricing as Record<string, Json>).final_fare],
    ],
    book: [
      ['pnr missing', (b) => delete b.pnr],
      ['pnr null', (b) => (b.pnr = null)],
      ['status missing', (b) => delete b.status],
      ['status not a string', (b) => (b.status = 7)],
    ],
  };
  return (spec[endpoint] ?? []).map(([name, fn]) => {
    const b = clone(base) as Record<string, Json>;
    fn(b);
    return { name, body: b };
  });
}

const HTML = '<!DOCTYPE html><html><body><h1>Welcome to nginx!</h1></body></html>';
const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** Mutations of the whole body or of the transport (each run once per endpoint, and drawn at random). */
export function wholeBodyMutations(
  raw: string,
): Array<{ name: string; body: string; contentType?: string; transport?: FuzzCase['transport'] }> {
  return [
    { name: 'non-JSON text', body: 'this is not json {' },
    { name: 'HTML page', body: HTML, contentType: 'text/html' },
    { name: 'empty body', body: '' },
    { name: 'whitespace body', body: '  \n ' },
    { name: 'JSON null', body: 'null' },
    { name: 'JSON array', body: '[]' },
    { name: 'JSON string', body: '"ok"' },
    { name: 'JSON number', body: '42' },
    {
      name: 'error envelope with 200',
      body: JSON.stringify({ success: false, errors: [{ detail: ['odd'] }] }),
    },
    { name: 'deep nesting 100k in an extra field', body: `{"zz_deep":${deep(100_000)},${raw.slice(1)}` },
    { name: 'deep nesting 2k at root', body: deep(2_000) },
    { name: 'transport: truncated socket', body: raw, transport: 'truncate-socket' },
    { name: 'transport: gzip lie', body: raw, transport: 'gzip-lie' },
  ];
}

/** One seeded random mutation of `base` (text form `raw`). */
export function randomMutation(
  base: Json,
  raw: string,
  r: () => number,
): { name: string; body: string; contentType?: string; transport?: FuzzCase['transport'] } {
  const all = paths(base);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const roll = r();
  if (roll < 0.12) return pick(wholeBodyMutations(raw));
  if (roll < 0.2) {
    const cut = 1 + Math.floor(r() * (raw.length - 2));
    return { name: `truncated JSON at ${cut}/${raw.length}`, body: raw.slice(0, cut) };
  }
  const b = clone(base);
  const path = pick(all);
  const label = path.join('.');
  const current = get(b, path);
  const ops = [
    'drop',
    'null',
    'wrong type',
    'extra field',
    'empty array',
    'huge string',
    'negative',
    'nested junk',
  ] as const;
  const op = pick(ops);
  switch (op) {
    case 'drop':
      drop(b, path);
      break;
    case 'null':
      set(b, path, null);
      break;
    case 'wrong type':
      set(
        b,
        path,
        typeof current === 'string'
          ? 12345
          : typeof current === 'number'
            ? 'NaN'
            : Array.isArray(current)
              ? { length: 1 }
              : isObj(current)
                ? 'object'
                : [current],
      );
      break;
    case 'extra field':
      if (isObj(current)) current.zz_extra = { deep: { deeper: [1, 2, 3] } };
      else set(b, path, { zz_value: current });
      break;
    case 'empty array':
      set(b, path, Array.isArray(current) ? [] : current);
      if (!Array.isArray(current)) drop(b, path);
      break;
    case 'huge string':
      set(b, path, 'x'.repeat(1 << 20));
      break;
    case 'negative':
      set(b, path, typeof current === 'number' ? -current - 1 : -1);
      break;
    case 'nested junk':
      set(b, path, { a: [{ b: [{ c: null }] }], d: '\u0000\uffff' });
      break;
  }
  return { name: `${op} at ${label}`, body: JSON.stringify(b) };
}

/** Builds the cases of one run: every legal and required variant, and `randomPerEndpoint` seeded random ones. */
export function buildCases(
  bodies: Record<ProxyEndpoint, string>,
  seed: number,
  randomPerEndpoint: number,
): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const r = rng(seed);
  let n = 0;
  const push = (c: Omit<FuzzCase, 'id' | 'status' | 'contentType'> & { contentType?: string | undefined }) =>
    cases.push({ status: 200, ...c, contentType: c.contentType ?? 'application/json', id: `c${++n}` });
  for (const [endpoint, raw] of Object.entries(bodies) as Array<[ProxyEndpoint, string]>) {
    const base = JSON.parse(raw) as Json;
    for (const v of legalVariants(endpoint, base))
      push({
        endpoint,
        kind: 'legal',
        name: v.name,
        body: JSON.stringify(v.body),
        fallback: '503',
        ...(v.minOutbound !== undefined ? { minOutbound: v.minOutbound } : {}),
      });
    for (const v of requiredVariants(endpoint, base))
      push({ endpoint, kind: 'required', name: v.name, body: JSON.stringify(v.body), fallback: '503' });
    for (const m of wholeBodyMutations(raw))
      push({
        endpoint,
        kind: 'random',
        name: m.name,
        body: m.body,
        contentType: m.contentType,
        fallback: 'base',
        ...(m.transport ? { transport: m.transport } : {}),
      });
    for (let i = 0; i < randomPerEndpoint; i++) {
      const m = randomMutation(base, raw, r);
      push({
        endpoint,
        kind: 'random',
        name: m.name,
        body: m.body,
        contentType: m.contentType,
        fallback: 'base',
        ...(m.transport ? { transport: m.transport } : {}),
      });
    }
  }
  return cases;
}
