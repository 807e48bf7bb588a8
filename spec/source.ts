// Reading the YAML sources on Node: their hash (which a bundle records) and their parse. Kept apart from the bundles
// so that the script that writes a bundle never needs one to exist.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { OpenApiDocument } from './documents.ts';

export { SOURCE_HASH_KEY } from './bundle-key.ts';

const require = createRequire(import.meta.url);

export function sourceHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Parse a YAML source (the `yaml` package is loaded only here: parsing 100 kB of YAML costs most of a second). */
export function parseYamlSource(text: string): OpenApiDocument {
  const { parse } = require('yaml') as typeof import('yaml');
  return parse(text) as OpenApiDocument;
}
