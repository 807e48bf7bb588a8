// Loads the contract documents from spec/ once, as plain objects, and serves the bundled public document.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** An OpenAPI document as parsed JSON; the validator walks it structurally. */
export type OpenApiDocument = Record<string, any>;

const cache = new Map<string, OpenApiDocument>();

function loadYaml(name: string): OpenApiDocument {
  let doc = cache.get(name);
  if (!doc) {
    const text = readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
    doc = parse(text) as OpenApiDocument;
    // Frozen so that no caller can change the contract under everyone else's feet.
    deepFreeze(doc);
    cache.set(name, doc);
  }
  return doc;
}

function deepFreeze(value: unknown): void {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
}

/** The public API document (spec/openapi.yaml). It has no external $refs, so parsed is bundled. */
export function loadSpec(): OpenApiDocument {
  return loadYaml('openapi.yaml');
}

/** The mock's control API document (spec/control.yaml), never mixed into the public one. */
export function loadControlSpec(): OpenApiDocument {
  return loadYaml('control.yaml');
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
