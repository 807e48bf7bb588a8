// The one validator: a single Ajv 2020 instance built from a bundled document, every operation compiled once.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { deepFreeze, loadSpec, type OpenApiDocument } from './documents.ts';

// ajv-formats ships CommonJS; under NodeNext its default export is the module object.
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

/** One thing that breaks the contract. `in` says where, `path` is a pointer or a name there. */
export interface Violation {
  in: 'path' | 'query' | 'header' | 'body' | 'status' | 'content-type' | 'response-body' | 'response-header' | 'schema';
  path: string;
  message: string;
  /** The JSON Schema keyword that failed and its parameters (Ajv's), for callers that word their own error. */
  keyword?: string;
  params?: Record<string, any>;
}

export interface RequestInput {
  path?: Record<string, string>;
  query?: Record<string, string | string[]> | URLSearchParams;
  headers?: Record<string, string> | Headers;
  body?: unknown;
  contentType?: string;
}

export interface RequestCheck {
  ok: boolean;
  violations: Violation[];
  /** Path and query parameters coerced to their schema types (integers, booleans, arrays). */
  path: Record<string, unknown>;
  query: Record<string, unknown>;
}

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Record<string, any>;
}

export interface CompiledOperation {
  operationId: string;
  method: string;
  /** The path template as written in the document, e.g. `/posts/{id}/status`. */
  path: string;
  tags: string[];
  /** Whether a credential is required (false where the operation says `security: []`). */
  secured: boolean;
  parameters: ParameterSpec[];
  /** Media types the request body may have; empty when the operation takes no body. */
  requestContentTypes: string[];
  requestBodyRequired: boolean;
  /** Statuses the document names for this operation (plus `default` / `4XX` style keys). */
  responseStatuses: string[];
  operation: Record<string, any>;
  validateRequest(input: RequestInput): RequestCheck;
  validateResponse(status: number, body: unknown, headers?: Record<string, string> | Headers): Violation[];
}

export interface ContractValidator {
  document: OpenApiDocument;
  operations: CompiledOperation[];
  byId(operationId: string): CompiledOperation;
  /** Validate a value against the schema at a JSON pointer into the document. */
  validateAt(pointer: string, value: unknown): Violation[];
  /** Compile every operation's schemas now (otherwise each compiles on first use); returns how many. */
  compileAll(): number;
}

