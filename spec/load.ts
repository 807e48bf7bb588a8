// Loads the contract documents once, as plain objects: from the committed JSON bundle when it matches its YAML source.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** An OpenAPI document as parsed JSON; the validator walks it structurally. */
export type OpenApiDocument = Record<string, any>;

/** Where the bundle records the hash of the YAML it was made from. */
export const SOURCE_HASH_KEY = 'x-source-sha256';

const cache = new Map<string, OpenApiDocument>();
const require = createRequire(import.meta.url);

export function sourceHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Parse a YAML source (the `yaml` package is loaded only here: parsing 100 kB of YAML costs most of a second). */
export function parseYamlSource(text: string): OpenApiDocument {
  const { parse } = require('yaml') as typeof import('yaml');
  return parse(text) as OpenApiDocument;
}

function load(name: 'openapi' | 'control'): OpenApiDocument {
  let doc = cache.get(name);
  if (doc) return doc;
  const text = readFileSync(new URL(`./${name}.yaml`, import.meta.url), 'utf8');
  const bundleUrl = new URL(`./generated/${name}.json`, import.meta.url);
  if (existsSync(bundleUrl)) {
    const bundle = JSON.parse(readFileSync(bundleUrl, 'utf8')) as OpenApiDocument;
    // A bundle made from another version of the YAML is stale: never serve it.
    if (bundle[SOURCE_HASH_KEY] === sourceHash(text)) {
      delete bundle[SOURCE_HASH_KEY];
      doc = bundle;
    }
  }
  doc ??= parseYamlSource(text);
  // Frozen so that no caller can change the contract under everyone else's feet.
  deepFreeze(doc);
  cache.set(name, doc);
  return doc;
}

function deepFreeze(value: unknown): void {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
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
