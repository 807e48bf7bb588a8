// GET /openapi.json: the bundled public document, its server pointing at this mock (reference section 4.9).
import { bundledSpec } from '../../../spec/documents.ts';
import type { PublicHandlers } from '../typed.ts';


export const handlers = {
  getOpenApiDocument: (ctx) => ({ body: bundledSpec(ctx.apiBase) }),
} satisfies Partial<PublicHandlers>;
