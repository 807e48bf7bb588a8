// Reading JSON whose shape is not trusted yet (answers a check judges itself), and the JSON Schema keywords the suites
// walk in the contract's documents. Nothing here is typed `any`: a value is narrowed before it is read.

/** A JSON object, or nothing: for reading answers whose shape is not trusted yet. */
export function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The objects of a JSON array (nothing when it is not one). */
export function records(value: unknown): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  if (Array.isArray(value)) for (const v of value) if (record(v)) out.push(record(v)!);
  return out;
}

/**
 * A JSON Schema (2020-12, as OpenAPI 3.1 writes it) with the keywords the suites read typed; any other keyword is
 * `unknown` until narrowed. The documents are checked against the meta-schema by `npm run check`, so a keyword the
 * suites read has the type written here.
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  if?: JsonSchema;
  [keyword: string]: unknown;
}

/** A document node read as a schema: an object is taken as one (the meta-schema checked it), anything else as `{}`. */
export function asSchema(value: unknown): JsonSchema {
  return record(value) ?? {};
}

/** The node at a JSON pointer (`#/components/schemas/Media`, `~1` and `~0` unescaped) of a document, if there is one. */
export function atPointer(doc: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((node, p) => {
      const key = p.replace(/~1/g, '/').replace(/~0/g, '~');
      return Array.isArray(node) ? node[Number(key)] : record(node)?.[key];
    }, doc);
}
