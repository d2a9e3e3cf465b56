import type { z } from '../../schemas/zod.js';
import type { Answer } from '../../schemas/answer.js';
import { nearestOptional } from '../../schemas/walk.js';
import { formatPath, ResponseValidationError, type ValidationIssue } from '../../errors.js';
import type { ContractDriftEvent, Endpoint, Hooks, Logger } from '../options/options.js';
import type { HttpResponse } from '../wire/transport.js';
import { safeHook } from '../observe/events.js';

/**
 * The tolerant reader (ARCHITECTURE: "strict in what we send, tolerant in what we read"), the one
 * point where every 2xx answer is checked, against its endpoint's declared `Answer`
 * (schemas/answer.ts).
 *
 * A valid answer takes the compiled schema's fast path. When the schema says no, the answer is not
 * thrown away at once: a malformed element of a droppable list (a search option, a list entry, an
 * airport) is dropped, and a malformed optional field reads as absent (it is removed). What is left
 * must then pass the schema: whatever the reader returns has every field its type requires. A
 * required field missing or malformed is a ResponseValidationError carrying the body as it came
 * and the ids. Everything dropped or ignored is reported as contract drift (the `onContractDrift`
 * hook and a debug log with the path), never thrown.
 */
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

const segMatches = (pattern: string, seg: PropertyKey) => pattern === '*' || pattern === String(seg);

/** The element of `path` that the longest matching droppable pattern names, if any. */
function droppableElement(path: Path, patterns: readonly Pattern[]): Path | undefined {
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
const MAX_RESPONSE_DEPTH = 256;

/** True when `value` nests objects/arrays deeper than `limit` (iterative: no stack to overflow). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
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
function fatal(
  issues: ValidationIssue[],
  body: unknown,
  rc: ReadContext,
  cause?: unknown,
): ResponseValidationError {
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

/** Rounds of repair before an answer is given up: each round removes what the last parse named. */
const MAX_ROUNDS = 8;

/**
 * Reads a 2xx body as `answer` declares. Returns the schema's output: complete for its type.
 * @throws ResponseValidationError (with the body as it came and the ids) when the answer lacks,
 * or has malformed, a field its type requires.
 */
export function readResponse<T>(answer: Answer<T>, data: unknown, rc: ReadContext): T {
  // The measured exception (search): its checker walks only the contract's own fields, so it runs
  // before the depth walk below, which would cost a second pass over megabytes.
  const fast = answer.fastPath?.(data);
  if (fast !== undefined) return fast;
  // Every answer of the contract is a JSON object: anything else is unusable.
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw fatal(
      [
        {
          path: '',
          message: `expected a JSON object, got ${Array.isArray(data) ? 'an array' : data === null ? 'null' : typeof data}`,
        },
      ],
      data,
      rc,
    );
  // Nothing in the contract nests past a dozen levels; whatever walks a 100 000-deep body next
  // (zod, structuredClone, the caller's JSON.stringify) would overflow the stack.
  if (nestsDeeperThan(data, MAX_RESPONSE_DEPTH))
    throw fatal(
      [{ path: '', message: `the body nests deeper than ${MAX_RESPONSE_DEPTH} levels` }],
      undefined,
      rc,
    );
  const first = safeParse(answer.compiled, data, data, rc);
  if (first.success) return first.data;

  // Repairs work on a copy: the error must carry the body as it came.
  const current: unknown = structuredClone(data);
  const droppable = answer.droppable.map((p) => p.split('.'));
  const reported = new Set<string>();
  const report = (d: Omit<ContractDriftEvent, 'endpoint' | 'requestId'>) => {
    if (reported.has(d.path)) return;
    reported.add(d.path);
    drift(rc, d);
  };
  let error = first.error;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const drops = new Map<string, { element: Path; at: Path; message: string }>();
    const removals = new Map<string, { field: Path; at: Path; message: string }>();
    const unusable: ValidationIssue[] = [];
    for (const issue of error.issues) {
      const path = issue.path as Path;
      const element = droppableElement(path, droppable);
      const field = element ? undefined : nearestOptional(answer.schema, path);
      if (element) drops.set(ids(element), { element, at: path, message: issue.message });
      else if (field) removals.set(ids(field), { field, at: path, message: issue.message });
      else unusable.push({ path: ids(path), message: issue.message });
    }
    if (unusable.length) throw fatal(unusable, data, rc);
    let changed = false;
    // Drop from the highest index down so earlier indices stay valid.
    for (const d of [...drops.values()].sort((a, b) => compareDesc(a.element, b.element))) {
      const parent = getAt(current, d.element.slice(0, -1));
      const index = d.element[d.element.length - 1];
      if (!Array.isArray(parent) || typeof index !== 'number' || index >= parent.length) continue;
      parent.splice(index, 1);
      changed = true;
      report({ path: ids(d.element), message: `${ids(d.at)}: ${d.message}`, action: 'dropped' });
    }
    for (const r of removals.values()) {
      const parent = getAt(current, r.field.slice(0, -1));
      const key = r.field[r.field.length - 1]!;
      if (parent === null || typeof parent !== 'object' || Array.isArray(parent) || !(key in parent))
        continue;
      delete (parent as Record<PropertyKey, unknown>)[key];
      changed = true;
      report({ path: ids(r.at), message: r.message, action: 'ignored' });
    }
    if (!changed) break;
    const again = safeParse(answer.compiled, current, data, rc);
    if (again.success) return again.data;
    error = again.error;
  }
  throw fatal(
    issuesOf(error).map((p) => ({ path: ids(p.path), message: p.message })),
    data,
    rc,
  );
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

type Parsed<T> = { success: true; data: T } | { success: false; error: z.core.$ZodError };

/** A parse that never throws a raw error (a 100 000-deep body overflows the stack in zod). */
function safeParse<T>(schema: z.ZodMiniType<T>, value: unknown, body: unknown, rc: ReadContext): Parsed<T> {
  let result: ReturnType<typeof schema.safeParse>;
  try {
    result = schema.safeParse(value);
  } catch (cause) {
    throw fatal(
      [{ path: '', message: 'the body could not be read (too deep or too large)' }],
      body,
      rc,
      cause,
    );
  }
  return result.success ? { success: true, data: result.data } : { success: false, error: result.error };
}

/** Reports one drift: a debug log with the path and the `onContractDrift` hook. */
export function drift(
  rc: Pick<ReadContext, 'endpoint' | 'requestId' | 'hooks' | 'logger'>,
  d: Omit<ContractDriftEvent, 'endpoint' | 'requestId'>,
): void {
  const event: ContractDriftEvent = { endpoint: rc.endpoint, requestId: rc.requestId, ...d };
  rc.logger.debug?.(
    `contract drift in ${rc.endpoint} answer: ${d.path || '(root)'} ${d.action}: ${d.message}`,
    { requestId: rc.requestId },
  );
  safeHook(rc.logger, () => rc.hooks.onContractDrift?.(event));
}

/**
 * Reads a resource's 2xx answer: `readResponse` with the request's endpoint, the response's
 * request id and status, and the ids the SDK knows for the call (the error hands them back).
 */
export function readAnswer<T>(
  ctx: { hooks: Hooks; logger: Logger },
  answer: Answer<T>,
  response: Pick<HttpResponse, 'data' | 'status' | 'requestId'>,
  req: { endpoint: Endpoint; method: string; path: string },
  ids: ReadContext['ids'] = {},
): T {
  return readResponse(answer, response.data, {
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
