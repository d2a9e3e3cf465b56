import type { z } from '../schemas/zod.js';
import { formatPath, ResponseValidationError, type ValidationIssue } from '../errors.js';
import type { ContractDriftEvent, Endpoint, Hooks, Logger } from './options.js';
import type { HttpResponse } from './transport.js';
import { safeHook } from './request.js';

/**
 * The tolerant reader (ARCHITECTURE: "strict in what we send, tolerant in what we read").
 *
 * A 2xx answer is first checked against its schema, which already accepts absent and null
 * wherever the spec says "not shown", "present in some responses" or "may be absent". When that
 * fails, the answer is not thrown away: only a problem at a path the SDK needs to act on (the ids,
 * the status, the PNR, the amounts it uses) is fatal. A malformed element of a list the caller
 * can live without (a search option, a list entry, an airport) is dropped; any other oddity is
 * left as it came. Everything that was dropped or ignored is reported as contract drift (the
 * `onContractDrift` hook and a debug log with the path), never thrown.
 */
export interface ReadPlan {
  /**
   * Paths the SDK needs (`'booking_id'`, `'pricing.final_fare'`; `*` matches any index or key). A
   * problem AT such a path, or at one of its ancestors, makes the answer unusable.
   */
  essential: readonly string[];
  /** Array elements that are dropped whole when they hold a problem (`'outbound.*'`). */
  droppable?: readonly string[];
  /**
   * The schema's in-place twin (src/schemas/in-place.ts): when it says yes, the answer is returned
   * as it came, without running zod (it would return an equal copy). The hot path of a valid answer.
   */
  inPlace?: (data: unknown) => boolean;
}

/** Where the answer came from, for errors and drift reports. */
export interface ReadContext {
  endpoint: Endpoint;
  method: string;
  path: string;
  status: number;
  requestId: string | undefined;
  /** The ids the caller needs to find what the service did (booking_id, trace_id). */
  ids?: { booking_id?: string | undefined; trace_id?: string | undefined };
  hooks: Hooks;
  logger: Logger;
}

type Path = readonly PropertyKey[];
type Pattern = readonly string[];

const compile = (patterns: readonly string[] | undefined): Pattern[] => (patterns ?? []).map((p) => (p === '' ? [] : p.split('.')));
const segMatches = (pattern: string, seg: PropertyKey) => pattern === '*' || pattern === String(seg);

/** `path` is `pattern` or one of its ancestors. */
function isAtOrAbove(path: Path, pattern: Pattern): boolean {
  if (path.length > pattern.length) return false;
  return path.every((seg, i) => segMatches(pattern[i]!, seg));
}

/** The element of `path` that the longest matching droppable pattern names, if any. */
function droppableElement(path: Path, patterns: Pattern[]): Path | undefined {
  let best: Path | undefined;
  for (const pattern of patterns) {
    if (path.length < pattern.length) continue;
    if (!pattern.every((p, i) => segMatches(p, path[i]!))) continue;
    if (!best || pattern.length > best.length) best = path.slice(0, pattern.length);
  }
  return best;
}

function getAt(root: unknown, path: Path): unknown {
  let cur = root;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return cur;
}

/** Deeper JSON than this is refused: nothing in the contract nests past a dozen levels. */
export const MAX_RESPONSE_DEPTH = 256;

/** True when `value` nests objects/arrays deeper than `limit` (iterative: no stack to overflow). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: unknown[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const node = stack.pop() as object;
    const depth = depths.pop() as number;
    if (depth > limit) return true;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child: unknown = node[i];
        if (typeof child === 'object' && child !== null) {
          stack.push(child);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const key in node) {
        const child: unknown = (node as Record<string, unknown>)[key];
        if (typeof child === 'object' && child !== null) {
          stack.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

const ids = (path: Path) => formatPath(path);

/** The essential-problem error: carries the raw body and the ids so the caller can find what happened. */
function fatal(issues: ValidationIssue[], body: unknown, rc: ReadContext, cause?: unknown): ResponseValidationError {
  return new ResponseValidationError(issues, {
    requestId: rc.requestId,
    status: rc.status,
    endpoint: `${rc.method} ${rc.path}`,
    body,
    ids: rc.ids ?? {},
    ...(cause === undefined ? {} : { cause }),
  });
}

function issuesOf(error: z.core.$ZodError): { path: Path; message: string }[] {
  return error.issues.map((i) => ({ path: i.path as Path, message: i.message }));
}

/**
 * Reads a 2xx body with `schema` under `plan`. Returns the parsed value (zod's output when the
 * answer is valid or could be repaired, else the answer as it came, minus dropped elements).
 * @throws ResponseValidationError (with `body` and `ids`) only for problems at essential paths.
 */
