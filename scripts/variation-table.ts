// docs/variations.md's table, generated from the catalogue itself (mocks/http/variations.ts) so the two cannot drift:
// `npm run variations:table` rewrites it between its markers; scripts/generated-sections.test.ts fails, naming `npm run regen`, when it is out of date.
import { join } from 'node:path';
import { VARIATIONS } from '../mocks/http/variations.ts';
import { cell, writeSection, type GeneratedSection } from './lib/generated-section.ts';

export const VARIATION_TABLE: GeneratedSection = {
  file: join(import.meta.dirname, '..', 'docs', 'variations.md'),
  name: 'variation-table',
  command: 'npm run variations:table',
  generate: () =>
    ['| variation | area | the choice | what the reference says |', '|---|---|---|---|', ...VARIATIONS.map((v) => `| \`${v.name}\` | ${v.area} | ${cell(v.description)} | ${cell(v.allows)} |`)].join('\n'),
};

if (import.meta.main) {
  writeSection(VARIATION_TABLE);
  console.log(`docs/variations.md: table of ${VARIATIONS.length} variations written`);
}
