// docs/faults.md's fault table, generated from the catalogue itself (mocks/http/faults/) so the two cannot drift:
// `npm run faults:table` rewrites it between its markers; scripts/generated-sections.test.ts fails, naming `npm run regen`, when it is out of date.
import { join } from 'node:path';
import { FAULTS } from '../mocks/http/faults/index.ts';
import { cell, writeSection, type GeneratedSection } from './lib/generated-section.ts';

export const FAULT_TABLE: GeneratedSection = {
  file: join(import.meta.dirname, '..', 'docs', 'faults.md'),
  name: 'fault-table',
  command: 'npm run faults:table',
  generate: () =>
    [
      '| fault | area | deviation | caught by |',
      '|---|---|---|---|',
      ...FAULTS.map((f) => `| \`${f.name}\` | ${f.area} | ${cell(f.description)} | ${f.caughtBy.map((c) => `\`${c}\``).join(', ')} |`),
    ].join('\n'),
};

if (import.meta.main) {
  writeSection(FAULT_TABLE);
  console.log(`docs/faults.md: fault table of ${FAULTS.length} faults written`);
}
