// GET /openapi.json: the bundled public document, its server pointing at this mock (reference section 4.9).
import { bundledSpec } from '../../../spec/documents.ts';
import type { HandlerMap } from '../pipeline.ts';

export const handlers: HandlerMap = {
  getOpenApiDocument: (ctx) => ({ body: bundledSpec(ctx.apiBase) }),
};