const DOC_ID = 'contract.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function resolvePointer(doc: OpenApiDocument, pointer: string): any {
  const parts = pointer.replace(/^#\/?/, '').split('/').filter((p) => p.length > 0);
  let node: any = doc;
  for (const raw of parts) {
    node = node?.[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** Follow `$ref`s (local JSON pointers, at most 16 hops) to the node they name; any other node is returned as it is. */
export function deref<T = any>(doc: OpenApiDocument, node: any): T {
  let current = node;
  for (let i = 0; current && typeof current === 'object' && typeof current.$ref === 'string' && i < 16; i++) {
    current = resolvePointer(doc, current.$ref);
  }
  return current as T;
}

export function mediaBase(contentType: string | undefined | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * What a value of each format looks like, for a refusal that says how to fix it: Ajv's `must match format "date-time"`
 * does not say that a date without an offset is what it refused.
 */
const FORMAT_HINTS: Record<string, string> = {
  'date-time': 'must be a date-time with its offset from UTC (RFC 3339), such as 2026-12-02T09:30:00Z or 2026-12-02T10:30:00+01:00',
  date: 'must be a date (RFC 3339 full-date), such as 2026-12-02',
  uri: 'must be an absolute URI, such as https://example.com/path',
  email: 'must be an email address, such as name@example.com',
};

/**
 * A pattern that is a choice of words (a list of transaction types) refused in words: the values it takes, not the
 * regular expression, which says how to fix it only to a reader of regular expressions.
 */
function patternHint(pattern: string): string | undefined {
  const words = /\(((?:[A-Za-z0-9_]+\|)+[A-Za-z0-9_]+)\)/.exec(pattern)?.[1]?.split('|');
  if (!words) return undefined;
  return pattern.includes(',') ? `must be a comma separated list of: ${words.join(', ')}` : `must be one of: ${words.join(', ')}`;
}

/** Turn Ajv's errors into violations, dropping the bookkeeping ones that only repeat a nested error. */
function toViolations(where: Violation['in'], errors: ErrorObject[] | null | undefined, prefix = ''): Violation[] {
  if (!errors || errors.length === 0) return [];
  const noise = new Set(['if', 'then', 'else', 'allOf']);
  const meaningful = errors.filter((e) => !noise.has(e.keyword));
  const chosen = meaningful.length > 0 ? meaningful : errors;
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const e of chosen) {
    const path = prefix + e.instancePath;
    let message = (e.keyword === 'format' && FORMAT_HINTS[(e.params as { format: string }).format]) || (e.message ?? 'is invalid');
    if (e.keyword === 'pattern') message = patternHint((e.params as { pattern: string }).pattern) ?? message;
    if (e.keyword === 'enum') message += `: ${(e.params as any).allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}`;
    if (e.keyword === 'const') message += `: ${JSON.stringify((e.params as any).allowedValue)}`;
    if (e.keyword === 'additionalProperties') message += `: ${(e.params as any).additionalProperty}`;
    const key = `${path} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ in: where, path: path || '/', message, keyword: e.keyword, params: e.params });
  }
  return out;
}

/** Coerce one raw parameter string (or repeated strings) to what its schema expects. */
function coerce(raw: string | string[], schema: Record<string, any>): unknown {
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array')) {
    const items = Array.isArray(raw) ? raw : raw.split(',');
    const itemSchema = schema.items ?? {};
    return items.map((item) => coerce(item, itemSchema));
  }
  const value = Array.isArray(raw) ? raw[raw.length - 1]! : raw;
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value.trim())) {
    return Number(value);
  }
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function readQuery(query: RequestInput['query']): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!query) return out;
  const entries: Iterable<[string, string | string[]]> =
    query instanceof URLSearchParams ? query.entries() : Object.entries(query);
  for (const [k, v] of entries) {
    const list = out.get(k) ?? [];
    if (Array.isArray(v)) list.push(...v);
    else list.push(v);
    out.set(k, list);
  }
  return out;
}

function readHeader(headers: RequestInput['headers'], name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

function createAjv(document: OpenApiDocument): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true, // collect every violation, not just the first
    strict: false, // OpenAPI keywords (example, discriminator, xml) sit beside JSON Schema ones
    validateFormats: true,
    discriminator: false,
    // The document's schemas are checked against the meta-schema by `npm run check` (swagger-parser);
    // doing it again at every start would cost most of a second.
    validateSchema: false,
  });
  addFormats(ajv);
  ajv.addSchema(document as any, DOC_ID);
  return ajv;
}

/** Compiles the schema at a pointer into the document once, now or on first use. */
interface SchemaCompiler {
  now(pointer: string): ValidateFunction;
  /** A validator that compiles its schema the first time it runs. */
  lazy(pointer: string): ValidateFunction;
  /** Compile every schema handed out lazily; returns how many are compiled. */
  all(): number;
}

// Each schema is compiled once, on first use: the mock starts at once and pays per operation only when it is called.
// `compileAll()` compiles everything up front (tests, and anyone who prefers to fail at start).
function schemaCompiler(ajv: Ajv2020): SchemaCompiler {
  const compiled = new Map<string, ValidateFunction>();
  const pending: string[] = [];
  const now = (pointer: string): ValidateFunction => {
    let fn = compiled.get(pointer);
    if (!fn) {
      fn = ajv.compile({ $ref: `${DOC_ID}${pointer.startsWith('#') ? pointer : `#${pointer}`}` });
      compiled.set(pointer, fn);
    }
    return fn;
  };
  const lazy = (pointer: string): ValidateFunction => {
    pending.push(pointer);
    let fn: ValidateFunction | undefined;
    const validate = ((data: unknown) => {
      fn ??= now(pointer);
      const ok = fn(data) as boolean;
      validate.errors = fn.errors;
      return ok;
    }) as ValidateFunction;
    validate.errors = null;
    return validate;
  };
  const all = () => {
    for (const pointer of pending) now(pointer);
    return compiled.size;
  };
  return { now, lazy, all };
}

/** Where an operation sits in the document, for the pointers its schemas are compiled from. */
interface OperationSite {
  document: OpenApiDocument;
  item: any;
  itemPointer: string;
  op: any;
  opPointer: string;
  compiler: SchemaCompiler;
}

type CompiledParameter = { spec: ParameterSpec; validate: ValidateFunction; verdicts: Map<string, ParameterVerdict> };

/** A parameter's value as coerced from one raw string, and what is wrong with it (frozen: shared by every request that sends it). */
interface ParameterVerdict {
  value: unknown;
  violations: readonly Violation[];
}

/**
 * Clients send the same few values again and again (the week on screen, a page number, a channel id): each raw string
 * is coerced and validated once per parameter. Bounded, as the strings come from clients.
 */
const VERDICTS_PER_PARAMETER = 256;

/** Path-level parameters apply unless the operation redefines them (same name and location). */
function compileParameters({ document, item, itemPointer, op, opPointer, compiler }: OperationSite): CompiledParameter[] {
  const paramRefs: Array<{ node: any; pointer: string }> = [];
  (item.parameters ?? []).forEach((p: any, i: number) => paramRefs.push({ node: p, pointer: `${itemPointer}/parameters/${i}` }));
  (op.parameters ?? []).forEach((p: any, i: number) => paramRefs.push({ node: p, pointer: `${opPointer}/parameters/${i}` }));
  const byKey = new Map<string, CompiledParameter>();
  for (const { node, pointer } of paramRefs) {
    const param = deref(document, node);
    const schemaPointer = node.$ref ? `${node.$ref}/schema` : `${pointer}/schema`;
    const spec: ParameterSpec = {
      name: param.name,
      in: param.in,
      required: param.in === 'path' ? true : Boolean(param.required),
      schema: deref(document, param.schema ?? {}),
    };
    byKey.set(`${param.in}:${param.name}`, { spec, validate: compiler.lazy(schemaPointer), verdicts: new Map() });
  }
  return [...byKey.values()];
}

interface CompiledRequestBody {
  required: boolean;
  /** Media types the body may have; empty when the operation takes none. */
  types: string[];
  schemas: Map<string, ValidateFunction>;
}

function compileRequestBody({ document, op, opPointer, compiler }: OperationSite): CompiledRequestBody {
  const requestBody = op.requestBody ? deref(document, op.requestBody) : undefined;
  const bodyPointer = op.requestBody?.$ref ? op.requestBody.$ref : `${opPointer}/requestBody`;
  const types = Object.keys(requestBody?.content ?? {});
  const schemas = new Map<string, ValidateFunction>();
  for (const type of types) {
    if (requestBody.content[type]?.schema) schemas.set(type, compiler.lazy(`${bodyPointer}/content/${escapePointer(type)}/schema`));
  }
  return { required: Boolean(requestBody?.required), types, schemas };
}

interface CompiledResponse {
  types: string[];
  schemas: Map<string, ValidateFunction>;
  headers: Array<{ name: string; required: boolean; validate?: ValidateFunction }>;
}

/** Each documented response by its status key (`200`, `4XX`, `default`). */
function compileResponses({ document, op, opPointer, compiler }: OperationSite): Map<string, CompiledResponse> {
  const out = new Map<string, CompiledResponse>();
  for (const [status, rawResponse] of Object.entries((op.responses ?? {}) as Record<string, any>)) {
    const response = deref(document, rawResponse);
    const responsePointer = rawResponse.$ref ?? `${opPointer}/responses/${escapePointer(status)}`;
    const types = Object.keys(response?.content ?? {});
    const schemas = new Map<string, ValidateFunction>();
    for (const type of types) {
      if (response.content[type]?.schema) schemas.set(type, compiler.lazy(`${responsePointer}/content/${escapePointer(type)}/schema`));
    }
    const headers = Object.entries(response?.headers ?? {}).map(([name, rawHeader]) => {
      const header = deref(document, rawHeader);
      const headerPointer = (rawHeader as any).$ref ?? `${responsePointer}/headers/${escapePointer(name)}`;
      return { name, required: Boolean(header?.required), validate: header?.schema ? compiler.lazy(`${headerPointer}/schema`) : undefined };
    });
    out.set(status, { types, schemas, headers });
  }
  return out;
}

/** Parameters, coerced to their schema types, then the body. */
function requestValidator(params: CompiledParameter[], body: CompiledRequestBody): (input: RequestInput) => RequestCheck {
  return (input) => {
    const violations: Violation[] = [];
    const pathOut: Record<string, unknown> = {};
    const queryOut: Record<string, unknown> = {};
    const query = readQuery(input.query);
    for (const parameter of params) {
      const { spec } = parameter;
      let raw: string | string[] | undefined;
      if (spec.in === 'path') raw = input.path?.[spec.name];
      else if (spec.in === 'query') raw = query.get(spec.name);
      else if (spec.in === 'header') raw = readHeader(input.headers, spec.name);
      else continue;
      if (raw === undefined || (Array.isArray(raw) && raw.length === 0)) {
        if (spec.required) violations.push({ in: spec.in, path: spec.name, message: `${spec.in} parameter '${spec.name}' is required` });
        else if (spec.schema.default !== undefined) (spec.in === 'path' ? pathOut : queryOut)[spec.name] = spec.schema.default;
        continue;
      }
      // A parameter always arrives the same way (a path or header one as a string, a query one as the list of its
      // values), so the one string it was sent as says which verdict applies; a repeated query parameter is judged anew.
      const key = typeof raw === 'string' ? raw : raw.length === 1 ? raw[0]! : undefined;
      let verdict = key === undefined ? undefined : parameter.verdicts.get(key);
      if (!verdict) {
        verdict = judge(parameter, raw);
        if (key !== undefined) {
          // Emptied whole when full: the few values a client really sends come back at once.
          if (parameter.verdicts.size >= VERDICTS_PER_PARAMETER) parameter.verdicts.clear();
          parameter.verdicts.set(key, verdict);
        }
      }
      violations.push(...verdict.violations);
      (spec.in === 'path' ? pathOut : queryOut)[spec.name] = verdict.value;
    }
    violations.push(...bodyViolations(body, input));
    return { ok: violations.length === 0, violations, path: pathOut, query: queryOut };
  };
}

function judge({ spec, validate }: CompiledParameter, raw: string | string[]): ParameterVerdict {
  const value = coerce(raw, spec.schema);
  const violations = validate(value)
    ? []
    : toViolations(spec.in as Violation['in'], validate.errors).map((v) =>
        Object.freeze({ ...v, path: v.path === '/' ? spec.name : `${spec.name}${v.path}`, message: `${spec.in} parameter '${spec.name}' ${v.message}` }),
      );
  // A coerced array or object is handed to every request that sent the same string: frozen, so none can change it.
  return Object.freeze({ value: deepFreeze(value), violations: Object.freeze(violations) });
}

function bodyViolations(body: CompiledRequestBody, input: RequestInput): Violation[] {
  if (body.types.length === 0) return [];
  // No path: there is no body to point into.
  if (input.body === undefined) return body.required ? [{ in: 'body', path: '/', message: 'request body is required' }] : [];
  // A JSON operation validates whatever JSON arrived, whatever the client called it.
  const validate = body.schemas.get(mediaBase(input.contentType)) ?? body.schemas.get('application/json');
  return validate && !validate(input.body) ? toViolations('body', validate.errors) : [];
}

/** The status (exact, then `4XX`, then `default`), the content type and body schema, then the documented headers. */
function responseValidator(operationId: string, responses: Map<string, CompiledResponse>): CompiledOperation['validateResponse'] {
  return (status, body, headers) => {
    const first = `${String(status)[0]}XX`;
    const key = responses.has(String(status)) ? String(status) : responses.has(first) ? first : responses.has('default') ? 'default' : undefined;
    if (!key) {
      return [{ in: 'status', path: String(status), message: `status ${status} is not documented for ${operationId} (documented: ${[...responses.keys()].join(', ')})` }];
    }
    const info = responses.get(key)!;
    const out: Violation[] = [];
    if (info.types.length > 0) {
      const type = mediaBase(readHeader(headers, 'content-type')) || 'application/json';
      const validate = info.schemas.get(type);
      if (!info.types.includes(type)) {
        out.push({ in: 'content-type', path: type, message: `content type ${type} is not documented for ${status} (documented: ${info.types.join(', ')})` });
      } else if (validate && !validate(body)) {
        out.push(...toViolations('response-body', validate.errors));
      }
    }
    for (const header of info.headers) {
      const value = readHeader(headers, header.name);
      if (value === undefined) {
        if (header.required) out.push({ in: 'response-header', path: header.name, message: `header ${header.name} is required` });
      } else if (header.validate && !header.validate(value)) {
        out.push(...toViolations('response-header', header.validate.errors, header.name));
      }
    }
    return out;
  };
}

function compileOperation(site: OperationSite, template: string, method: string, globalSecurity: unknown[]): CompiledOperation {
  const { op } = site;
  const security: unknown[] = op.security ?? globalSecurity;
  const params = compileParameters(site);
  const body = compileRequestBody(site);
  const responses = compileResponses(site);
  return {
    operationId: op.operationId,
    method,
    path: template,
    tags: op.tags ?? [],
    secured: security.length > 0 && !security.some((s: any) => s && Object.keys(s).length === 0),
    parameters: params.map((p) => p.spec),
    requestContentTypes: body.types,
    requestBodyRequired: body.required,
    responseStatuses: [...responses.keys()],
    operation: op,
    validateRequest: requestValidator(params, body),
    validateResponse: responseValidator(op.operationId, responses),
  };
}

export function createValidator(document: OpenApiDocument): ContractValidator {
  const compiler = schemaCompiler(createAjv(document));
  const operations: CompiledOperation[] = [];
  const globalSecurity: unknown[] = document.security ?? [];
  for (const [template, rawItem] of Object.entries((document.paths ?? {}) as Record<string, any>)) {
    const item = deref(document, rawItem);
    const itemPointer = `#/paths/${escapePointer(template)}`;
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const site: OperationSite = { document, item, itemPointer, op, opPointer: `${itemPointer}/${method}`, compiler };
      operations.push(compileOperation(site, template, method, globalSecurity));
    }
  }
  const index = new Map(operations.map((o) => [o.operationId, o]));
  return {
    document,
    operations,
    byId(operationId: string): CompiledOperation {
      const op = index.get(operationId);
      if (!op) throw new Error(`No operation ${operationId} in the document`);
      return op;
    },
    validateAt(pointer: string, value: unknown): Violation[] {
      const fn = compiler.now(pointer);
      return fn(value) ? [] : toViolations('schema', fn.errors);
    },
    compileAll: () => compiler.all(),
  };
}

let publicValidator: ContractValidator | undefined;

/** The validator for spec/openapi.yaml, built once per process. */
export function getValidator(): ContractValidator {
  publicValidator ??= createValidator(loadSpec());
  return publicValidator;
}

/** Render violations as one readable line each, for error bodies and failure reports. */
export function describeViolations(violations: Violation[]): string[] {
  return violations.map((v) => (v.in === 'body' || v.in === 'response-body' ? `${v.in} ${v.path}: ${v.message}` : v.message));
}
