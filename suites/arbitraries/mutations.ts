// Invalid mutations of a valid request, only where the document constrains: a missing required field, a wrong type, a bad enum, out of range.
import { loadSpec } from '../../spec/load.ts';
import { getValidator, type CompiledOperation } from '../../spec/validator.ts';
import type { RequestSpec } from '../client.ts';
import { asSchema, record, type JsonSchema as Schema } from '../json.ts';
import { providerSettings } from '../provider-settings.ts';
import { resolve } from './schema.ts';

export interface Mutation {
  /** Reads like what was broken: "body /posts/0/value: 0 items (minItems 1)". */
  label: string;
  apply(spec: RequestSpec): RequestSpec;
}

/** A JSON object or array of a request body, written through by a mutation (`parent[key] = ...`). */
type Container = Record<string | number, unknown>;
/** One change at `path`: `fn` gets the object or array holding the last step, and that step. */
type Edit = (parent: Container, key: string | number) => void;

function merged(schema: Schema | undefined): Schema {
  const s = resolve(schema);
  if (!Array.isArray(s.allOf)) return s;
  const properties: Record<string, Schema> = { ...(s.properties ?? {}) };
  const required: string[] = [...(s.required ?? [])];
  const out: Schema = { ...s, properties, required };
  for (const part of s.allOf.map((p) => merged(p))) {
    if (part.if) continue;
    Object.assign(properties, part.properties ?? {});
    required.push(...(part.required ?? []));
    if (!out.type && part.type) out.type = part.type;
  }
  return out;
}

function typeOf(s: Schema): string[] {
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
}

/** A value of a JSON type the schema does not allow. */
function wrongTypeValue(types: string[]): unknown | undefined {
  const candidates: Array<[string, unknown]> = [['string', 'not-a-number'], ['integer', 12345], ['object', { unexpected: true }], ['array', ['a']], ['boolean', true]];
  const allowsNumber = types.includes('number') || types.includes('integer');
  for (const [t, v] of candidates) {
    if (types.includes(t)) continue;
    if (t === 'integer' && allowsNumber) continue;
    return v;
  }
  return undefined;
}

function clone<T>(v: T): T {
  return v === undefined ? v : (structuredClone(v) as T);
}

function setAt(root: unknown, path: Array<string | number>, fn: Edit): unknown {
  const copy = clone(root);
  // The path was walked along this very value (bodyMutations), so every step but the last is an object or array.
  let node = copy as Container;
  for (let i = 0; i < path.length - 1; i++) node = node[path[i]!] as Container;
  fn(node, path[path.length - 1]!);
  return copy;
}

