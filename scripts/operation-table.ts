// docs/frontend.md's table of the public API's operation ids, generated from the document (through its bundle): the
// names overrides, latency and journal filters take, where a guessed one (`estimateWallet`) used to be caught only by
// the typed override. `npm run operations:table` rewrites it between its markers; scripts/generated-sections.test.ts
// fails, naming `npm run regen`, when it is out of date.
import { join } from 'node:path';
import publicDocument from '../spec/generated/openapi.json' with { type: 'json' };
import { cell, writeSection, type GeneratedSection } from './lib/generated-section.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every public operation, in the document's order: its id, method and path, tag, summary, and documented statuses. */
export function publicOperations(): Array<{ id: string; method: string; path: string; tag: string; summary: string; statuses: string[] }> {
  const paths = publicDocument.paths as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method];
      if (!op?.operationId) return [];
      return [{ id: op.operationId, method: method.toUpperCase(), path, tag: op.tags?.[0] ?? '', summary: op.summary ?? '', statuses: Object.keys(op.responses ?? {}) }];
    }),
  );
}

export const OPERATION_TABLE: GeneratedSection = {
  file: join(import.meta.dirname, '..', 'docs', 'frontend.md'),
  name: 'operation-table',
  command: 'npm run operations:table',
  generate: () =>
    [
      '| operationId | request | area | what it does | statuses it documents |',
      '|---|---|---|---|---|',
      ...publicOperations().map((o) => `| \`${o.id}\` | \`${o.method} ${o.path}\` | ${cell(o.tag)} | ${cell(o.summary)} | ${o.statuses.join(', ')} |`),
    ].join('\n'),
};

if (import.meta.main) {
  writeSection(OPERATION_TABLE);
  console.log(`docs/frontend.md: operation table of ${publicOperations().length} operations written`);
}
