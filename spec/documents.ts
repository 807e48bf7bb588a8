// The contract documents as plain objects, for every runtime: the committed JSON bundles by default, imported as
// modules so that a browser bundle carries them (no file system). The Node side (spec/load.ts) replaces the source
// when a bundle no longer matches its YAML.
import openapiBundle from './generated/openapi.json' with { type: 'json' };
import controlBundle from './generated/control.json' with { type: 'json' };
import { SOURCE_HASH_KEY } from './bundle-key.ts';

/** An OpenAPI document as parsed JSON; the validator walks it structurally. */
export type OpenApiDocument = Record<string, any>;

export type DocumentName = 'openapi' | 'control';

export { SOURCE_HASH_KEY };

const bundles: Record<DocumentName, OpenApiDocument> = { openapi: openapiBundle, control: controlBundle };

/** A bundle as served: without the bookkeeping key, so that every runtime sees the same document. */
export function fromBundle(name: DocumentName): OpenApiDocument {
  const { [SOURCE_HASH_KEY]: _hash, ...doc } = bundles[name];
  return doc;
}

/** The YAML hash a bundle was made from. */
export function bundleHash(name: DocumentName): unknown {
  return bundles[name][SOURCE_HASH_KEY];
}

let source: (name: DocumentName) => OpenApiDocument = fromBundle;
const cache = new Map<DocumentName, OpenApiDocument>();

/** Read the documents from elsewhere (the Node side: the YAML, when the bundle is stale). Call before any document is read. */
export function useDocumentSource(read: (name: DocumentName) => OpenApiDocument): void {
  source = read;
  cache.clear();
}

function load(name: DocumentName): OpenApiDocument {
  let doc = cache.get(name);
  if (doc) return doc;
  doc = source(name);
  // Frozen so that no caller can change the contract under everyone else's feet.
  deepFreeze(doc);
  cache.set(name, doc);
  return doc;
}

/** A value frozen all the way down (what is frozen already is taken as frozen below too). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The public API document (spec/openapi.yaml). */
export function loadSpec(): OpenApiDocument {
  return load('openapi');
}

/** The mock's control API document (spec/control.yaml), never mixed into the public one. */
export function loadControlSpec(): OpenApiDocument {
  return load('control');
}

/** The public document as served by `GET /openapi.json`, its server pointing at `apiBase`. */
export function bundledSpec(apiBase?: string): OpenApiDocument {
  const doc = loadSpec();
  if (!apiBase) return doc;
  return { ...doc, servers: [{ url: apiBase, description: 'This server' }] };
}

/** The public API's base path, read from the document's server template. */
export function apiBasePath(doc: OpenApiDocument = loadSpec()): string {
  const url: string = doc.servers?.[0]?.url ?? '/api/public/v1';
  return url.replace(/^\{origin\}/, '').replace(/^https?:\/\/[^/]+/, '') || '/';
}

/**
 * A fact the document states about a parameter (its default, its bounds), read where it is written so that the mock and
 * the suites never write it again. Throws when the operation or the parameter is not in the document: a renamed one
 * must fail at start, not fall back to a value of its own.
 */
export function parameterSchema(operationId: string, name: string, doc: OpenApiDocument = loadSpec()): Record<string, any> {
  for (const item of Object.values<Record<string, any>>(doc.paths ?? {})) {
    for (const op of Object.values<any>(item)) {
      if (op?.operationId !== operationId) continue;
      const local = (p: any) => (typeof p?.$ref === 'string' ? doc.components?.parameters?.[p.$ref.split('/').at(-1)] : p);
      const param = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(local).find((p: any) => p?.name === name);
      if (!param?.schema) throw new Error(`${operationId} has no parameter ${name} with a schema in the document`);
      return param.schema;
    }
  }
  throw new Error(`no operation ${operationId} in the document`);
}

/** The values a schema's property may take (`enum`), as the document lists them. */
export function propertyEnum(schemaName: string, property: string, doc: OpenApiDocument = loadSpec()): readonly string[] {
  const values = doc.components?.schemas?.[schemaName]?.properties?.[property]?.enum;
  if (!Array.isArray(values)) throw new Error(`the document's ${schemaName}.${property} lists no enum`);
  return values;
}
