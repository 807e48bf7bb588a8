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