/** Walk a valid JSON value alongside its schema and list mutations that break a stated constraint. */
function bodyMutations(value: unknown, rawSchema: Schema | undefined, path: Array<string | number>, out: Array<{ label: string; path: Array<string | number>; fn: Edit; root?: unknown }>, depth = 0): void {
  // Deep enough for an image of a post's item (/posts/0/value/0/image/0/alt, eight steps down).
  if (depth > 8) return;
  let schema = merged(rawSchema);
  const where = `/${path.join('/')}`;
  const type = record(value)?.__type;
  if (typeof type === 'string' && path[path.length - 1] === 'settings') {
    const name = providerSettings(type)?.schemaName;
    if (name) schema = merged({ $ref: `#/components/schemas/${name}` });
  }
  const types = typeOf(schema);
  // Bounds read once, for the edits below that run after the walk.
  const { minimum, maximum, minItems, maxItems } = schema;
  if (path.length > 0 && types.length > 0) {
    const wrong = wrongTypeValue(types);
    if (wrong !== undefined) out.push({ label: `body ${where}: ${JSON.stringify(wrong)} where the type is ${types.join('|')}`, path, fn: (p, k) => (p[k] = wrong) });
  }
  if (path.length > 0 && Array.isArray(schema.enum)) out.push({ label: `body ${where}: "not-in-the-list" outside enum ${JSON.stringify(schema.enum)}`, path, fn: (p, k) => (p[k] = 'not-in-the-list') });
  if (path.length > 0 && 'const' in schema && typeof schema.const !== 'boolean') out.push({ label: `body ${where}: not the constant ${JSON.stringify(schema.const)}`, path, fn: (p, k) => (p[k] = typeof schema.const === 'number' ? schema.const + 1 : `${schema.const}-other`) });
  if (typeof value === 'string' && (schema.format === 'date-time' || schema.format === 'uri')) {
    const bad = schema.format === 'date-time' ? 'next tuesday' : 'not a url';
    out.push({ label: `body ${where}: "${bad}" is not a ${schema.format}`, path, fn: (p, k) => (p[k] = bad) });
  }
  if (typeof value === 'number') {
    if (typeof minimum === 'number') out.push({ label: `body ${where}: ${minimum - 1} below minimum ${minimum}`, path, fn: (p, k) => (p[k] = minimum - 1) });
    if (typeof maximum === 'number') out.push({ label: `body ${where}: ${maximum + 1} above maximum ${maximum}`, path, fn: (p, k) => (p[k] = maximum + 1) });
    if (types.length === 1 && types[0] === 'integer') out.push({ label: `body ${where}: 1.5 where an integer is required`, path, fn: (p, k) => (p[k] = 1.5) });
  }
  if (Array.isArray(value)) {
    if (typeof minItems === 'number' && minItems > 0) out.push({ label: `body ${where}: ${minItems - 1} items (minItems ${minItems})`, path, fn: (p, k) => (p[k] = (p[k] as unknown[]).slice(0, minItems - 1)) });
    if (typeof maxItems === 'number' && maxItems < 1000) out.push({ label: `body ${where}: ${maxItems + 1} items (maxItems ${maxItems})`, path, fn: (p, k) => (p[k] = Array.from({ length: maxItems + 1 }, (_, i) => (p[k] as unknown[])[i % Math.max(1, (p[k] as unknown[]).length)] ?? 'a')) });
    if (value.length > 0) bodyMutations(value[0], schema.items, [...path, 0], out, depth + 1);
  } else if (record(value)) {
    const object = record(value)!;
    for (const name of schema.required ?? []) {
      if (name in object) out.push({ label: `body ${where === '/' ? '' : where}/${name}: required, left out`, path: [...path, name], fn: (p, k) => delete p[k] });
    }
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      if (name in object) bodyMutations(object[name], sub, [...path, name], out, depth + 1);
    }
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object' && Object.keys(object).length > 0) {
      const first = Object.keys(object)[0]!;
      bodyMutations(object[first], schema.additionalProperties, [...path, first], out, depth + 1);
    } else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      const wrong = wrongTypeValue(typeOf(merged(schema.additionalProperties)));
      if (wrong !== undefined) out.push({ label: `body ${where}/extra: ${JSON.stringify(wrong)} where every value is ${typeOf(merged(schema.additionalProperties)).join('|')}`, path: [...path, 'extra'], fn: (p, k) => (p[k] = wrong) });
    }
  }
}

function requestBodySchema(op: CompiledOperation): Schema | undefined {
  if (!op.operation.requestBody) return undefined;
  const json = record(record(resolve(asSchema(op.operation.requestBody)).content)?.['application/json']);
  return resolve(json?.schema === undefined ? undefined : asSchema(json.schema));
}

/**
 * The fields of the body schema that `value` does not carry (an optional property left out, an array sent empty):
 * no mutation of `spec` breaks what the document states on them, so a sweep over `mutationsOf` has not verified it.
 */
