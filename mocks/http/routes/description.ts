// GET /openapi.json: the bundled public document, its server pointing at this mock (reference section 4.9).
import { bundledSpec } from '../../../spec/documents.ts';
import type { PublicHandlers } from '../typed.ts';

/** What the document says the answer is (reference 4.9 and 9): OpenAPI 3.1, version 1.0.0, with its paths. */
type Description = { openapi: string; info: { title: string; version: '1.0.0' }; paths: Record<string, unknown> };

export const handlers = {
  // The bundle is read from the YAML as a plain record; the response checks hold the answer to the schema above.
  getOpenApiDocument: (ctx) => ({ body: bundledSpec(ctx.apiBase) as Description }),
} satisfies Partial<PublicHandlers>;
