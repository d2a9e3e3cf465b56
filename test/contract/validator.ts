/**
 * Validates recorded HTTP exchanges against test/contract/openapi.json (OpenAPI 3.1, whose schemas
 * are JSON Schema 2020-12) with ajv: the operation is found by method and path template, the
 * response by status (exact, else `default`, never `default` for a 2xx), then the body is checked
 * against its schema and every required response header must be present.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The contract as written from the spec. */
export const OPENAPI: Json = JSON.parse(readFileSync(new URL('./openapi.json', import.meta.url), 'utf8'));

/** One request and what the sandbox answered, as the wire carried it. */
export interface Exchange {
  method: string;
  /** The path as sent, query included. */
  path: string;
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

/** A copy of the document where no object is closed: unknown fields are legal variety. */
export function relaxed(doc: Json): Json {
  return JSON.parse(JSON.stringify(doc), (key, value: unknown) =>
    key === 'additionalProperties' && value === false ? undefined : value,
  );
}

const templates = (doc: Json) =>
  Object.keys(doc.paths as object).map((template) => ({
    template,
    re: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));

/** A validator of exchanges against one document. */
export class ContractValidator {
  readonly #doc: Json;
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();
  /** `operationId status` of every exchange validated (for coverage checks). */
  readonly seen = new Set<string>();

  constructor(doc: Json = OPENAPI) {
    this.#doc = doc;
    // strict: a misspelt keyword in the document is an error, not a silently ignored rule.
    // strictRequired is off: the conditional rules (if/then) require properties their parent defines.
    this.#ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true, allowUnionTypes: true });
    // The OpenAPI document's own top-level keys are not schema keywords.
    this.#ajv.addVocabulary([
      'openapi',
      'info',
      'servers',
      'security',
      'paths',
      'components',
      'jsonSchemaDialect',
    ]);
    this.#ajv.addSchema(doc, 'openapi.json');
  }

  #schema(ref: string): ValidateFunction {
    let fn = this.#compiled.get(ref);
    if (!fn) {
      fn = this.#ajv.getSchema(`openapi.json${ref}`);
      if (!fn) throw new Error(`the document has no schema at ${ref}`);
      this.#compiled.set(ref, fn);
    }
    return fn;
  }

  #resolve(node: Json): Json {
    let n = node;
    while (n && typeof n.$ref === 'string') {
      n = (n.$ref as string)
        .slice(2)
        .split('/')
        .reduce((o: Json, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], this.#doc);
    }
    return n;
  }

  /** Every way `ex` breaks the document, as readable lines (empty when it conforms). */
  check(ex: Exchange): string[] {
    const where = `${ex.method} ${ex.path} → ${ex.status}`;
    const pathname = ex.path.split('?')[0] as string;
    const found = templates(this.#doc).find((t) => t.re.test(pathname));
    const operation = found && this.#doc.paths[found.template][ex.method.toLowerCase()];
    if (!found || !operation) return [`${where}: no such operation in the document`];
    const responses = operation.responses as Record<string, Json>;
    const declared = responses[String(ex.status)] ?? (ex.status >= 300 ? responses.default : undefined);
    if (!declared) return [`${where}: status not documented for ${operation.operationId}`];
    this.seen.add(`${operation.operationId} ${ex.status}`);
    const response = this.#resolve(declared);
    const problems: string[] = [];
    for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const h = this.#resolve(header);
      if (h.required && !ex.headers.get(name)) problems.push(`${where}: header ${name} missing`);
    }
    const schemaRef: string | undefined = response.content?.['application/json']?.schema?.$ref;
    if (schemaRef) {
      const validate = this.#schema(schemaRef);
      if (!validate(ex.body)) {
        for (const e of validate.errors ?? []) {
          const extra =
            e.keyword === 'additionalProperties'
              ? ` '${(e.params as { additionalProperty: string }).additionalProperty}'`
              : '';
          problems.push(`${where}: ${e.instancePath || '(body)'} ${e.message}${extra} [${e.schemaPath}]`);
        }
      }
    }
    return problems;
  }
}

type FetchFn = (request: Request) => Promise<Response | undefined>;

/** Calls a fetch-like function and records each exchange exactly as answered (into `log`). */
export function recorder(fetchFn: FetchFn, base: string, apiKey: string, log: Exchange[] = []): Recorder {
  async function call(
    method: string,
    path: string,
    body?: unknown,
    key: string | null = apiKey,
  ): Promise<Exchange> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (key !== null) headers.Authorization = `Api-Key ${key}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await fetchFn(new Request(base + path, init));
    if (!res) throw new Error(`no route for ${method} ${path}`);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* raw bodies stay text (and fail any JSON schema) */
    }
    const ex: Exchange = { method, path, status: res.status, headers: res.headers, body: parsed };
    log.push(ex);
    return ex;
  }
  return {
    log,
    post: (path, body, key) => call('POST', path, body, key === undefined ? apiKey : key),
    get: (path, key) => call('GET', path, undefined, key === undefined ? apiKey : key),
    as: (key) => recorder(fetchFn, base, key, log),
  };
}

/** Raw calls as one partner; `key` null sends no Authorization header. */
export interface Recorder {
  log: Exchange[];
  post(path: string, body?: unknown, key?: string | null): Promise<Exchange>;
  get(path: string, key?: string | null): Promise<Exchange>;
  /** The same recorder (same log) calling as another partner. */
  as(apiKey: string): Recorder;
}