export function readResponse<T>(schema: z.ZodMiniType<T>, data: unknown, plan: ReadPlan, rc: ReadContext): T {
  // Every answer of the contract is a JSON object: anything else is unusable whatever the plan.
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw fatal([{ path: '', message: `expected a JSON object, got ${Array.isArray(data) ? 'an array' : data === null ? 'null' : typeof data}` }], data, rc);
  // Nothing in the contract nests past a dozen levels; whatever walks a 100 000-deep body next
  // (zod, structuredClone, the caller's JSON.stringify) would overflow the stack.
  if (nestsDeeperThan(data, MAX_RESPONSE_DEPTH))
    throw fatal([{ path: '', message: `the body nests deeper than ${MAX_RESPONSE_DEPTH} levels` }], undefined, rc);
  if (plan.inPlace?.(data)) return data as T;
  const first = safeParse(schema, data, rc);
  if (first.success) return first.data;

  const essential = compile(plan.essential);
  const droppable = compile(plan.droppable);
  // Repairs change the caller's copy only: the body is ours (freshly parsed JSON), but keep the
  // original text of the error for reports.
  let current: unknown = data;
  let error = first.error;
  const reported = new Set<string>();
  const report = (d: Omit<ContractDriftEvent, 'endpoint' | 'requestId'>) => {
    if (reported.has(d.path)) return;
    reported.add(d.path);
    drift(rc, d);
  };
  for (let round = 0; round < 4; round++) {
    const problems = issuesOf(error);
    const fatalOnes = problems.filter((p) => essential.some((e) => isAtOrAbove(p.path, e)));
    if (fatalOnes.length) throw fatal(fatalOnes.map((p) => ({ path: ids(p.path), message: p.message })), data, rc);

    const drops = new Map<string, { element: Path; message: string; at: Path }>();
    const ignored: { path: Path; message: string }[] = [];
    for (const p of problems) {
      const element = droppableElement(p.path, droppable);
      if (element) {
        const key = ids(element);
        if (!drops.has(key)) drops.set(key, { element, message: p.message, at: p.path });
      } else ignored.push(p);
    }
    let changed = false;
    // Drop from the highest index down so earlier indices stay valid.
    const sorted = [...drops.values()].sort((a, b) => compareDesc(a.element, b.element));
    for (const d of sorted) {
      const parent = getAt(current, d.element.slice(0, -1));
      const index = d.element[d.element.length - 1];
      if (Array.isArray(parent) && typeof index === 'number' && index < parent.length) {
        parent.splice(index, 1);
        changed = true;
        report({ path: ids(d.element), message: `${ids(d.at)}: ${d.message}`, action: 'dropped' });
      }
    }
    for (const p of ignored) {
      // A wrong-typed optional value is removed (it reads as absent, as the types allow).
      const parent = getAt(current, p.path.slice(0, -1));
      const key = p.path[p.path.length - 1];
      const present = parent !== null && typeof parent === 'object' && key !== undefined && (parent as Record<PropertyKey, unknown>)[key] !== undefined;
      if (present && !Array.isArray(parent)) {
        delete (parent as Record<PropertyKey, unknown>)[key];
        changed = true;
      }
      report({ path: ids(p.path), message: p.message, action: 'ignored' });
    }
    const again = safeParse(schema, current, rc);
    if (again.success) return again.data;
    if (!changed) return current as T;
    error = again.error;
    current = again.input;
  }
  return current as T;
}

function compareDesc(a: Path, b: Path): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return y - x;
    return String(y).localeCompare(String(x));
  }
  return b.length - a.length;
}

type Parsed<T> = { success: true; data: T } | { success: false; error: z.core.$ZodError; input: unknown };

/** A parse that never throws a raw error (a 100 000-deep body overflows the stack in zod). */
function safeParse<T>(schema: z.ZodMiniType<T>, data: unknown, rc: ReadContext): Parsed<T> {
  let result: ReturnType<typeof schema.safeParse>;
  try {
    result = schema.safeParse(data);
  } catch (cause) {
    throw fatal([{ path: '', message: 'the body could not be read (too deep or too large)' }], data, rc, cause);
  }
  return result.success ? { success: true, data: result.data } : { success: false, error: result.error, input: data };
}

/** Reports one drift: a debug log with the path and the `onContractDrift` hook. */
export function drift(rc: Pick<ReadContext, 'endpoint' | 'requestId' | 'hooks' | 'logger'>, d: Omit<ContractDriftEvent, 'endpoint' | 'requestId'>): void {
  const event: ContractDriftEvent = { endpoint: rc.endpoint, requestId: rc.requestId, ...d };
  rc.logger.debug?.(`contract drift in ${rc.endpoint} answer: ${d.path || '(root)'} ${d.action}: ${d.message}`, { requestId: rc.requestId });
  safeHook(rc.logger, () => rc.hooks.onContractDrift?.(event));
}

/**
 * Reads a resource's 2xx answer: `readResponse` with the request's endpoint, the response's
 * request id and status, and the ids the SDK knows for the call.
 */
export function readAnswer<T>(
  ctx: { hooks: Hooks; logger: Logger },
  schema: z.ZodMiniType<T>,
  response: Pick<HttpResponse, 'data' | 'status' | 'requestId'>,
  req: { endpoint: Endpoint; method: string; path: string },
  plan: ReadPlan,
  ids: ReadContext['ids'] = {},
): T {
  return readResponse(schema, response.data, plan, {
    endpoint: req.endpoint,
    method: req.method,
    path: req.path,
    status: response.status,
    requestId: response.requestId,
    ids,
    hooks: ctx.hooks,
    logger: ctx.logger,
  });
}
