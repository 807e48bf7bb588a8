// docs/configuration.md's table of every option (flag, environment variable, config file key, default), generated from
// the command line's own definition (cli/program.ts) so the two cannot drift: `npm run config:table` rewrites it
// between its markers; scripts/generated-sections.test.ts fails, naming `npm run regen`, when it is out of date.
import { join } from 'node:path';
import { optionsTable } from '../cli/config.ts';
import { createProgram, defaultActions } from '../cli/program.ts';
import { writeSection, type GeneratedSection } from './lib/generated-section.ts';

export const OPTIONS_TABLE: GeneratedSection = {
  file: join(import.meta.dirname, '..', 'docs', 'configuration.md'),
  name: 'options-table',
  command: 'npm run config:table',
  generate: () => optionsTable(createProgram(defaultActions, () => {})),
};

if (import.meta.main) {
  writeSection(OPTIONS_TABLE);
  console.log('docs/configuration.md: options table written');
}