function unreachedIn(value: unknown, rawSchema: Schema | undefined, path: Array<string | number>, out: string[], depth = 0): void {
  if (depth > 8) return;
  const schema = merged(rawSchema);
  const where = `/${path.join('/')}`;
  if (Array.isArray(value)) {
    if (schema.items === undefined) return;
    if (value.length === 0) out.push(`${where}/0`);
    else unreachedIn(value[0], schema.items, [...path, 0], out, depth + 1);
  } else if (record(value)) {
    // Settings are the provider's (section 2.9), swept by settings_refused: their fields are not this walk's.
    if (path[path.length - 1] === 'settings') return;
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      if (name in record(value)!) unreachedIn(record(value)![name], sub, [...path, name], out, depth + 1);
      else out.push(`${where === '/' ? '' : where}/${name}`);
    }
  }
}

/** Where the body of `spec` leaves out a field its schema names: the constraints there are not broken by `mutationsOf`. */
export function unreachedFields(spec: RequestSpec): string[] {
  const bodySchema = requestBodySchema(getValidator().byId(spec.operationId));
  if (!bodySchema || spec.body === undefined || spec.body instanceof FormData) return [];
  const out: string[] = [];
  unreachedIn(spec.body, bodySchema, [], out);
  return out;
}

/** Every mutation of `spec` that the document itself says is invalid (each is re-checked with the one validator). */
export function mutationsOf(spec: RequestSpec): Mutation[] {
  const validator = getValidator();
  const op = validator.byId(spec.operationId);
  const candidates: Mutation[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'query') continue;
    const s: Schema = p.schema;
    const types = typeOf(s);
    const setQ = (value: string | undefined): Mutation['apply'] => (r) => ({ ...r, query: { ...(r.query ?? {}), [p.name]: value } });
    if (p.required) candidates.push({ label: `query ${p.name}: required, left out`, apply: setQ(undefined) });
    if (types.includes('integer') || types.includes('number')) {
      candidates.push({ label: `query ${p.name}=abc: not a number`, apply: setQ('abc') });
      if (types.includes('integer')) candidates.push({ label: `query ${p.name}=1.5: not an integer`, apply: setQ('1.5') });
      if (typeof s.minimum === 'number') candidates.push({ label: `query ${p.name}=${s.minimum - 1}: below minimum ${s.minimum}`, apply: setQ(String(s.minimum - 1)) });
      if (typeof s.maximum === 'number') candidates.push({ label: `query ${p.name}=${s.maximum + 1}: above maximum ${s.maximum}`, apply: setQ(String(s.maximum + 1)) });
    }
    if (Array.isArray(s.enum)) candidates.push({ label: `query ${p.name}=maybe: outside ${JSON.stringify(s.enum)}`, apply: setQ('maybe') });
    if (typeof s.pattern === 'string') candidates.push({ label: `query ${p.name}=NOT_A_TYPE: does not match ${s.pattern}`, apply: setQ('NOT_A_TYPE') });
    if (s.format === 'date-time') candidates.push({ label: `query ${p.name}=yesterday: not a date-time`, apply: setQ('yesterday') });
  }
  const bodySchema = requestBodySchema(op);
  if (bodySchema && spec.body !== undefined && !(spec.body instanceof FormData)) {
    const found: Parameters<typeof bodyMutations>[3] = [];
    bodyMutations(spec.body, bodySchema, [], found);
    for (const m of found) candidates.push({ label: m.label, apply: (r) => ({ ...r, body: setAt(r.body, m.path, m.fn) }) });
    const rootWrong = wrongTypeValue(typeOf(merged(bodySchema)));
    if (rootWrong !== undefined) candidates.push({ label: `body: ${JSON.stringify(rootWrong)} where the body is ${typeOf(merged(bodySchema)).join('|')}`, apply: (r) => ({ ...r, body: rootWrong }) });
  }
  if (bodySchema && op.requestBodyRequired && !(spec.body instanceof FormData)) {
    candidates.push({ label: 'body: required, none sent', apply: (r) => ({ ...r, body: undefined }) });
  }
  // Only what the document itself refuses.
  return candidates.filter((m) => {
    const r = m.apply(spec);
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.query ?? {})) if (v !== undefined) query[k] = String(v);
    return !op.validateRequest({ path: r.path, query, body: r.body, contentType: 'application/json' }).ok;
  });
}

export { loadSpec };
