// The contract documents on Node: the committed bundles when they match their YAML source, else the YAML itself, so
// that an edited document is never served through a stale bundle. Everything else lives in spec/documents.ts.
import { readFileSync } from 'node:fs';
import { bundleHash, fromBundle, useDocumentSource, type DocumentName, type OpenApiDocument } from './documents.ts';
import { parseYamlSource, sourceHash } from './source.ts';

export * from './documents.ts';
export { parseYamlSource, sourceHash };

function readCurrent(name: DocumentName): OpenApiDocument {
  const text = readFileSync(new URL(`./${name}.yaml`, import.meta.url), 'utf8');
  return bundleHash(name) === sourceHash(text) ? fromBundle(name) : parseYamlSource(text);
}

useDocumentSource(readCurrent);
